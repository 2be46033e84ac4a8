import Foundation
internal import PaymentFormConcurrency
internal import PaymentFormJSON
import PaymentFormCore

/// The Client API session: fetches what a payment form needs (payment items for a context, a
/// product's fields, groups, IIN details, the public key, directories, converted amounts),
/// decodes the answers into the engine's model and keeps them for the session's lifetime.
///
/// Create one per client session id the merchant's server hands out; it is `Sendable`, every
/// call is `async throws(ClientAPIError)`, and cancelling the calling task cancels the request.
///
/// ```swift
/// let session = try ClientSession(ClientSessionConfiguration(
///     clientSessionId: sessionId, customerId: customerId,
///     clientApiUrl: clientApiUrl, assetUrl: assetUrl, appIdentifier: "shop/2.1"))
/// let context = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL")
/// let items = try await session.paymentItems(for: context)
/// let visa = try await session.paymentProduct(withId: "1", context: context)
/// ```
///
/// What is kept, in memory and per session only: product lists, group lists, products and groups
/// (keyed by id and the full context, locale included), the public key, IIN details (keyed by
/// the digits sent and the context). Logos and tooltip images go to the configuration's
/// ``ClientSessionConfiguration/assetStore`` (by default in memory for the session, at most 4 MiB,
/// least recently used dropped first). Concurrent identical calls share one request in flight.
public final class ClientSession: Sendable, CustomStringConvertible {
    /// The configuration the session was created with.
    public let configuration: ClientSessionConfiguration
    let baseURL: ClientAPIBaseURL
    let assetBaseURL: URL
    let transport: any ClientAPITransport
    let cache = SessionCache()
    let offeredProducts = OfferedProducts()
    /// Where assets are kept: the configuration's store, else ``defaultAssetStore``.
    let assetStore: any AssetStore
    /// The session's own store when the configuration gives none (forgotten with the session's
    /// answers).
    let defaultAssetStore: InMemoryAssetStore?

    /// A session over HTTPS (Foundation's `URLSession`, FoundationNetworking on Linux); throws a
    /// ``ClientAPIError/Kind/configuration`` error when the URLs or ids cannot be used (nothing
    /// is sent).
    public convenience init(_ configuration: ClientSessionConfiguration) throws(ClientAPIError) {
        try self.init(configuration, transport: URLSessionTransport())
    }

    /// A session whose calls go through `transport` (the sandbox and the tests inject theirs).
    package init(_ configuration: ClientSessionConfiguration, transport: any ClientAPITransport) throws(ClientAPIError) {
        guard !configuration.clientSessionId.isEmpty else { throw ClientAPIError(configuration: "the client session id is empty") }
        guard !configuration.customerId.isEmpty else { throw ClientAPIError(configuration: "the customer id is empty") }
        guard configuration.timeout > 0, configuration.timeout.isFinite else {
            throw ClientAPIError(configuration: "the timeout must be a positive number of seconds")
        }
        guard configuration.clientSessionId.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw ClientAPIError(configuration: "the client session id must be printable ASCII without spaces")
        }
        baseURL = try ClientAPIBaseURL(configuration.clientApiUrl)
        var asset = configuration.assetUrl.trimmingCharacters(in: .whitespaces)
        while asset.hasSuffix("/") { asset.removeLast() }
        guard let assetURL = URL(string: asset), let scheme = assetURL.scheme?.lowercased(), scheme == "http" || scheme == "https",
              assetURL.host != nil
        else {
            throw ClientAPIError(configuration: "the asset URL is not an http or https URL with a host")
        }
        assetBaseURL = assetURL
        self.configuration = configuration
        self.transport = transport
        defaultAssetStore = configuration.assetStore == nil ? InMemoryAssetStore() : nil
        assetStore = configuration.assetStore ?? defaultAssetStore ?? InMemoryAssetStore()
    }

    /// The normalised Client API base URL (`…/client/v1`).
    package var clientAPIBaseURL: URL { baseURL.url }

    /// Names the base URL and the customer; never the client session id.
    public var description: String { "ClientSession(\(baseURL.url.absoluteString), customerId: \(configuration.customerId))" }

    /// Forgets every kept answer: the next calls ask the API again. Assets in the session's own
    /// store are forgotten; those in a store the configuration gave are kept, and each is
    /// confirmed with the asset server again at its next use.
    public func removeCachedAnswers() async {
        await cache.removeAll()
        await defaultAssetStore?.removeAll()
    }

    /// How many requests the session has started (for tests: cached and shared calls start none).
    package var requestCount: Int {
        get async { await cache.loadCount }
    }

    /// How many bytes of assets the session's own store keeps now (for tests: the budget holds).
    package var keptAssetBytes: Int {
        get async { await defaultAssetStore?.byteCount ?? 0 }
    }

    // MARK: - Calls

    /// One call below `…/client/v<version>/<customerId>/`: sends it (through the cache with
    /// `policy`), checks the status and decodes the answer.
    func call<Model: JSONModel>(
        _ model: Model.Type, _ method: String, _ segments: [String], query: [(String, String)] = [],
        body: JSONValue? = nil, policy: SessionCache.Policy?, accepting accepted: Set<Int> = [], version: Int = 1
    ) async throws(ClientAPIError) -> Model? {
        let name = "\(method) \(version == 1 ? "" : "v\(version)/")\(segments.joined(separator: "/"))"
        guard let url = baseURL.url([configuration.customerId] + segments, query: query, version: version) else {
            throw ClientAPIError(kind: .configuration, call: name, reason: "the request URL cannot be built")
        }
        let bodyBytes = body.map { JSONWriter().bytes(from: $0) }
        var headers: HTTPHeaders = [
            HTTPHeaderField("Authorization", "GCS v1Client:\(configuration.clientSessionId)"),
            HTTPHeaderField("X-GCS-ClientMetaInfo", configuration.metaInfo.encoded),
            HTTPHeaderField("Accept", "application/json"),
        ]
        if bodyBytes != nil { headers.append(HTTPHeaderField("Content-Type", "application/json")) }
        let request = ClientAPIRequest(method: method, url: url, headers: headers, body: bodyBytes, timeout: configuration.timeout)
        let load: @Sendable () async throws -> Model? = { [self] in
            let response = try await self.send(request, call: name)
            if accepted.contains(response.statusCode) { return nil }
            guard (200..<300).contains(response.statusCode) else {
                throw Self.httpError(response, call: name)
            }
            let decoded: Decoded<Model>
            do {
                decoded = try Model.decode(from: response.body)
            } catch let error as DefinitionError {
                throw ClientAPIError(kind: .decoding(path: error.jsonPath), call: name, reason: "the answer could not be read: \(error)")
            } catch {
                throw ClientAPIError(kind: .decoding(path: ""), call: name, reason: "the answer could not be read")
            }
            if !decoded.diagnostics.isEmpty { self.configuration.diagnosticsHandler?(name, decoded.diagnostics) }
            return decoded.value
        }
        do {
            guard let policy else { return try await load() }
            let key = method + " " + url.absoluteString + (bodyBytes.map { " " + String(decoding: $0, as: UTF8.self) } ?? "")
            return try await cache.value(for: key, policy: policy, load: load)
        } catch let error as ClientAPIError {
            throw error
        } catch {
            throw ClientAPIError(kind: .cancelled, call: name, reason: "the call was cancelled")
        }
    }

    /// Sends `request` through the transport within the configured timeout, telling the
    /// configuration's observer.
    func send(_ request: ClientAPIRequest, call: String) async throws(ClientAPIError) -> ClientAPIResponse {
        let transport = self.transport
        let nanoseconds = UInt64(min(configuration.timeout, 86_400) * 1_000_000_000)
        let observer = configuration.observer
        let started = Date()
        observer?(exchange(.request, call: call, request: request, byteCount: request.body?.count ?? 0))
        do {
            let response = try await withThrowingTaskGroup(of: ClientAPIResponse?.self) { group in
                group.addTask { try await transport.send(request) }
                group.addTask {
                    try await Task.sleep(nanoseconds: nanoseconds)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let response = first else { throw TimedOut() }
                return response
            }
            observer?(exchange(.answer, call: call, request: request, statusCode: response.statusCode, byteCount: response.body.count,
                               duration: Date().timeIntervalSince(started)))
            return response
        } catch {
            let failure = Self.transportError(error, call: call, timeout: configuration.timeout)
            observer?(exchange(.failure, call: call, request: request, duration: Date().timeIntervalSince(started), failure: failure.description))
            throw failure
        }
    }

    /// What the observer is told of `request`.
    private func exchange(
        _ event: ClientAPIExchange.Event, call: String, request: ClientAPIRequest, statusCode: Int? = nil, byteCount: Int = 0,
        duration: TimeInterval? = nil, failure: String? = nil
    ) -> ClientAPIExchange {
        ClientAPIExchange(event: event, call: call, method: request.method, url: request.url, clientSessionId: configuration.clientSessionId,
                          statusCode: statusCode, byteCount: byteCount, duration: duration, failure: failure)
    }

    private struct TimedOut: Error {}

    /// The error for what a transport threw.
    static func transportError(_ error: any Error, call: String, timeout: TimeInterval) -> ClientAPIError {
        if error is TimedOut {
            return ClientAPIError(kind: .timeout, call: call, reason: "no answer within \(formatSeconds(timeout))")
        }
        if Task.isCancelled || error is CancellationError {
            return ClientAPIError(kind: .cancelled, call: call, reason: "the call was cancelled")
        }
        if let tooLarge = error as? AnswerTooLargeError {
            return ClientAPIError(kind: .decoding(path: ""), call: call, reason: tooLarge.description)
        }
        if let urlError = error as? URLError {
            switch urlError.code {
            case .timedOut: return ClientAPIError(kind: .timeout, call: call, reason: "no answer within \(formatSeconds(timeout))")
            case .cancelled: return ClientAPIError(kind: .cancelled, call: call, reason: "the call was cancelled")
            case .cannotConnectToHost: return ClientAPIError(kind: .network, call: call, reason: "could not connect to the Client API host")
            case .cannotFindHost, .dnsLookupFailed: return ClientAPIError(kind: .network, call: call, reason: "the Client API host name could not be resolved")
            case .networkConnectionLost: return ClientAPIError(kind: .network, call: call, reason: "the connection was lost before the answer was complete")
            case .notConnectedToInternet: return ClientAPIError(kind: .network, call: call, reason: "the device is not connected to a network")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                 .serverCertificateHasUnknownRoot:
                return ClientAPIError(kind: .network, call: call, reason: "the secure connection failed (URLError \(urlError.code.rawValue))")
            case .badServerResponse: return ClientAPIError(kind: .network, call: call, reason: "the server's answer is not valid HTTP")
            default: return ClientAPIError(kind: .network, call: call, reason: "the request failed (URLError \(urlError.code.rawValue))")
            }
        }
        return ClientAPIError(kind: .network, call: call, reason: "the transport failed (\(type(of: error)))")
    }

    /// The error for a non-2xx answer, with the API's error body when it is readable. A 3xx is
    /// named as a redirect: the Client API never sends one, and the transport does not follow it
    /// (its body and `Location` are not read).
    static func httpError(_ response: ClientAPIResponse, call: String) -> ClientAPIError {
        if (300..<400).contains(response.statusCode) {
            return ClientAPIError(
                kind: .http(status: response.statusCode), call: call,
                reason: "the Client API answered HTTP \(response.statusCode), a redirect, which is not followed")
        }
        let body = try? ClientAPIErrorResponse.decode(from: response.body).value
        return ClientAPIError(
            kind: .http(status: response.statusCode), call: call, reason: "the Client API answered HTTP \(response.statusCode)",
            errorId: body?.errorId, errors: body?.errors ?? [])
    }

    static func formatSeconds(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// The query of a payment context: `countryCode`, `currencyCode`, `amount`, `isRecurring`,
    /// then `locale` (the context's, else the configuration's) when known.
    func contextQuery(_ context: PaymentContext) -> [(String, String)] {
        var query = [
            ("countryCode", context.countryCode), ("currencyCode", context.amountOfMoney.currencyCode),
            ("amount", String(context.amountOfMoney.amount)), ("isRecurring", context.isRecurring ? "true" : "false"),
        ]
        if let locale = context.locale ?? configuration.locale { query.append(("locale", locale)) }
        return query
    }
}

/// The product ids of the last product list fetched, for mapping offline brand answers to the
/// products actually offered. Guarded by a lock: read synchronously by ``ClientSession/offlineIINDetails(forPartialCardNumber:)``.
final class OfferedProducts: Sendable {
    private let ids = LockedValue<Set<Int>?>(nil)

    func update(_ list: PaymentProductList) {
        let numeric = Set(list.paymentProducts.compactMap { Int($0.id) })
        ids.withLock { $0 = numeric }
    }

    var current: Set<Int>? {
        ids.withLock { $0 }
    }
}
