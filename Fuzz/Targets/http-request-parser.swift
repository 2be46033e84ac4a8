// Fuzz target: the sandbox's HTTP/1.x request parser (and the routes behind it).
//
// Input: a byte of options (head limit, how to split the bytes into reads), then the bytes a
// client sent. Invariants beyond "never crash":
// - feeding the bytes in pieces gives the same outcome as feeding them at once;
// - a complete request used no more bytes than there were, and every shorter prefix of them is
//   incomplete;
// - a complete request written back in canonical form parses to the same request (with the
//   head limit raised by the byte per field the canonical form may add);
// - the sandbox answers every complete request with a status from 200 to 599 and, for JSON
//   answers, a body that is JSON.
import PaymentFormJSON
import PaymentFormEngineTesting
import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormEngine

private let server: SandboxServer? = (try? SandboxData.samples()).map {
    SandboxServer(SandboxConfiguration(data: $0, customerId: "fuzz-customer", clientSessionId: "fuzz-session"))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let options = input.byte()
    let limits = HTTPRequestParser.Limits(
        maximumHeadBytes: options & 1 == 0 ? 16 << 10 : 256, maximumBodyBytes: options & 2 == 0 ? 1 << 20 : 64, maximumHeaderCount: 100)
    let step = Int(options >> 2) + 1
    let bytes = Array(input.remainingBytes())

    var whole = HTTPRequestParser(limits: limits)
    let outcome = whole.parse(bytes)

    var pieces = HTTPRequestParser(limits: limits)
    var buffer: [UInt8] = []
    var piecewise = HTTPRequestParser.Outcome.incomplete
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + step)
        buffer += bytes[offset..<end]
        offset = end
        piecewise = pieces.parse(buffer)
        if piecewise != .incomplete { break }
    }
    if bytes.isEmpty { piecewise = pieces.parse([]) }
    check(piecewise == outcome, "parsing in pieces of \(step) differs from parsing at once")

    guard case .complete(let request, let consumed) = outcome else { return 0 }
    check(consumed <= bytes.count, "used more bytes than given")
    let cut = consumed > 0 ? Int(options) % consumed : 0
    var prefixParser = HTTPRequestParser(limits: limits)
    check(prefixParser.parse(Array(bytes[0..<cut])) == .incomplete, "a prefix of a complete request is not incomplete")

    var canonical = "\(request.method) \(request.target) HTTP/1.\(request.minorVersion)\r\n"
    for field in request.headers { canonical += "\(field.name): \(field.value)\r\n" }
    var rewritten = Array((canonical + "\r\n").utf8)
    rewritten += request.body
    // The canonical form writes one space after every colon, so a head at the limit that had
    // none can grow by a byte per field: the reparse allows for exactly that.
    let canonicalLimits = HTTPRequestParser.Limits(
        maximumHeadBytes: (options & 1 == 0 ? 16 << 10 : 256) + request.headers.count,
        maximumBodyBytes: options & 2 == 0 ? 1 << 20 : 64, maximumHeaderCount: 100)
    var again = HTTPRequestParser(limits: canonicalLimits)
    if case .complete(let reparsed, let used) = again.parse(rewritten) {
        check(reparsed == request && used == rewritten.count, "the canonical form parses differently")
    } else {
        check(false, "the canonical form does not parse")
    }

    _ = request.pathSegments
    _ = request.queryItems
    _ = request.keepsAlive
    if let server {
        let response = server.respond(to: request, fromLoopback: options & 1 == 0)
        check((200...599).contains(response.status), "status \(response.status) out of range")
        // The answer's own content type, not any header: a CORS answer echoes the request's
        // `Origin`, which may read `application/json...` over an empty body.
        if response.headers.values(named: "Content-Type").contains(where: { $0.hasPrefix("application/json") }) {
            check((try? JSONParser().parse(response.body)) != nil, "a JSON answer is not JSON")
        }
        _ = response.bytes(closing: false)
    }
    return 0
}
