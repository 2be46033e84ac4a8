import Foundation
import PaymentFormConcurrency
import PaymentFormEngine
import PaymentFormJSON
import PayformCommands

/// `payform fetch ...`: one Client API call through a session, the decoded model printed as
/// JSON. For backend tests that want what an app would get (against `payform sandbox` or a real
/// Client API).
enum FetchCommands {
    static let specs: [CommandSpec] = [
        spec("products", "Print the products offered in a context (a Client API product list, without fields).", ContextFetch.self) { session, own, _ in
            try await session.paymentProducts(for: try context(own)).json
        },
        spec("product", "Print one product with its fields, for a context.", ProductFetch.self) { session, own, _ in
            try await session.paymentProduct(withId: try own.required(.productId), context: try context(own)).json
        },
        spec("groups", "Print the product groups offered in a context (without fields).", ContextFetch.self) { session, own, _ in
            try await session.paymentProductGroups(for: try context(own)).json
        },
        spec("group", "Print one product group with its fields, for a context.", GroupFetch.self) { session, own, _ in
            try await session.paymentProductGroup(withId: try own.required(.groupId), context: try context(own)).json
        },
        spec("iin", "Look up a card number's first digits: status, product, co-brands (at most 8 digits are sent).", IINFetch.self) { session, own, input in
            let number = try cardNumber(own, input)
            let answer = try await session.iinDetails(forPartialCardNumber: number, context: try optionalContext(own))
            return iinJSON(answer)
        },
        spec("public-key", "Print the platform's public key response {keyId, publicKey} (input for payform prepare).", NoOptions.self) { session, _, _ in
            try await session.publicKey().json
        },
        spec("directory", "Print a product's directory (iDEAL banks).", DirectoryFetch.self) { session, own, _ in
            try await session.directory(
                forProductId: try own.required(.productId), countryCode: try own.required(.country),
                currencyCode: try own.required(.currency)).json
        },
        spec("convert", "Convert an amount (minor units) between currencies at the platform's rate.", ConvertFetch.self) { session, own, _ in
            guard let amount = try own.integer(.amount) else { throw CLIError.usage("missing required option --amount (see --help)") }
            let converted = try await session.convertAmount(amount, from: try own.required(.source), to: try own.required(.target))
            return ["convertedAmount": .number(String(converted))]
        },
        spec("networks", "Print the networks a wallet product (302, 320) accepts in a context.", ProductFetch.self) { session, own, _ in
            try await session.paymentProductNetworks(forProductId: try own.required(.productId), context: try context(own)).json
        },
        spec("customer-details", "Look up a customer from lookup values (fiscal number, ...).", CustomerDetailsFetch.self) { session, own, input in
            let values = try input.values(own).map { (key: $0.fieldId, value: $0.value) }
            guard !values.isEmpty else { throw CLIError.usage("give --values FILE or --value KEY=VALUE") }
            return try await session.customerDetails(
                forProductId: try own.required(.productId), countryCode: try own.required(.country), values: values).json
        },
        spec("third-party-status", "Print where a third-party payment (Bancontact, WeChat Pay) stands.", ThirdPartyFetch.self) { session, own, _ in
            try await session.thirdPartyStatus(forPaymentId: try own.required(.paymentId)).json
        },
        spec("surcharge", "Print the surcharge of paying an amount with a card (Online Payments surchargeCalculation).",
             CardAmountFetch.self) { session, own, input in
            let source = try cardSource(own, input, call: ClientSession.surchargeCall)
            return try await session.surchargeCalculation(for: source, amount: try amount(own)).json
        },
        spec("dcc", "Print the currency conversion (DCC) offer for paying an amount with a card (Online Payments v2 dccrate).",
             CardAmountFetch.self) { session, own, input in
            let source = try cardSource(own, input, call: ClientSession.currencyConversionCall)
            return try await session.currencyConversion(for: source, amount: try amount(own)).json
        },
    ]

    /// The group's line in `payform fetch --help`.
    static let summary = "One Client API call through a session; the answer decoded and printed as JSON."

    private typealias Fetch<Own: CommandOptions> = @Sendable (ClientSession, ParsedArguments<Own>, CommandContext) async throws -> JSONValue

    private static func spec<Own: CommandOptions>(_ what: String, _ summary: String, _ options: Own.Type, _ fetch: @escaping Fetch<Own>) -> CommandSpec {
        CommandSpec(
            name: "fetch \(what)",
            summary: summary,
            details: """
            Prints the answer decoded into the engine's model, as Client API JSON. Tolerated problems in
            the answer go to stderr as warnings. Errors exit 2 with a code: network_error, timeout
            (the whole answer must arrive within --timeout), http_error (the message has the status,
            errorId and the API's errors; a 3xx redirect is not followed and is this error),
            malformed_answer (also an answer past 32 MiB, counted after decompression: reading stops
            there), invalid_configuration.
            """,
            options: FetchOption<Own>.self,
            runAsync: { arguments, context throws(CLIError) in
                let warnings = WarningList()
                let session = try makeSession(arguments.connection(), context, warnings: warnings)
                do {
                    let json = try await fetch(session, arguments.own(), context)
                    return CommandResult(stdout: json.prettyText + "\n", stderr: warnings.text)
                } catch let error as CLIError {
                    throw error
                } catch let error as ClientAPIError {
                    throw CLIError(code: error.code, message: error.description)
                } catch {
                    throw CLIError(code: "internal", message: "\(error)")
                }
            })
    }

    /// Warnings collected from the session's diagnostics handler.
    private final class WarningList: Sendable {
        private let lines = LockedValue<[String]>([])

        func add(_ line: String) {
            lines.withLock { $0.append(line) }
        }

        var text: String {
            Diagnostics.warnings(lines.withLock { $0 })
        }
    }

    private static func makeSession(
        _ arguments: ParsedArguments<FetchConnection>, _ context: CommandContext, warnings: WarningList
    ) throws(CLIError) -> ClientSession {
        var apiURL = arguments.value(.clientApiUrl)
        var customerId = arguments.value(.customerId)
        var sessionId = arguments.value(.clientSessionId)
        var assetURL = arguments.value(.assetUrl)
        if let path = arguments.value(.session) {
            let data = try context.read(path, for: "--session")
            // The sandbox's first line, or any JSON object with the same keys.
            let firstLine = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).first ?? data[...]
            let json: JSONValue
            do {
                json = try JSONParser().parse(firstLine)
            } catch {
                throw CLIError(code: "malformed_json", message: "--session \(path): \(error)")
            }
            func member(_ key: String) -> String? {
                if case .string(let text)? = json[key] { return text }
                return nil
            }
            apiURL = apiURL ?? member("clientApiUrl")
            customerId = customerId ?? member("customerId")
            sessionId = sessionId ?? member("clientSessionId")
            assetURL = assetURL ?? member("assetUrl")
        }
        guard let apiURL, let customerId, let sessionId else {
            throw .usage("give --session FILE, or --client-api-url, --customer-id and --client-session-id")
        }
        var timeout = 30.0
        if let text = arguments.value(.timeout) {
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else { throw .usage("--timeout must be a number of seconds from 0 to 3600") }
            timeout = seconds
        }
        let configuration = ClientSessionConfiguration(
            clientSessionId: sessionId, customerId: customerId, clientApiUrl: apiURL,
            assetUrl: assetURL ?? Self.defaultAssetURL(apiURL), appIdentifier: arguments.value(.appIdentifier) ?? "UNKNOWN",
            timeout: timeout, offlineBrandDetector: BrandDetector.shipped,
            diagnosticsHandler: { call, diagnostics in
                for diagnostic in diagnostics { warnings.add("\(call): \(diagnostic)") }
            })
        do {
            return try ClientSession(configuration)
        } catch {
            throw CLIError(code: error.code, message: "--client-api-url / --session: \(error.description)")
        }
    }

    /// The scheme and host of the Client API URL: a stand-in when no asset URL is given (the
    /// fetch commands never download assets).
    private static func defaultAssetURL(_ apiURL: String) -> String {
        guard let components = URLComponents(string: apiURL), let scheme = components.scheme, let host = components.host else { return apiURL }
        return "\(scheme)://\(host)\(components.port.map { ":\($0)" } ?? "")"
    }

    static func context<Option: PaymentContextOptions>(_ arguments: ParsedArguments<Option>) throws(CLIError) -> PaymentContext {
        guard let context = try optionalContext(arguments) else { throw .usage("give the payment context: --country CC --currency CCY [--amount N]") }
        return context
    }

    static func optionalContext<Option: PaymentContextOptions>(_ arguments: ParsedArguments<Option>) throws(CLIError) -> PaymentContext? {
        let country = arguments.value(.country), currency = arguments.value(.currency)
        guard country != nil || currency != nil || arguments.has(.amount) || arguments.has(.recurring) else { return nil }
        guard let country, let currency else { throw .usage("give both --country and --currency") }
        let amount = try arguments.integer(.amount) ?? 0
        guard amount >= 0 else { throw .usage("--amount must not be negative") }
        return PaymentContext(
            amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: country,
            isRecurring: arguments.has(.recurring), locale: arguments.value(.locale))
    }

    /// The `--number` value: the argument, or stdin for `-` (whitespace around it dropped).
    private static func cardNumber<Option: CardNumberOption>(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> String {
        let value = try arguments.required(.number)
        let text = value == "-" ? String(decoding: try context.read("-", for: "--number"), as: UTF8.self) : value
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, CardNumberDigits.digits(of: trimmed) != nil else {
            // The value is not echoed: it may be a card number with a typo.
            throw CLIError(code: "bad_number", message: "--number: expected digits (spaces and - allowed)")
        }
        return trimmed
    }

    /// The card source of `--number` (with `--product-id`) or `--token`.
    private static func cardSource(_ arguments: ParsedArguments<CardAmountFetch>, _ context: CommandContext, call: String) throws(CLIError) -> CardSource {
        do {
            switch (arguments.has(.number), arguments.value(.token)) {
            case (true, nil):
                var productId: Int?
                if let text = arguments.value(.productId) {
                    guard let id = Int(text), id > 0 else { throw CLIError.usage("--product-id must be a positive integer") }
                    productId = id
                }
                return try CardSource.card(try cardNumber(arguments, context), paymentProductId: productId, call: call)
            case (false, let token?):
                if arguments.has(.productId) { throw CLIError.usage("--product-id goes with --number, not --token") }
                return try CardSource.storedCard(token: token, call: call)
            default:
                throw CLIError.usage("give the card: --number DIGITS (or -) or --token TOKEN")
            }
        } catch let error as CLIError {
            throw error
        } catch let error as ClientAPIError {
            // The card's own problems (too few digits, an empty token): nothing was sent.
            throw arguments.has(.number) ? CLIError(code: "bad_number", message: "--number: \(error.reason)")
                : CLIError.usage("--token: \(error.reason)")
        } catch {
            throw CLIError(code: "internal", message: "\(error)")
        }
    }

    /// `--amount N --currency CCY`.
    private static func amount(_ arguments: ParsedArguments<CardAmountFetch>) throws(CLIError) -> AmountOfMoney {
        guard let amount = try arguments.integer(.amount) else { throw .usage("missing required option --amount (see --help)") }
        guard amount >= 0 else { throw .usage("--amount must not be negative") }
        return AmountOfMoney(amount: amount, currencyCode: try arguments.required(.currency))
    }

    /// `{"status": ..., "source": ..., "paymentProductId", "countryCode", "isAllowedInContext", "coBrands"}`.
    private static func iinJSON(_ answer: IINLookupResult) -> JSONValue {
        var object = JSONObject([(key: "status", value: .string(answer.status.rawValue))])
        if let details = answer.details, case .object(let members) = details.json {
            for member in members where member.key != "status" { object.append(member.key, member.value) }
        }
        return .object(object)
    }
}
