import Foundation
import PaymentFormCards

/// One step of a request a ``ClientSession`` sends, as its observer sees it: the request going
/// out, then its answer or its failure. For the app's own logging and debugging (the Connect
/// guide logs "the requests and responses that make up the communication").
///
/// ```swift
/// var configuration = ClientSessionConfiguration(clientSessionId: sessionId, customerId: customerId,
///                                                clientApiUrl: clientApiUrl, assetUrl: assetUrl)
/// configuration.observer = { exchange in print(exchange) }   // GET /client/v1/customer/products 200 12ms 3410 bytes
/// let session = try ClientSession(configuration)
/// ```
///
/// It says what the sandbox's request log says, redacted the same way (one rule for both): the
/// method and the path, each as one printable line of at most 200 characters with any run of 12 or
/// more digits (grouped or not) replaced by `[digits]`, and the client session id, should it
/// appear, by `[session]`; the status, the time and the sizes. Never the headers (the
/// `Authorization` header carries the client session id), the query or the bodies (an IIN lookup
/// or a surcharge request carries the card number's first digits). Answers served from the
/// session's memory send nothing, so they are not observed.
public struct ClientAPIExchange: Sendable, Hashable, CustomStringConvertible {
    /// Which step this is.
    public enum Event: String, Sendable, Hashable {
        /// The request is being sent.
        case request
        /// An answer arrived, whatever its status.
        case answer
        /// No answer: a network error, a timeout, a cancellation or a body over the limit.
        case failure
    }

    /// Which step this is.
    public let event: Event
    /// The call, as errors name it (`GET products`, `POST services/getIINdetails`, `GET asset`).
    public let call: String
    /// The HTTP method.
    public let method: String
    /// The URL's path as sent (percent-encoded), redacted.
    public let path: String
    /// The answer's HTTP status (``Event/answer`` only).
    public let statusCode: Int?
    /// The body's size in bytes: the request's for ``Event/request``, the answer's for
    /// ``Event/answer``, 0 for ``Event/failure``.
    public let byteCount: Int
    /// The seconds from sending to the answer or the failure; `nil` for ``Event/request``.
    public let duration: TimeInterval?
    /// Why no answer came (``Event/failure`` only): the error's description, which never holds
    /// card data.
    public let failure: String?

    /// An exchange step; `path` is redacted here.
    init(event: Event, call: String, method: String, url: URL, clientSessionId: String, statusCode: Int? = nil, byteCount: Int = 0,
         duration: TimeInterval? = nil, failure: String? = nil) {
        self.event = event
        self.call = call
        self.method = LogRedaction.loggable(method)
        let encodedPath = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? url.path
        let withoutSession = clientSessionId.isEmpty ? encodedPath : encodedPath.replacingOccurrences(of: clientSessionId, with: "[session]")
        path = LogRedaction.loggable(withoutSession)
        self.statusCode = statusCode
        self.byteCount = byteCount
        self.duration = duration
        self.failure = failure
    }

    /// One log line: `→ GET /client/v1/c/products 0 bytes`, `GET /client/v1/c/products 200 12ms 3410 bytes`,
    /// `GET /client/v1/c/products failed after 30000ms: …`.
    public var description: String {
        let milliseconds = duration.map { "\(Int(($0 * 1000).rounded()))ms" } ?? ""
        switch event {
        case .request: return "→ \(method) \(path) \(byteCount) bytes"
        case .answer: return "\(method) \(path) \(statusCode.map(String.init) ?? "-") \(milliseconds) \(byteCount) bytes"
        case .failure: return "\(method) \(path) failed after \(milliseconds): \(failure ?? "")"
        }
    }
}
