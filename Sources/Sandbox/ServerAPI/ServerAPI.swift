import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// The platform's Server API at the sandbox's root, as the official server SDKs call it, so a
/// merchant server's tests run unchanged on loopback: `/v1/<merchantId>/...` answers as the
/// Connect platform, `/v2/<merchantId>/...` as the Online Payments platform.
///
/// - `POST …/sessions` mints a client session the Client API then accepts (its own customer id).
/// - `POST …/payments` with `encryptedCustomerInput` decrypts it with the sandbox's key, checks
///   the payload's session, takes it once, validates the values **as sent** and answers as the
///   test card says (``SandboxTestCards``): 201, 402 declined, or 201 with a 3-D Secure redirect.
/// - `GET …/payments/<paymentId>` answers the payment.
///
/// Every call is signed with `v1HMAC` (``V1HMACSignature``; else 401 `9002`); another merchant
/// id in the path is 403. A POST with `X-GCS-Idempotence-Key` is answered once: a replay gets the
/// same status and body plus `X-GCS-Idempotence-Request-Timestamp` (epoch milliseconds of the
/// first), a replay while the first is still being answered 409 with the code each SDK reads
/// (``ServerAPIVersion/duplicateRequestCode``). Answers are JSON and carry no CORS headers.
struct ServerAPI: Sendable {
    let credentials: ServerAPICredentials
    let data: SandboxData
    let sessions: SandboxSessions
    let memory: ServerAPIMemory
    /// `http://HOST:PORT` of the running sandbox: the base of the URLs handed out (never the
    /// request's `Host`).
    let baseURL: @Sendable () -> String
    /// Waits this many seconds, or less when the sandbox stops (the slow test card).
    let pause: @Sendable (Double) -> Void

    /// The calls, by the path below the merchant id.
    private enum Call {
        case createSession, createPayment, getPayment(String)
    }

    /// The answer to a request below `/<version>/`; `segments` are the path's segments after it.
    func respond(to request: HTTPRequest, version: ServerAPIVersion, segments: [String]) -> HTTPResponse {
        let call: Call
        let method: String
        switch segments.dropFirst().first {
        case "sessions" where segments.count == 2: (call, method) = (.createSession, "POST")
        case "payments" where segments.count == 2: (call, method) = (.createPayment, "POST")
        case "payments" where segments.count == 3: (call, method) = (.getPayment(segments[2]), "GET")
        default: return SandboxErrorBody.noSuchRoute
        }
        guard V1HMACSignature.verify(request, apiKeyId: credentials.apiKeyId, secretApiKey: credentials.secretApiKey) else {
            return errors(401, [SandboxErrorBody.Item(code: "9002", id: "MISSING_OR_INVALID_AUTHORIZATION", message: "MISSING_OR_INVALID_AUTHORIZATION")],
                          version)
        }
        guard segments[0] == credentials.merchantId else {
            return errors(403, [SandboxErrorBody.Item(
                code: "SANDBOX_ACCESS_TO_MERCHANT_NOT_ALLOWED", id: "ACCESS_TO_MERCHANT_NOT_ALLOWED",
                message: "these credentials are not allowed to act for this merchant id", propertyName: "merchantId")], version)
        }
        guard request.method == method else { return SandboxErrorBody.methodNotAllowed(method) }
        switch call {
        case .getPayment(let id):
            guard let payment = memory.payment(withId: id) else {
                return errors(404, [SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_PAYMENT_ID", id: "UNKNOWN_PAYMENT_ID", message: "no payment with this id (the sandbox keeps the last "
                        + "\(ServerAPIMemory.maximumEntries) payments)", propertyName: "paymentId")], version)
            }
            return .json(200, payment.json(version))
        case .createSession:
            return idempotent(request, version: version) { createSession(request.body, version: version) }
        case .createPayment:
            return idempotent(request, version: version) { createPayment(request.body, version: version) }
        }
    }

    /// An error answer as `version`'s platform writes it.
    func errors(_ status: Int, _ items: [SandboxErrorBody.Item], _ version: ServerAPIVersion,
                extra: [(key: String, value: JSONValue)] = []) -> HTTPResponse {
        let items = items.map { item in
            var item = item
            if item.category == nil, !item.code.hasPrefix("SANDBOX_") { item.category = version.platformErrorCategory }
            return item
        }
        return SandboxErrorBody.response(status, items: items, retriable: version == .v2 ? false : nil, extra: extra)
    }

    /// `answer()`, once per idempotence key when the request has one (see the type's notes).
    private func idempotent(_ request: HTTPRequest, version: ServerAPIVersion, _ answer: () -> HTTPResponse) -> HTTPResponse {
        guard let key = request.header("X-GCS-Idempotence-Key"), !key.isEmpty else { return answer() }
        let scope = "\(version.rawValue) \(credentials.merchantId) \(request.path) \(key)"
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        switch memory.begin(idempotenceKey: scope, now: now) {
        case nil:
            let response = answer()
            memory.finish(idempotenceKey: scope, with: response, since: now)
            return response
        case .inFlight(let since)?:
            var response = errors(409, [SandboxErrorBody.Item(
                code: version.duplicateRequestCode, id: "DUPLICATE_REQUEST_IN_PROGRESS",
                message: "a request with this idempotence key is still being answered")], version)
            response.headers.append(HTTPHeaderField("X-GCS-Idempotence-Request-Timestamp", String(since)))
            return response
        case .answered(var response, let since)?:
            response.headers.append(HTTPHeaderField("X-GCS-Idempotence-Request-Timestamp", String(since)))
            return response
        }
    }

    // MARK: - Create session

    private func createSession(_ body: [UInt8], version: ServerAPIVersion) -> HTTPResponse {
        var tokens: [JSONValue] = []
        var locale: String?
        if !body.isEmpty {
            guard case .object(let object)? = try? JSONParser(rejectsDuplicateKeys: true).parse(body) else {
                return errors(400, [Self.badRequest("the body must be a JSON object (a SessionRequest)")], version)
            }
            switch object["tokens"] {
            case nil, .null?: break
            case .array(let items)? where items.allSatisfy({ if case .string = $0 { true } else { false } }): tokens = items
            default: return errors(400, [Self.badRequest("tokens must be a list of strings", property: "tokens")], version)
            }
            switch object["locale"] {
            case nil, .null?: break
            case .string(let text)? where !text.isEmpty && text.count <= 35
                && text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }):
                locale = text
            default: return errors(400, [Self.badRequest("locale must be a language tag such as fr_FR or fr-FR", property: "locale")], version)
            }
        }
        let (clientSessionId, session) = sessions.mint(locale: locale)
        let base = baseURL()
        var answer = JSONObject([
            (key: "clientSessionId", value: .string(clientSessionId)),
            (key: "customerId", value: .string(session.customerId)),
            (key: "clientApiUrl", value: .string(base + "/client")),
            (key: "assetUrl", value: .string(base + "/assets")),
            // The sandbox keeps no tokens: every one asked for is unknown.
            (key: "invalidTokens", value: .array(tokens)),
        ])
        if version == .v1 { answer.append("region", "EU") }
        return .json(201, .object(answer))
    }

    static func badRequest(_ message: String, property: String? = nil) -> SandboxErrorBody.Item {
        SandboxErrorBody.Item(code: "SANDBOX_BAD_REQUEST", id: "SANDBOX_BAD_REQUEST", message: message, propertyName: property)
    }
}
