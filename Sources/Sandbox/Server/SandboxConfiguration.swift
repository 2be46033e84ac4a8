import Foundation
import PaymentFormEngine
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// How a ``SandboxServer`` runs: where it listens, what it serves, its limits, where it logs.
package struct SandboxConfiguration: Sendable {
    /// The address to listen on (default `127.0.0.1`; loopback unless you say otherwise).
    package var host: String
    /// The port (0: any free port; the server reports the one it got).
    package var port: Int
    /// What it serves (default: the shipped samples and the demo key).
    package var data: SandboxData
    /// The customer id the Client API paths must carry.
    package var customerId: String
    /// The client session id the `Authorization` header must carry.
    package var clientSessionId: String
    /// Answers IIN lookups: the engine's offline brand detector with its shipped table by default.
    package var brandDetector: BrandDetector
    /// Which web pages (origins) may call the Client API and fetch assets from a browser; any by
    /// default (`--allow-origin` restricts).
    package var cors: SandboxCORS
    /// The Server API's merchant id and signing credentials (default: the documented test values).
    package var serverAPI: ServerAPICredentials
    /// Host names answered besides `localhost`, `127.0.0.1`, `[::1]` and the address listened on
    /// (`NAME` or `NAME:PORT`): ``SandboxAdmission``.
    package var allowedHosts: [String]
    /// The bounds of requests and connections.
    package var limits: SandboxLimits
    /// Where the Server API posts its webhook events, signed with which key; `nil`: none.
    package var webhooks: WebhookSender.Configuration?
    /// When the Server API's requested captures and refunds settle (default: at once).
    package var settlement: SandboxSettlement = .immediate
    /// The built web form (`Web/dist`: `payform-form.mjs`, its engine and CSS) the hosted
    /// checkout page loads; `nil` looks for `Web/dist` in the working directory and above the
    /// executable (``WebFormFiles/defaultWebDist(executable:)``).
    package var webDist: URL?
    /// Gets one line per request (method, path without query, status, milliseconds); never card
    /// data. `nil`: no log.
    package var log: (@Sendable (String) -> Void)?
    /// For the package's tests: answers a request instead of the sandbox when it returns a
    /// response (server errors, malformed answers, slow answers over real sockets).
    package var intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)?

    /// A configuration; the client session id defaults to a fresh random one.
    package init(
        host: String = "127.0.0.1", port: Int = 0, data: SandboxData, customerId: String = "sandbox-customer",
        clientSessionId: String? = nil, brandDetector: BrandDetector = BrandDetector.shipped, cors: SandboxCORS = SandboxCORS(),
        serverAPI: ServerAPICredentials = ServerAPICredentials(), allowedHosts: [String] = [],
        limits: SandboxLimits = SandboxLimits(), webhooks: WebhookSender.Configuration? = nil, webDist: URL? = nil,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.host = host
        self.port = port
        self.data = data
        self.customerId = customerId
        self.clientSessionId = clientSessionId ?? UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        self.brandDetector = brandDetector
        self.cors = cors
        self.serverAPI = serverAPI
        self.allowedHosts = allowedHosts
        self.limits = limits
        self.webhooks = webhooks
        self.webDist = webDist
        self.log = log
    }
}

/// The sandbox's bounds: per request, per connection and for the whole server.
package struct SandboxLimits: Sendable, Hashable {
    /// Request line, header and body bounds (16 KiB head, 1 MiB body, 100 header fields).
    package var request: HTTPRequestParser.Limits
    /// The most time a request may take to arrive, from the moment the server starts waiting
    /// for it (keep-alive idle time included) to its last byte (default 10 s).
    package var readTimeout: Double
    /// The most time sending one answer may take in all (default 10 s, as the read timeout): a
    /// client that reads slower is cut off, so it cannot hold its slot.
    package var writeTimeout: Double
    /// Connections served at once (default 64).
    package var maximumConnections: Int
    /// How long a connection beyond ``maximumConnections`` waits for a free slot, from the moment
    /// it is accepted, before it is answered 503 and closed (default 1 s). As many connections
    /// may wait as are served; more stay in the listen backlog until one of them is answered.
    package var connectionWait: Double

    /// Limits; the defaults are those `payform sandbox` documents.
    package init(
        request: HTTPRequestParser.Limits = HTTPRequestParser.Limits(), readTimeout: Double = 10, writeTimeout: Double = 10,
        maximumConnections: Int = 64, connectionWait: Double = 1
    ) {
        self.request = request
        self.readTimeout = readTimeout
        self.writeTimeout = writeTimeout
        self.maximumConnections = maximumConnections
        self.connectionWait = connectionWait
    }
}
