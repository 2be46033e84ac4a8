import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The platform's Server API at the sandbox's root, as the official server SDKs call it, so a
/// merchant server's tests run unchanged on loopback: `/v1/<merchantId>/...` answers as the
/// Connect platform, `/v2/<merchantId>/...` as the Online Payments platform, each with its own
/// memory (``ServerAPILedger``). Every operation of the route table (``ServerAPIOperation``) is
/// answered: sessions, payments and their state machine (``PaymentLifecycle``: capture, cancel,
/// refund, ...), hosted checkouts (the page: ``HostedCheckoutPage``), tokens, mandates, payouts,
/// the catalogue and services from the sandbox's product data, and the rest with the platform's
/// shapes; state changes are posted as webhooks when a URL is set (``WebhookSender``).
///
/// A request is checked in this order, each failure answered in the platform's error shape:
///
/// 1. The path matches the route table (else 404 `SANDBOX_NO_SUCH_ROUTE`, before anything else).
/// 2. `Date` is an RFC 1123 date within ``ServerAPIInput/dateSkew`` of the sandbox's clock, and
///    the `v1HMAC` signature (``V1HMACSignature``) is right: else 401 `9002`.
/// 3. The merchant id is the sandbox's (else 403), the method the route's (else 405).
/// 4. A body is JSON (`Content-Type: application/json`, else 415; a bodiless POST needs none)
///    of at most ``maximumBodyBytes`` (else 413); a `Content-Encoding: gzip` body is inflated
///    first, within that bound (``GzipInflater``; a bomb is 413, a broken member 400).
/// 5. `X-GCS-Idempotence-Key` on a POST is 1 to 40 printable ASCII characters (else 400): the
///    request is answered once per key and path; a replay answers the same status and body (the
///    payment as it is now), plus `X-GCS-Idempotence-Request-Timestamp` (epoch milliseconds of the
///    first), `X-GCS-Idempotence-Response-Date` (RFC 1123) and `IdempotencyResponseDatetime`
///    (ISO 8601, what the Online Payments SDKs read); a replay while the first is still being
///    answered is 409 with the code each SDK reads (``ServerAPIVersion/duplicateRequestCode``).
///
/// Answers are JSON and carry no CORS headers.
package struct ServerAPI: Sendable {
    package let credentials: ServerAPICredentials
    package let data: SandboxData
    package let sessions: SandboxSessions
    /// Connect's memory (`/v1`).
    package let v1: ServerAPILedger
    /// Online Payments' memory (`/v2`).
    package let v2: ServerAPILedger
    /// Posts the platform's events, when a webhook URL is set.
    package let webhooks: WebhookSender?
    /// `http://HOST:PORT` of the running sandbox: the base of the URLs handed out (never the
    /// request's `Host`).
    package let baseURL: @Sendable () -> String
    /// Waits this many seconds, or less when the sandbox stops (the slow test card).
    package let pause: @Sendable (Double) -> Void
    /// When requested captures and refunds settle.
    package var settlement: SandboxSettlement = .immediate
    /// The sandbox's time, which tests can move on.
    package var clock = SandboxClock()
    /// For the package's tests: hears every event as it is posted, in order.
    package var observer: (@Sendable (PaymentEvent) -> Void)?

    package init(
        credentials: ServerAPICredentials, data: SandboxData, sessions: SandboxSessions, v1: ServerAPILedger, v2: ServerAPILedger,
        webhooks: WebhookSender?, baseURL: @escaping @Sendable () -> String, pause: @escaping @Sendable (Double) -> Void,
        settlement: SandboxSettlement = .immediate, clock: SandboxClock = SandboxClock(), observer: (@Sendable (PaymentEvent) -> Void)? = nil
    ) {
        self.credentials = credentials
        self.data = data
        self.sessions = sessions
        self.v1 = v1
        self.v2 = v2
        self.webhooks = webhooks
        self.baseURL = baseURL
        self.pause = pause
        self.settlement = settlement
        self.clock = clock
        self.observer = observer
    }

    /// The largest Server API request body (bytes): the platform's requests are small; past it,
    /// 413 in the platform's error shape.
    package static let maximumBodyBytes = 64 << 10

    /// The memory of `version`.
    package func ledger(_ version: ServerAPIVersion) -> ServerAPILedger {
        version == .v1 ? v1 : v2
    }

    /// Where a Server API path starts.
    package enum Prefix: Sendable {
        /// `/v1/<merchantId>/...` or `/v2/<merchantId>/...`.
        case api(ServerAPIVersion)
        /// Connect's file service, `/files/v1/<merchantId>/...`.
        case files
        /// `/v2/merchant-groups/<merchantGroupId>/...`.
        case merchantGroups
    }

    /// One call being answered: what the handlers read.
    package struct Call {
        package let request: HTTPRequest
        package let version: ServerAPIVersion
        package let operation: ServerAPIOperation
        /// Answers the catalogue and service calls.
        package let catalogue: any ServerAPICatalogue
        /// The ids of the path's `{}` segments, in order.
        package let ids: [String]
        package let query: [(name: String, value: String)]
        package let ledger: ServerAPILedger

        package var id: String { ids.first ?? "" }

        /// The last value of query parameter `name`.
        package func parameter(_ name: String) -> String? { query.last { $0.name == name }?.value }

        /// The body as a JSON object (an empty body is `{}`), or the 400 refusing it.
        package func object() -> Result<JSONObject, SandboxErrorBody.Item> {
            if request.body.isEmpty { return .success(JSONObject()) }
            return SandboxJSONBody.object(request.body).mapError { problem in
                ServerAPI.badRequest(problem.message("the body must be a JSON object without repeated members"))
            }
        }

        /// The body as a JSON object (an empty body is `{}`), or the 400 refusing it.
        package func body() throws(ServerAPIError) -> JSONObject {
            try object().orBadRequest()
        }
    }

    /// What a handler answers: the response, and the payment it is about (for replays).
    package struct Answer {
        package var response: HTTPResponse
        package var paymentId: String?

        package init(_ response: HTTPResponse, paymentId: String? = nil) {
            self.response = response
            self.paymentId = paymentId
        }
    }

    /// The answer to a request below `prefix`; `segments` are the path's segments after it
    /// (the merchant id first); `catalogue` answers the product and service calls.
    package func respond(to request: HTTPRequest, prefix: Prefix, segments: [String], catalogue: any ServerAPICatalogue) -> HTTPResponse {
        let version: ServerAPIVersion
        let root: ServerAPIOperation.Root
        let pathPrefix: String
        switch prefix {
        case .api(let apiVersion): (version, root, pathPrefix) = (apiVersion, .merchant, "/" + apiVersion.rawValue)
        case .files: (version, root, pathPrefix) = (.v1, .files, "/files/v1")
        case .merchantGroups: (version, root, pathPrefix) = (.v2, .merchantGroup, "/v2/merchant-groups")
        }
        guard let merchant = segments.first, !merchant.isEmpty else { return SandboxErrorBody.noSuchRoute }
        let resolution = ServerAPIOperation.resolve(
            root: root, version: version, method: request.method, rest: Array(segments.dropFirst()), prefix: pathPrefix + "/" + merchant)
        if case .noSuchRoute = resolution { return SandboxErrorBody.noSuchRoute }

        // The platform's 401 says no more than its code and id; the sandbox, a test tool, says why
        // in the message and its log line (the string it signed; never the secret). A Date out of
        // bounds names the header (propertyName).
        let unauthorized = { (property: String?, message: String) in
            var response = answer(to: ServerAPIError(401, [SandboxErrorBody.Item(
                code: "9002", id: "MISSING_OR_INVALID_AUTHORIZATION", message: message, propertyName: property)]), version)
            response.logNote = message
            return response
        }
        guard ServerAPIInput.isAcceptableDate(request.header("Date")) else {
            return unauthorized("Date", "MISSING_OR_INVALID_AUTHORIZATION: the Date header must be an RFC 1123 date in GMT "
                + "(\"Sun, 06 Nov 1994 08:49:37 GMT\") within 15 minutes of the sandbox's clock")
        }
        if let diagnosis = SignatureDiagnosis.of(request, apiKeyId: credentials.apiKeyId, secretApiKey: credentials.secretApiKey) {
            return unauthorized(nil, diagnosis.message)
        }
        if case .merchantGroups = prefix {
            // A merchant group is not a merchant: any group id is the sandbox merchant's own.
        } else if merchant != credentials.merchantId {
            return answer(to: ServerAPIError(403, [SandboxErrorBody.Item(
                code: "9007", id: "ACCESS_TO_MERCHANT_NOT_ALLOWED",
                message: "these credentials are not allowed to act for this merchant id", propertyName: "merchantId")]), version)
        }
        let match: ServerAPIOperation.Match
        switch resolution {
        case .operation(let found): match = found
        case .wrongMethod(let allowed): return SandboxErrorBody.methodNotAllowed(allowed.joined(separator: ", "))
        case .noSuchRoute: return SandboxErrorBody.noSuchRoute
        }
        var request = request
        if request.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() == "gzip" {
            do {
                request.body = try GzipInflater.inflate(request.body, limit: Self.maximumBodyBytes)
            } catch .tooLarge {
                return answer(to: ServerAPIError(413, [SandboxErrorBody.Item(
                    code: "SANDBOX_REQUEST_TOO_LARGE", id: "REQUEST_TOO_LARGE",
                    message: "a Server API request body is at most \(Self.maximumBodyBytes / 1024) KiB, inflated")]), version)
            } catch {
                return answer(to: ServerAPIError(400, [Self.badRequest("the gzip body cannot be inflated: \(error)")]), version)
            }
        }
        if !request.body.isEmpty {
            guard request.body.count <= Self.maximumBodyBytes else {
                return answer(to: ServerAPIError(413, [SandboxErrorBody.Item(
                    code: "SANDBOX_REQUEST_TOO_LARGE", id: "REQUEST_TOO_LARGE",
                    message: "a Server API request body is at most \(Self.maximumBodyBytes / 1024) KiB")]), version)
            }
            // Connect's dispute file upload is the one multipart call.
            let multipart = match.operation.takesMultipart
                && (request.header("Content-Type")?.lowercased().hasPrefix("multipart/form-data") ?? false)
            guard SandboxJSONBody.isJSON(request.header("Content-Type")) || multipart else {
                return answer(to: ServerAPIError(415, [SandboxErrorBody.Item(
                    code: "SANDBOX_UNSUPPORTED_MEDIA_TYPE", id: "SANDBOX_UNSUPPORTED_MEDIA_TYPE",
                    message: "a Server API request with a body needs Content-Type: application/json")]), version)
            }
        }
        guard let query = request.queryItems else {
            return answer(to: ServerAPIError(400, [Self.badRequest("the query has a malformed percent escape")]), version)
        }
        settleDue(version)
        let call = Call(request: request, version: version, operation: match.operation, catalogue: catalogue, ids: match.ids, query: query, ledger: ledger(version))
        let handle = { () -> Answer in
            do throws(ServerAPIError) {
                return try call.operation.handler(self, call)
            } catch {
                return Answer(answer(to: error, version), paymentId: error.paymentId)
            }
        }
        guard request.method == "POST", let key = request.header("X-GCS-Idempotence-Key") else { return handle().response }
        guard ServerAPIInput.isIdempotenceKey(key) else {
            return answer(to: ServerAPIError(400, [SandboxErrorBody.Item(
                code: "SANDBOX_INVALID_IDEMPOTENCE_KEY", id: "INVALID_VALUE",
                message: "X-GCS-Idempotence-Key must be 1 to \(ServerAPIInput.maximumIdempotenceKeyLength) printable ASCII characters",
                propertyName: "X-GCS-Idempotence-Key")]), version)
        }
        return idempotent(key: key, path: match.canonicalPath, call: call, handle)
    }

    /// The answer refusing a call, as `version`'s platform writes it: the one place a
    /// ``ServerAPIError`` becomes an HTTP status and an error body. Each item without a category
    /// gets the platform's own (`SANDBOX_` codes stay the sandbox's); /v2 marks the items not
    /// retriable.
    package func answer(to error: ServerAPIError, _ version: ServerAPIVersion) -> HTTPResponse {
        let items = error.items.map { item in
            var item = item
            if item.category == nil, !item.code.hasPrefix("SANDBOX_") { item.category = version.platformErrorCategory }
            return item
        }
        return SandboxErrorBody.response(error.status, items: items, retriable: version == .v2 ? false : nil, extra: error.extra)
    }

    /// 404 for an id the sandbox does not know (`UNKNOWN_<WHAT>_ID`): an unknown payment with
    /// each platform's own code (Connect `1002`, Online Payments `50001130`, as their recorded
    /// answers and troubleshooting page give them), anything else `SANDBOX_UNKNOWN_<WHAT>_ID`
    /// (no platform code found).
    package func unknown(_ what: String, property: String, _ version: ServerAPIVersion) -> ServerAPIError {
        let id = "UNKNOWN_\(what.uppercased().replacingOccurrences(of: " ", with: "_"))_ID"
        let code = switch (what, version) {
        case ("payment", .v1): "1002"
        case ("payment", .v2): "50001130"
        default: "SANDBOX_" + id
        }
        return ServerAPIError(404, [SandboxErrorBody.Item(
            code: code, id: id,
            message: "no \(what) with this id on this platform (the sandbox keeps the last \(ledger(version).limits.entries))",
            propertyName: property)])
    }

    /// `handle()`, once per idempotence key and path (see the type's notes).
    private func idempotent(key: String, path: String, call: Call, _ handle: () -> Answer) -> HTTPResponse {
        let scope = "\(credentials.merchantId) \(path) \(key)"
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        switch call.ledger.begin(idempotenceKey: scope, now: now) {
        case nil:
            let first = handle()
            call.ledger.finish(idempotenceKey: scope, with: ServerAPILedger.Replay(response: first.response, paymentId: first.paymentId), since: now)
            return first.response
        case .inFlight(let since)?:
            var response = answer(to: ServerAPIError(409, [SandboxErrorBody.Item(
                code: call.version.duplicateRequestCode, id: "DUPLICATE_REQUEST_IN_PROGRESS",
                message: "a request with this idempotence key is still being answered")]), call.version)
            response.headers.append(HTTPHeaderField("X-GCS-Idempotence-Request-Timestamp", String(since)))
            return response
        case .answered(let replay, let since, let answered)?:
            var response = current(replay, ledger: call.ledger, version: call.version)
            response.headers.append(HTTPHeaderField("X-GCS-Idempotence-Request-Timestamp", String(since)))
            response.headers.append(HTTPHeaderField("X-GCS-Idempotence-Response-Date", Self.rfc1123(answered)))
            response.headers.append(HTTPHeaderField("IdempotencyResponseDatetime", ServerAPIPayment.isoTimestamp(answered)))
            return response
        }
    }

    /// A replayed answer with the payment it is about as it is now: its `payment` member (or
    /// `paymentResult.payment`, `createdPaymentOutput.payment`) replaced, and a `merchantAction`
    /// dropped once the payment no longer waits for the customer.
    private func current(_ replay: ServerAPILedger.Replay, ledger: ServerAPILedger, version: ServerAPIVersion) -> HTTPResponse {
        guard let id = replay.paymentId, let payment = ledger.payment(withId: id),
              case .object(let body)? = try? JSONParser().parse(replay.response.body)
        else { return replay.response }
        func refreshed(_ object: JSONObject) -> JSONObject {
            var result = JSONObject()
            for member in object {
                switch (member.key, member.value) {
                case ("payment", _): result.append("payment", payment.json(version))
                case ("merchantAction", _) where payment.status != .redirected: continue
                case ("paymentResult", .object(let inner)), ("createdPaymentOutput", .object(let inner)):
                    result.append(member.key, .object(refreshed(inner)))
                default: result.append(member.key, member.value)
                }
            }
            return result
        }
        var response = replay.response
        response.body = JSONWriter().bytes(from: .object(refreshed(body)))
        return response
    }

    package static func rfc1123(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// `sandbox<prefix>` and 20 hex digits: URL-safe, at most 35 characters for the prefixes used here
    /// (mandate references are at most 35).
    package static func newId(_ prefix: String) -> String {
        "sandbox" + prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
    }

    package static func badRequest(_ message: String, property: String? = nil) -> SandboxErrorBody.Item {
        SandboxErrorBody.Item(code: "SANDBOX_BAD_REQUEST", id: "SANDBOX_BAD_REQUEST", message: message, propertyName: property)
    }

    /// `Location` of a created object below the merchant.
    package func location(_ version: ServerAPIVersion, _ path: String) -> HTTPHeaderField {
        HTTPHeaderField("Location", "\(baseURL())/\(version.rawValue)/\(credentials.merchantId)/\(path)")
    }

    /// Posts `events` to the webhook URL, if any, in order.
    package func post(_ events: [PaymentEvent]) {
        for event in events {
            observer?(event)
            webhooks?.post(type: event.type, member: event.member, object: event.object, merchantId: credentials.merchantId)
        }
    }

    /// Settles what payment `id` has requested when the sandbox settles at once (after the answer
    /// was made: the answer shows the requested state), posting the events.
    package func settleAtOnce(paymentId id: String, _ version: ServerAPIVersion) {
        guard settlement == .immediate else { return }
        settle(paymentId: id, version, requestedBy: nil)
    }

    /// Settles what payment `id` requested at or before `cutoff` (all when `nil`), posting the events.
    package func settle(paymentId id: String, _ version: ServerAPIVersion, requestedBy cutoff: Date?) {
        let now = clock.now()
        let updated = ledger(version).update(paymentId: id) { (payment: inout ServerAPIPayment) in
            PaymentLifecycle.settle(&payment, requestedBy: cutoff, version: version, now: now)
        }
        post(updated?.events ?? [])
    }

    /// With `after:SECONDS`, settles every payment of `version` whose requests are due (before a
    /// call is answered, so its `GET` sees them, and after a move of the test clock); under
    /// `manual`, `everything` (a move of the clock) settles all that waits. Nothing to do under
    /// `immediate`.
    package func settleDue(_ version: ServerAPIVersion, everything: Bool = false) {
        let cutoff: Date?
        switch settlement {
        case .immediate: return
        case .manual:
            guard everything else { return }
            cutoff = nil
        case .after(let seconds): cutoff = clock.now().addingTimeInterval(-Double(seconds))
        }
        for payment in ledger(version).payments where payment.hasPendingSettlement {
            settle(paymentId: payment.id, version, requestedBy: cutoff)
        }
    }
}

/// An error item that refuses a request, carried as a `Result`'s failure.
extension SandboxErrorBody.Item: Error {}
