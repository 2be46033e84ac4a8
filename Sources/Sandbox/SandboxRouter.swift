import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// The sandbox's front door: answers its requests, handing the Client API calls (below
/// `/client/v1/<customerId>/` and `/client/v2/<customerId>/`) and the placeholder assets to
/// ``ClientAPIRouter``, and answering the rest itself: the Server API at the root
/// (`/v1/<merchantId>/...`, `/v2/<merchantId>/...`), the sandbox payments endpoint and 3-D Secure
/// page, the hosted pages and the Saferpay card-post stand-in. A request in, a response out;
/// what it remembers between requests (sessions, payments, Saferpay tokens) is bounded.
struct SandboxRouter: Sendable {
    /// The Client API and the assets (``ClientAPIRouter``).
    let clientAPI: ClientAPIRouter
    /// The Server API at the root.
    let serverAPI: ServerAPI
    /// The Saferpay card-post stand-in (holds the tokens it issued).
    let saferpay: SaferpayStandIn
    /// The web form files the hosted checkout page loads (`Web/dist`, or built into `payform`).
    var webForm = WebFormFiles.folder(nil)

    /// The product data the Client API serves.
    var data: SandboxData { clientAPI.data }
    /// The client sessions the Client API accepts.
    var sessions: SandboxSessions { clientAPI.sessions }

    init(
        data: SandboxData, sessions: SandboxSessions, serverAPI: ServerAPI, brandDetector: BrandDetector, saferpay: SaferpayStandIn,
        cors: SandboxCORS = SandboxCORS(), webForm: WebFormFiles = .folder(nil)
    ) {
        clientAPI = ClientAPIRouter(data: data, sessions: sessions, brandDetector: brandDetector, cors: cors)
        self.serverAPI = serverAPI
        self.saferpay = saferpay
        self.webForm = webForm
    }

    /// The answer to `request`; `fromLoopback` says whether the peer is on this machine.
    func respond(to request: HTTPRequest, fromLoopback: Bool) -> HTTPResponse {
        guard let segments = request.pathSegments, let query = request.queryItems else {
            return SandboxErrorBody.badRequest("the path or query has a malformed percent escape")
        }
        switch segments.first {
        case "client":
            return clientAPI.respondToClientAPI(request, segments: Array(segments.dropFirst()), query: query)
        case "sandbox" where segments == ["sandbox", "v1", "payments"]:
            guard request.method == "POST" else { return SandboxErrorBody.methodNotAllowed("POST") }
            guard fromLoopback else {
                return SandboxErrorBody.response(403, code: "SANDBOX_FORBIDDEN", id: "SANDBOX_FORBIDDEN", message: "the payments endpoint answers loopback clients only")
            }
            return SandboxPayments(data: data, sessions: sessions).respond(to: request.body)
        case "sandbox" where segments == ["sandbox", "v1", "clock", "advance"]:
            guard request.method == "POST" else { return SandboxErrorBody.methodNotAllowed("POST") }
            guard fromLoopback else {
                return SandboxErrorBody.response(403, code: "SANDBOX_FORBIDDEN", id: "SANDBOX_FORBIDDEN", message: "the test clock answers loopback clients only")
            }
            return serverAPI.advanceClock(request.body)
        case "sandbox" where segments.count == 4 && segments[1] == "v1" && segments[2] == "authentication":
            return ThreeDSecurePage(serverAPI: serverAPI).respond(to: request, paymentId: segments[3])
        case "sandbox" where segments.count == 5 && segments[1] == "v1" && segments[2] == "mandates":
            return MandateSigningPage(serverAPI: serverAPI).respond(to: request, version: segments[3], reference: segments[4])
        case "sandbox" where segments.count == 4 && segments[1] == "v1" && segments[2] == "paymentlinks":
            return PaymentLinkPage(serverAPI: serverAPI).respond(to: request, linkId: segments[3])
        case "sandbox" where segments.count >= 3 && segments[1] == "v1":
            return HostedCheckoutPage(serverAPI: serverAPI, webForm: webForm).respond(to: request, segments: Array(segments.dropFirst(2)))
        case "hostedtokenization":
            return HostedTokenizationPage(serverAPI: serverAPI, webForm: webForm).respond(to: request, segments: Array(segments.dropFirst()))
        case "v2" where segments.count > 1 && segments[1] == "merchant-groups":
            return serverAPI.respond(to: request, prefix: .merchantGroups, segments: Array(segments.dropFirst(2)), catalogue: self)
        case "v1", "v2":
            guard let version = ServerAPIVersion(rawValue: segments[0]) else { return SandboxErrorBody.noSuchRoute }
            return serverAPI.respond(to: request, prefix: .api(version), segments: Array(segments.dropFirst()), catalogue: self)
        case "files" where segments.count > 1 && segments[1] == "v1":
            return serverAPI.respond(to: request, prefix: .files, segments: Array(segments.dropFirst(2)), catalogue: self)
        case "saferpay":
            guard fromLoopback else {
                return SaferpayStandIn.error(403, name: "PERMISSION_DENIED", behavior: "DO_NOT_RETRY", message: "the Saferpay stand-in answers loopback clients only")
            }
            return saferpay.respond(to: request, segments: Array(segments.dropFirst()))
        case "assets":
            return clientAPI.respondToAsset(request, path: segments.dropFirst().joined(separator: "/"))
        default:
            return SandboxErrorBody.noSuchRoute
        }
    }
}
