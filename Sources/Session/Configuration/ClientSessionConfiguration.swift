import Foundation
import PaymentFormCards
import PaymentFormCore

/// What a ``ClientSession`` needs: the four values the merchant's server gets from the
/// platform's *Create Session* call, plus how this app describes itself.
///
/// ```swift
/// let configuration = ClientSessionConfiguration(
///     clientSessionId: answer.clientSessionId, customerId: answer.customerId,
///     clientApiUrl: answer.clientApiUrl, assetUrl: answer.assetUrl,
///     appIdentifier: "shop/2.1")
/// let session = try ClientSession(configuration)
/// ```
public struct ClientSessionConfiguration: Sendable, CustomStringConvertible {
    /// The client session id: it authorizes every call (`Authorization: GCS v1Client:<id>`).
    /// Never printed by the engine.
    public var clientSessionId: String
    /// The customer id every call's path carries.
    public var customerId: String
    /// The Client API's URL as *Create Session* returns it: with an empty path, `/client` or
    /// `/client/v1` (trailing slashes are ignored); calls go to `…/client/v1/<customerId>/…`.
    public var clientApiUrl: String
    /// Where logos and tooltip images live; relative asset paths are resolved against it.
    public var assetUrl: String
    /// The app's identifier in the client meta info (`UNKNOWN` when empty).
    public var appIdentifier: String
    /// The locale sent with product and group calls when the payment context has none (`en_US`).
    public var locale: String?
    /// How long one call may take, from sending to the last byte of the answer (default 30 s).
    public var timeout: TimeInterval
    /// The client meta info sent as `X-GCS-ClientMetaInfo` and inside prepared requests.
    public var metaInfo: ClientMetaInfo
    /// Sees each request the session sends and its answer or failure, for the app's own logging
    /// (see ``ClientAPIExchange``: method, path, status, time and sizes, redacted like the
    /// sandbox's log; never headers, queries or bodies). Called on the task making the call, so it
    /// should return quickly; `nil` (the default) observes nothing.
    ///
    /// ```swift
    /// var configuration = ClientSessionConfiguration(clientSessionId: sessionId, customerId: customerId,
    ///                                                clientApiUrl: clientApiUrl, assetUrl: assetUrl)
    /// configuration.observer = { exchange in
    ///     if exchange.event == .answer, exchange.statusCode != 200 { print("Client API:", exchange) }
    /// }
    /// ```
    public var observer: (@Sendable (ClientAPIExchange) -> Void)?
    /// Where the session keeps the logos and tooltip images it downloads
    /// (``ClientSession/assetData(for:)``): `nil` (the default) keeps them in memory for this
    /// session only (at most 4 MiB); give an ``InMemoryAssetStore`` shared by the app's sessions,
    /// or a ``FileSystemAssetStore`` to keep them across launches, refreshed when they change.
    ///
    /// ```swift
    /// var configuration = ClientSessionConfiguration(clientSessionId: sessionId, customerId: customerId,
    ///                                                clientApiUrl: clientApiUrl, assetUrl: assetUrl)
    /// let caches = FileManager.default.temporaryDirectory.appendingPathComponent("payment-assets")
    /// configuration.assetStore = FileSystemAssetStore(directory: caches)
    /// ```
    public var assetStore: (any AssetStore)?
    /// Gets the problems noticed while decoding answers (unknown validators, skipped elements).
    /// Called once per decoded answer that has any; answers served from the cache are not
    /// decoded again.
    package var diagnosticsHandler: (@Sendable (_ call: String, _ diagnostics: [DefinitionDiagnostic]) -> Void)?
    /// Answers IIN lookups at once, without the server: by default the engine's offline brand
    /// detector with its shipped table; `nil` turns offline answers off.
    package var offlineBrandDetector: BrandDetector?

    /// A configuration. `metaInfo` defaults to this platform's with `appIdentifier`. IIN lookups
    /// are answered offline at once from the shipped brand table, then by the server.
    public init(
        clientSessionId: String, customerId: String, clientApiUrl: String, assetUrl: String,
        appIdentifier: String = "UNKNOWN", locale: String? = nil, timeout: TimeInterval = 30,
        metaInfo: ClientMetaInfo? = nil
    ) {
        self.init(clientSessionId: clientSessionId, customerId: customerId, clientApiUrl: clientApiUrl, assetUrl: assetUrl,
                  appIdentifier: appIdentifier, locale: locale, timeout: timeout, metaInfo: metaInfo,
                  offlineBrandDetector: BrandDetector.shipped, diagnosticsHandler: nil)
    }

    /// A configuration with the offline brand detector and a handler of the problems noticed
    /// while decoding answers (for the command-line tool and tests).
    package init(
        clientSessionId: String, customerId: String, clientApiUrl: String, assetUrl: String,
        appIdentifier: String = "UNKNOWN", locale: String? = nil, timeout: TimeInterval = 30,
        metaInfo: ClientMetaInfo? = nil, offlineBrandDetector: BrandDetector?,
        diagnosticsHandler: (@Sendable (_ call: String, _ diagnostics: [DefinitionDiagnostic]) -> Void)?
    ) {
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.clientApiUrl = clientApiUrl
        self.assetUrl = assetUrl
        self.appIdentifier = appIdentifier
        self.locale = locale
        self.timeout = timeout
        self.metaInfo = metaInfo ?? .current(appIdentifier: appIdentifier)
        self.offlineBrandDetector = offlineBrandDetector
        self.diagnosticsHandler = diagnosticsHandler
    }

    /// Names the URLs and the customer; never the client session id.
    public var description: String {
        "ClientSessionConfiguration(clientApiUrl: \(clientApiUrl), assetUrl: \(assetUrl), customerId: \(customerId), timeout: \(timeout) s)"
    }
}
