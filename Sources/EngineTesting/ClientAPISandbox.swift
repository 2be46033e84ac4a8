import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// The sandbox Client API, in-process: what `payform sandbox` serves, started from a Swift test
/// on a free loopback port. **A test tool, not a production server.**
///
/// It serves the Client API calls a `ClientSession` makes (products, groups, IIN details, the
/// public key, ...) from the shipped samples or a products folder, and a payments endpoint that
/// decrypts what an app prepared with its key, validates it against the product and says what
/// it found: a test checks end to end what the app would send. On the same port, at its root, it
/// serves the platform's Server API as a merchant's server calls it (sessions, payments and their
/// capture, cancel and refunds, hosted checkouts, tokens, webhooks to ``Options/webhookURL``, ...;
/// ``serverAPI`` holds the endpoint and credentials to sign with).
///
/// ```swift
/// import PaymentFormEngine
/// import PaymentFormEngineTesting
///
/// let sandbox = try ClientAPISandbox()                   // the samples and the demo key, a free port
/// let session = try ClientSession(sandbox.sessionConfiguration(appIdentifier: "my-shop/1.0"))
/// // ... fetch a product, fill a request, then:
/// let prepared = try await session.prepare(request)
/// let payment = try await sandbox.submitPayment(paymentProductId: 1, encryptedFields: prepared.encryptedFields)
/// payment.isValid                                         // true
/// sandbox.stop()                                          // also when the sandbox is released
/// ```
///
/// `payform sandbox` runs the same code. Its options are ``Options``; the first line the command
/// prints holds ``clientApiUrl``, ``assetUrl``, ``customerId``, ``clientSessionId`` and
/// ``serverAPI``.
public final class ClientAPISandbox: Sendable {
    /// How a sandbox starts: the options of `payform sandbox`.
    public struct Options: Sendable {
        /// The address to listen on (default `127.0.0.1`: loopback).
        public var host: String
        /// The port; 0 (the default) takes any free one.
        public var port: Int
        /// A folder of product definitions (`*.json`, with `groups/*.json` and
        /// `directories/<productId>.json`); `nil` serves the shipped samples.
        public var productsFolder: URL?
        /// A PKCS#8 or PKCS#1 PEM private key to serve (its public half) and decrypt with; `nil`
        /// uses the demo key, which is public: never for real card data.
        public var privateKeyPEM: String?
        /// The customer id the Client API paths must carry.
        public var customerId: String
        /// The client session id `Authorization` must carry; `nil` makes a random one.
        public var clientSessionId: String?
        /// The web origins (`http://127.0.0.1:8000`) whose pages may call the Client API and fetch
        /// assets from a browser (CORS); `nil` (the default) allows any origin. `null` is refused:
        /// every sandboxed frame and `file:` page has that origin.
        public var allowedOrigins: [String]?
        /// The Server API's merchant id (its paths' `/v1/<merchantId>/...`): letters, digits,
        /// `-`, `_`, `.`. Default ``SandboxServerAPI/defaultMerchantId``.
        public var merchantId: String
        /// The API key id Server API calls are signed with. Default
        /// ``SandboxServerAPI/defaultApiKeyId`` (NOT FOR PRODUCTION).
        public var apiKeyId: String
        /// The secret Server API calls are signed with. Default
        /// ``SandboxServerAPI/defaultSecretApiKey``: public, NOT FOR PRODUCTION.
        public var secretApiKey: String
        /// Host names requests may carry in `Host` besides `localhost`, `127.0.0.1`, `[::1]` and
        /// the address listened on (`NAME`, or `NAME:PORT` for a port mapped elsewhere); others
        /// get 421, a defence against DNS rebinding. Empty by default.
        public var allowedHosts: [String]
        /// Where the Server API posts the platform's webhook events (an absolute http(s) URL,
        /// usually the test's own listener on loopback), signed with ``webhookKeyId`` and
        /// ``webhookSecretKey`` as the platform signs them (`X-GCS-Signature`, `X-GCS-KeyId`);
        /// `nil` (the default) posts none.
        public var webhookURL: String?
        /// The webhook key id: ``ClientAPISandbox/defaultWebhookKeyId`` (NOT FOR PRODUCTION).
        public var webhookKeyId: String { ClientAPISandbox.defaultWebhookKeyId }
        /// The webhook secret: ``ClientAPISandbox/defaultWebhookSecretKey``: public, NOT FOR PRODUCTION.
        public var webhookSecretKey: String { ClientAPISandbox.defaultWebhookSecretKey }
        /// The built web form (`Web/dist`) the hosted checkout page loads; `nil` looks for
        /// `Web/dist` in the working directory, its parents and above the executable.
        public var webDist: URL?
        /// Gets one line per request (method, path without query, status, milliseconds; never
        /// card data); `nil` logs nothing.
        public var log: (@Sendable (String) -> Void)?

        /// Options; the defaults are `payform sandbox`'s.
        public init(
            host: String = "127.0.0.1", port: Int = 0, productsFolder: URL? = nil, privateKeyPEM: String? = nil,
            customerId: String = "sandbox-customer", clientSessionId: String? = nil, allowedOrigins: [String]? = nil,
            merchantId: String = SandboxServerAPI.defaultMerchantId, apiKeyId: String = SandboxServerAPI.defaultApiKeyId,
            secretApiKey: String = SandboxServerAPI.defaultSecretApiKey, allowedHosts: [String] = [], webhookURL: String? = nil,
            webDist: URL? = nil, log: (@Sendable (String) -> Void)? = nil
        ) {
            self.host = host
            self.port = port
            self.productsFolder = productsFolder
            self.privateKeyPEM = privateKeyPEM
            self.customerId = customerId
            self.clientSessionId = clientSessionId
            self.allowedOrigins = allowedOrigins
            self.merchantId = merchantId
            self.apiKeyId = apiKeyId
            self.secretApiKey = secretApiKey
            self.allowedHosts = allowedHosts
            self.webhookURL = webhookURL
            self.webDist = webDist
            self.log = log
        }
    }

    /// The key id of the webhooks the sandbox posts: `sandbox-webhook-key-NOT-FOR-PRODUCTION`.
    public static let defaultWebhookKeyId = WebhookSender.Configuration.defaultKeyId
    /// The secret of the webhooks the sandbox posts: `sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000`. Public.
    public static let defaultWebhookSecretKey = WebhookSender.Configuration.defaultSecretKey

    /// The server.
    package let server: SandboxServer
    /// What it serves.
    package var data: SandboxData { server.configuration.data }

    /// Loads what `options` name and starts serving; returns once connections are accepted.
    ///
    /// - Throws: ``ClientAPISandboxError`` when the products folder or the key cannot be read, or
    ///   the address cannot be listened on.
    public init(_ options: Options = Options()) throws(ClientAPISandboxError) {
        do {
            server = try Self.makeServer(options)
            try server.start()
        } catch {
            throw ClientAPISandboxError(code: error.code, description: error.message)
        }
    }

    /// A sandbox whose server is built and started by `payform sandbox` (which watches for
    /// termination signals between the two).
    package init(server: SandboxServer) {
        self.server = server
    }

    /// The server `options` describe, not started yet.
    package static func makeServer(_ options: Options) throws(SandboxError) -> SandboxServer {
        try SandboxServer.checked(
            host: options.host, port: options.port, productsFolder: options.productsFolder, privateKeyPEM: options.privateKeyPEM,
            customerId: options.customerId, clientSessionId: options.clientSessionId, allowedOrigins: options.allowedOrigins,
            credentials: ServerAPICredentials(merchantId: options.merchantId, apiKeyId: options.apiKeyId, secretApiKey: options.secretApiKey),
            allowedHosts: options.allowedHosts, webhookURL: options.webhookURL, webDist: options.webDist, log: options.log)
    }

    deinit {
        server.stop()
    }

    /// Stops serving: ends every connection (a request being answered is finished first). Safe to
    /// call more than once; releasing the sandbox stops it too.
    public func stop() {
        server.stop()
    }

    /// The Client API URL a session takes (`http://127.0.0.1:PORT/client/v1`).
    public var clientApiUrl: String { server.clientApiUrl }
    /// The asset URL a session takes (`http://127.0.0.1:PORT/assets`).
    public var assetUrl: String { server.assetUrl }
    /// The customer id of the Client API paths.
    public var customerId: String { server.configuration.customerId }
    /// The client session id `Authorization` carries.
    public var clientSessionId: String { server.configuration.clientSessionId }
    /// The Server API: its endpoint (this sandbox's origin, `http://127.0.0.1:PORT`) and the
    /// merchant id and credentials a server SDK signs its calls with.
    public var serverAPI: SandboxServerAPI {
        let credentials = server.configuration.serverAPI
        return SandboxServerAPI(
            apiEndpoint: server.baseURL, merchantId: credentials.merchantId, apiKeyId: credentials.apiKeyId, secretApiKey: credentials.secretApiKey)
    }

    /// A session configuration for this sandbox, ready for `ClientSession`.
    public func sessionConfiguration(appIdentifier: String = "UNKNOWN") -> ClientSessionConfiguration {
        server.sessionConfiguration(appIdentifier: appIdentifier)
    }

    /// What the merchant's server would forward to the platform after the app prepared a payment:
    /// the sandbox decrypts `encryptedFields` with its key, checks the payload's client session
    /// and product, validates the values against product `paymentProductId` (this month for
    /// expiry dates) and answers (`POST /sandbox/v1/payments`, over loopback HTTP).
    ///
    /// - Throws: `ClientAPIError`: an `.http(status:)` one with the
    ///   sandbox's error items for a request it refuses (a token that does not decrypt, an
    ///   unknown product), a `.network` one when it cannot be reached.
    public func submitPayment(paymentProductId: Int, encryptedFields: String) async throws(ClientAPIError) -> SandboxPayment {
        let call = "POST sandbox/v1/payments"
        guard let url = URL(string: server.paymentsUrl) else {
            throw ClientAPIError(kind: .configuration, call: call, reason: "the sandbox's payments URL cannot be built")
        }
        let body = JSONWriter().string(from: .object(JSONObject([
            (key: "paymentProductId", value: .number(String(paymentProductId))),
            (key: "encryptedCustomerInput", value: .string(encryptedFields)),
        ])))
        let response: ClientAPIResponse
        do {
            response = try await URLSessionTransport().send(ClientAPIRequest(
                method: "POST", url: url, headers: [HTTPHeaderField("Content-Type", "application/json"), HTTPHeaderField("Accept", "application/json")],
                body: Array(body.utf8)))
        } catch {
            throw ClientAPIError(kind: .network, call: call, reason: "the sandbox could not be reached (\(type(of: error)))")
        }
        guard response.statusCode == 200 else {
            let errors = try? ClientAPIErrorResponse.decode(from: response.body).value
            throw ClientAPIError(
                kind: .http(status: response.statusCode), call: call, reason: "the sandbox answered HTTP \(response.statusCode)",
                errorId: errors?.errorId, errors: errors?.errors ?? [])
        }
        do {
            return try SandboxPayment(json: JSONParser().parse(response.body))
        } catch {
            throw ClientAPIError(kind: .decoding(path: ""), call: call, reason: "the sandbox's answer could not be read")
        }
    }
}

/// Why a ``ClientAPISandbox`` could not start.
public struct ClientAPISandboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier: `unreadable_file`, `input_too_large`, `malformed_json`,
    /// `invalid_private_key`, `socket_error`, `usage`, ...
    public let code: String
    /// What was wrong and where (file, JSON path, address).
    public let description: String

    /// An error.
    package init(code: String, description: String) {
        self.code = code
        self.description = description
    }
}

/// What the sandbox found in a submitted payment: whether it is valid, what is wrong, and the
/// decrypted values.
///
/// The values are card data: `description` and the mirror show only which fields have values.
public struct SandboxPayment: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// One problem: a field's validation error (`fieldId`, `errorId` such as `luhn`, the rule's
    /// parameters), or a problem of the payload itself (no `fieldId`: `clientSessionId` when it
    /// was prepared for another session, `paymentProductId` when it names another product, ...).
    public struct Issue: Sendable, Hashable {
        /// The field at fault, or `nil` for the payload itself.
        public var fieldId: String?
        /// What is wrong: a validation error id, or the payload member at fault.
        public var errorId: String
        /// The sandbox's English text.
        public var message: String
        /// The rule's bounds (`minLength`, `maxLength`, ...), in the order sent.
        public var parameters: [ValidationParameter]
    }

    /// Whether the payload was for this session and product and its values validate.
    public var isValid: Bool
    /// Every problem, in the order the sandbox lists them.
    public var errors: [Issue]
    /// The decrypted values by field id (card data).
    public var values: [String: String]

    init(json: JSONValue) throws {
        guard case .bool(let valid)? = json["valid"], case .array(let errorList)? = json["errors"], case .object(let valueObject)? = json["values"] else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: "not a payments answer"))
        }
        isValid = valid
        errors = errorList.compactMap { item -> Issue? in
            guard case .object(let object) = item, case .string(let errorId)? = object["errorId"] else { return nil }
            var fieldId: String?
            if case .string(let id)? = object["fieldId"] { fieldId = id }
            var message = ""
            if case .string(let text)? = object["message"] { message = text }
            var parameters: [ValidationParameter] = []
            for (name, value) in object where name != "fieldId" && name != "errorId" && name != "message" {
                if case .number(let text) = value, let number = Int(text) { parameters.append(ValidationParameter(name: name, value: number)) }
            }
            return Issue(fieldId: fieldId, errorId: errorId, message: message, parameters: parameters)
        }
        var values: [String: String] = [:]
        for (key, value) in valueObject {
            if case .string(let text) = value { values[key] = text }
        }
        self.values = values
    }

    /// Validity, the problems and the ids of the fields with values; never the values.
    public var description: String {
        "SandboxPayment(isValid: \(isValid), errors: \(errors.map { [$0.fieldId, $0.errorId].compactMap { $0 }.joined(separator: ": ") }), "
            + "values for: \(values.keys.sorted()))"
    }

    /// Redacted for `dump` and debuggers: the ids of the fields with values, not the values.
    public var customMirror: Mirror {
        Mirror(self, children: ["isValid": isValid, "errors": errors, "valueFieldIds": values.keys.sorted()], displayStyle: .struct)
    }
}
