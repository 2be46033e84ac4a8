import Foundation
import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormSandboxServerAPI
import PayformCommands
/// `payform sandbox`: a local Client API on loopback for tests.
enum SandboxCommand {
    enum Option: CommandOptions {
        case port, host, products, privateKey, customerId, clientSessionId, allowOrigin, allowedHost, merchantId, apiKeyId
        case secretApiKey, secretApiKeyFile, webhookURL, webDist, settle

        var spec: OptionSpec {
            switch self {
            case .port: OptionSpec("--port", "N", help: "The port (default 0: any free port; the first line says which).")
            case .host: OptionSpec("--host", "ADDRESS", help: "The address to listen on (default 127.0.0.1).")
            case .products: OptionSpec("--products", "DIR", help: "A folder of product definitions (default: the shipped samples).")
            case .privateKey:
                OptionSpec("--private-key", "PEM_FILE", help: "The key pair to serve and decrypt with (default: the demo key, sample:demo, not for production).")
            case .customerId: OptionSpec("--customer-id", "ID", help: "The customer id the paths must carry (default sandbox-customer).")
            case .clientSessionId: OptionSpec("--client-session-id", "ID", help: "The session id Authorization must carry (default: random).")
            case .allowOrigin:
                OptionSpec("--allow-origin", "ORIGIN", repeatable: true,
                           help: "Let only web pages of this origin (http://127.0.0.1:8000) call it from a browser (repeatable; default: any; null is refused).")
            case .allowedHost:
                OptionSpec("--allowed-host", "NAME", repeatable: true,
                           help: "Also answer requests whose Host is NAME (any port) or NAME:PORT (repeatable; default: localhost, 127.0.0.1, [::1], --host).")
            case .merchantId: OptionSpec("--merchant-id", "ID", help: "The Server API merchant id (default sandbox-merchant).")
            case .apiKeyId: OptionSpec("--api-key-id", "ID", help: "The Server API key id (default sandbox-api-key-NOT-FOR-PRODUCTION).")
            case .secretApiKey:
                SecretInput.inlineSpec("--secret-api-key", "SECRET", help: "The Server API secret (default: a public test value, NOT FOR PRODUCTION).")
            case .secretApiKeyFile: SecretInput.fileSpec("--secret-api-key")
            case .webhookURL:
                OptionSpec("--webhook-url", "URL", help: "Post the platform's webhook events (signed: X-GCS-Signature, X-GCS-KeyId) to this http(s) URL.")
            case .webDist:
                OptionSpec("--web-dist", "DIR", help: "The built web form the hosted checkout page loads (default: the one built into a packaged payform, else Web/dist here or above the binary).")
            case .settle:
                OptionSpec("--settle", "WHEN", help: "When requested captures and refunds settle: immediate (default), manual (on POST /sandbox/v1/clock/advance) or after:SECONDS of sandbox time.")
            }
        }

        /// `--secret-api-key` and its `-file` twin: the Server API secret is a secret (a test one by default).
        static let secret = SecretOption(Option.secretApiKey, file: .secretApiKeyFile)

        static let usage: [Usage<Option>] = [
            .optional(.port), .optional(.host), .optional(.products), .optional(.privateKey), .optional(.customerId),
            .optional(.clientSessionId), .optional(.allowOrigin), .optional(.allowedHost), .optional(.merchantId), .optional(.apiKeyId),
            .optionalOneOf([[.required(.secretApiKey)], [.required(.secretApiKeyFile)]]), .optional(.webhookURL), .optional(.webDist),
            .optional(.settle),
        ]
    }

    static let spec = CommandSpec(
        name: "sandbox",
        summary: "Serve a local Client API and Server API for tests (products, IIN, key, payments, ...) until SIGINT/SIGTERM.",
        details: """
        A test tool, not a production server. The first stdout line, printed as soon as it accepts
        connections, is what a session and a merchant server need:
        {"clientApiUrl": "http://127.0.0.1:PORT/client", "assetUrl": "http://127.0.0.1:PORT/assets",
         "customerId": "...", "clientSessionId": "...", "serverApi": {"apiEndpoint":
         "http://127.0.0.1:PORT", "merchantId": "...", "apiKeyId": "...", "secretApiKey": "..."}}
        clientApiUrl has no version: clients add it (the calls are under /client/v1/CUSTOMER/...,
        services/dccrate under /client/v2/CUSTOMER/...).
        It serves the Client API calls (products, product groups, products/{id}, networks,
        directory, customerDetails, products/{id}/sessions (Apple Pay, product 302),
        services/getIINdetails, services/convert/amount, services/privacypolicy,
        services/surchargeCalculation, services/dccrate, crypto/publickey,
        payments/{id}/thirdpartystatus), with product and group texts in the request's locale
        (else the session's, else Accept-Language), checks Authorization (401) and the customer
        id (404), and answers POST /sandbox/v1/payments {"paymentProductId",
        "encryptedCustomerInput"} with {"valid", "errors", "values"} after decrypting with its key
        and validating the values as sent (loopback clients only). Error bodies carry each code as
        "code" and "errorCode". Web pages on any origin may call the Client API and fetch assets
        (CORS: OPTIONS preflights are answered before authorization, answers carry
        Access-Control-Allow-Origin); --allow-origin restricts that to the origins given (null is
        refused). Requests whose Host is not localhost, 127.0.0.1, [::1], the address listened
        on or an --allowed-host NAME (any port: a dev-server proxy's Host: localhost:5173 passes)
        get 421 (DNS rebinding); a POST to the Client API or
        /sandbox/v1/payments needs Content-Type: application/json, and a body with a
        Content-Encoding is refused (415).
        The Server API, at the root of the same origin, as the official server SDKs call it
        (/v1 as Connect, /v2 as Online Payments, each with its own memory): every operation of
        the Connect and Online Payments SDKs (docs/backend-tests.md lists them); an unknown path
        is 404 SANDBOX_NO_SUCH_ROUTE before anything else. Signed with v1HMAC and a Date within
        15 minutes (RFC 1123), else 401; another merchant id 403; a body must be JSON (415) of at
        most 64 KiB (413; gzip bodies are inflated within it); a bodiless POST needs no type.
        POST /v1|v2/MERCHANT/sessions mints a client session the Client API accepts;
        POST /v1|v2/MERCHANT/payments takes encryptedCustomerInput once (or a token, or card
        data), validates its values as sent (400 per field; ISO 4217 currencies, amounts of at
        most 12 digits, merchantReference of at most 50 (/v1) or 40 (/v2) characters) and
        answers by test card (authorizationMode SALE and /v1 requiresApproval false request the
        capture at once); then capture (partial captures add up), cancel, refund (never past the
        captured amount), refunds, approve, complete, tokenize, subsequent. A capture answers
        CAPTURE_REQUESTED and settles to CAPTURED (then PAID on /v1), a refund REFUND_REQUESTED
        (/v1: PENDING_APPROVAL until approved) settles to REFUNDED: at once after the answer by
        default; --settle manual settles on POST /sandbox/v1/clock/advance {"seconds": N}
        (loopback only), --settle after:SECONDS once that much sandbox time has passed (the
        clock call moves it on); the first line's "clock": {"advanceUrl", "settle"} says where
        and how. Hosted checkouts (the page is served at
        /sandbox/v1/hostedcheckouts/ID on the web form of --web-dist; one payment per checkout,
        every other pay 409 naming it), tokens, mandates, payouts, products, product groups and
        services from the product data.
        X-GCS-Idempotence-Key (1 to 40 printable ASCII characters) replays an answer with the
        payment as it is now (409 while the first is in flight). A challenge card (or
        threeDSecure.challengeIndicator challenge-required) redirects to
        /sandbox/v1/authentication/ID, a page whose buttons complete or fail the authentication
        and return to the request's returnUrl (a hosted checkout without one: to its own page,
        which shows the outcome). --webhook-url URL posts the platform's events on every
        transition, signed with X-GCS-Signature and X-GCS-KeyId (key id
        sandbox-webhook-key-NOT-FOR-PRODUCTION, secret
        sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000; the first line adds "webhooks":
        {"url", "keyId", "secretKey"}), one at a time: 2 s to connect, 5 s per post, not
        retried; only the answer's status line is read (a 2xx delivers), a redirect is never
        followed; at most 1,000 events or 4 MiB wait, the oldest dropped past either. Every
        answer carries X-Content-Type-Options: nosniff and Referrer-Policy: no-referrer.
        The defaults of --merchant-id (sandbox-merchant),
        --api-key-id (sandbox-api-key-NOT-FOR-PRODUCTION) and --secret-api-key
        (sandbox-secret-NOT-FOR-PRODUCTION-0000000000000000) are public test values, NOT FOR
        PRODUCTION. Each platform keeps the last 10,000 payments, tokens, hosted checkouts,
        other objects, idempotence keys and used encryptedCustomerInput values, and at most
        16 MiB of payments, 16 MiB of idempotence answers and 8 MiB of each other kind; the
        oldest go first.
        \(SandboxTestCards.helpText)
        DIR holds products (*.json), groups/*.json, directories/<productId>.json and
        iin/<prefix>.json (regular files only); the default is the shipped Client API samples.
        The default key is the demo key, NOT FOR PRODUCTION. stderr's start-up line says where
        the hosted checkout page's web form comes from, or that the page is unavailable and why;
        then stderr gets one line per request:
        method, path, status, ms (digits that could be a card number shown as [digits]); when
        nobody reads stderr, the lines are dropped and it keeps serving.
        Limits: head 16 KiB (431), body 1 MiB (413), 10 s to read a request (408), 10 s to send an
        answer, 64 connections served (as many more wait up to 1 s for a slot, then 503; beyond
        those, 503 at once), product files 32 MiB. Exits 0 on SIGINT or SIGTERM, at any moment
        after the first line.
        """,
        options: Option.self,
        runAsync: run
    )

    static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) async throws(CLIError) -> CommandResult {
        let port = try arguments.integer(.port) ?? 0
        guard (0...65_535).contains(port) else { throw .usage("--port must be from 0 to 65535") }
        var pem: String?
        if let path = arguments.value(.privateKey) {
            pem = try context.privateKeyPEM(at: path, for: "--private-key")
        }
        for (flag, value) in [("--customer-id", arguments.value(.customerId)), ("--client-session-id", arguments.value(.clientSessionId))] {
            if let value, value.isEmpty || !value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "/" }) {
                throw .usage("\(flag) must be printable ASCII without spaces or slashes")
            }
        }
        let secret = try Option.secret.value(in: arguments, context: context) ?? ServerAPICredentials.defaultSecretApiKey
        var origins: [String] = []
        for origin in arguments.values(.allowOrigin) {
            if let refusal = SandboxCORS.refusal(ofAllowedOrigin: origin) { throw .usage(refusal) }
            guard let normalized = SandboxCORS.normalizedOrigin(origin) else {
                throw .usage("--allow-origin \(origin): not an origin; give scheme://host[:port], such as http://127.0.0.1:8000")
            }
            origins.append(normalized)
        }
        // The log is for a person watching: when nobody reads stderr any more the lines are
        // dropped and the sandbox keeps serving.
        let writeError = context.writeStandardError
        let log: @Sendable (String) -> Void = { _ = writeError(Diagnostics.line($0, prefix: "payform sandbox: ")) }
        // The same code as an in-process ClientAPISandbox (PaymentFormEngineTesting).
        let server: SandboxServer
        do {
            server = try SandboxServer.checked(
                host: arguments.value(.host) ?? "127.0.0.1", port: port, productsFolder: arguments.value(.products).map { URL(fileURLWithPath: $0) },
                privateKeyPEM: pem, customerId: arguments.value(.customerId) ?? "sandbox-customer",
                clientSessionId: arguments.value(.clientSessionId), allowedOrigins: origins.isEmpty ? nil : origins,
                credentials: ServerAPICredentials(
                    merchantId: arguments.value(.merchantId) ?? ServerAPICredentials.defaultMerchantId,
                    apiKeyId: arguments.value(.apiKeyId) ?? ServerAPICredentials.defaultApiKeyId, secretApiKey: secret),
                allowedHosts: arguments.values(.allowedHost), webhookURL: arguments.value(.webhookURL),
                webDist: arguments.value(.webDist).map { URL(fileURLWithPath: $0) }, settle: arguments.value(.settle), log: log)
        } catch {
            throw CLIError(code: error.code, message: Self.flagged(error.message))
        }
        // Before anything says the sandbox is ready: a SIGTERM right after the first line must
        // stop it cleanly (exit 0), not kill it.
        context.watchForTermination()
        do {
            try server.start()
        } catch {
            throw CLIError(code: error.code, message: error.message)
        }
        guard context.writeStandardOutput(server.sessionLine + "\n") else {
            // Nobody can learn where the sandbox listens: stop, quietly.
            server.stop()
            return CommandResult(exitCode: 2)
        }
        let data = server.configuration.data
        let key = data.keyId.hasPrefix("demo-") ? " with the demo key (NOT FOR PRODUCTION)" : ""
        log("a test tool, not a production server; serving \(data.productIds.count) products\(key) on \(server.baseURL); \(server.hostedCheckoutPages); stop with Ctrl-C")
        await context.waitForTermination()
        server.stop()
        log("stopped after \(server.answeredRequestCount) requests")
        return CommandResult()
    }

    /// A usage message of `SandboxServer.checked(...)` with the flag it is about.
    private static func flagged(_ message: String) -> String {
        for (subject, flag) in [("the merchant id", "--merchant-id"), ("the API key id", "--api-key-id"), ("the secret API key", "--secret-api-key"),
                                ("an allowed host", "--allowed-host"), ("the webhook URL", "--webhook-url")] where message.hasPrefix(subject) {
            return "\(flag): \(message)"
        }
        return message
    }
}
