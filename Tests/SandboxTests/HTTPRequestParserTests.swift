@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormEngine

@Suite("HTTP request parser")
struct HTTPRequestParserTests {
    private func parse(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> HTTPRequestParser.Outcome {
        var parser = HTTPRequestParser(limits: limits)
        return parser.parse(Array(text.utf8))
    }

    private func status(_ text: String, limits: HTTPRequestParser.Limits = .init()) -> Int? {
        if case .failure(let error) = parse(text, limits: limits) { return error.status }
        return nil
    }

    @Test("a GET with a query, and a POST with a body")
    func valid() throws {
        let (get, used) = try #require(parse("GET /a/b%20c/?x=1&y=a+b&z=%C3%A9 HTTP/1.1\r\nHost: h\r\nX-Empty:\r\n\r\nrest").completed, "not complete")
        #expect(used == "GET /a/b%20c/?x=1&y=a+b&z=%C3%A9 HTTP/1.1\r\nHost: h\r\nX-Empty:\r\n\r\n".utf8.count)
        #expect(get.method == "GET")
        #expect(get.path == "/a/b%20c/")
        #expect(get.pathSegments == ["a", "b c"])
        #expect(get.queryItems?.map(\.name) == ["x", "y", "z"])
        #expect(get.queryItems?.map(\.value) == ["1", "a b", "é"])
        #expect(get.header("host") == "h")
        #expect(get.header("X-EMPTY") == "")
        #expect(get.keepsAlive)
        let (post, _) = try #require(parse("POST /p HTTP/1.0\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello").completed, "not complete")
        #expect(post.body == Array("hello".utf8))
        #expect(post.minorVersion == 0)
        #expect(post.keepsAlive)
        #expect(post.description == "POST /p")
    }

    @Test("incomplete heads and bodies ask for more")
    func incomplete() {
        #expect(parse("") == .incomplete)
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n") == .incomplete)
        #expect(parse("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc") == .incomplete)
    }

    @Test("bytes fed one at a time give the same request")
    func byteByByte() {
        let text = "POST /x?q HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcGET"
        var parser = HTTPRequestParser()
        var buffer: [UInt8] = []
        var outcome = HTTPRequestParser.Outcome.incomplete
        for byte in text.utf8 {
            buffer.append(byte)
            outcome = parser.parse(buffer)
            if outcome != .incomplete { break }
        }
        #expect(outcome == parse(text))
    }

    @Test("refused requests and their statuses", arguments: [
        ("GET / HTTP/1.1\r\n\r\n", 400),                                    // no Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),              // two Hosts
        ("GET / HTTP/1.1\nHost: a\r\n\r\n", 400),                           // bare LF
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),              // obs-fold
        ("GET / HTTP/1.1\r\nHost a\r\n\r\n", 400),                          // no colon
        ("GET / HTTP/1.1\r\nBad Name: a\r\nHost: a\r\n\r\n", 400),          // space in name
        ("GET / HTTP/1.1\r\nHost: a\u{7F}\r\n\r\n", 400),                   // control character
        ("GET / HTTP/1.1\r\nHost: é\r\n\r\n", 400),                         // non-ASCII value
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", 400),                        // two spaces
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),                 // absolute form
        ("GET /# HTTP/1.1\r\nHost: a\r\n\r\n", 400),                        // fragment
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),                         // method not a token
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTPS/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nExpect: magic\r\n\r\n", 417),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n", 413),
        ("\r\n\r\n", 400),
    ])
    func refused(text: String, expected: Int) {
        #expect(status(text) == expected)
    }

    @Test("a head over 16 KiB is 431 whether or not it ended; more than 100 fields too")
    func oversizedHead() {
        let long = "GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "a", count: 16 << 10)
        #expect(status(long) == 431)
        #expect(status(long + "\r\n\r\n") == 431)
        let many = "GET / HTTP/1.1\r\nHost: a\r\n" + (0..<101).map { "X-\($0): 1\r\n" }.joined() + "\r\n"
        #expect(status(many) == 431)
    }

    @Test("100-continue is noticed until the body is complete")
    func expectContinue() {
        var parser = HTTPRequestParser()
        #expect(parser.parse(Array("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n".utf8)) == .incomplete)
        #expect(parser.isAwaitingBodyAfterContinue)
    }

    @Test("malformed escapes in the path or query are refused by the accessors")
    func escapes() {
        let request = HTTPRequest(method: "GET", target: "/a%zz?b=%4")
        #expect(request.pathSegments == nil)
        #expect(request.queryItems == nil)
        #expect(HTTPRequest(method: "GET", target: "/%FF").pathSegments == nil)
    }

    @Test("the fuzzer's first finding: a header value with bytes over 127 is refused")
    func fuzzRegression() throws {
        var bytes = Array("POST /sandbox/v1/payments HTTP/1.1\r\nHost: x\r\nEt: 100-conti".utf8)
        bytes += [0xFF, 0xF5, 0xF5] + Array("\r\nContent-Length: 0\r\n\r\n".utf8)
        var parser = HTTPRequestParser()
        let error = try #require(parser.parse(bytes).refusal, "accepted")
        #expect(error.status == 400)
    }
}

extension HTTPRequestParser.Outcome {
    /// The request and the bytes it used, when complete; `nil` otherwise.
    var completed: (request: HTTPRequest, consumed: Int)? {
        if case .complete(let request, let consumed) = self { return (request, consumed) }
        return nil
    }

    /// The error, when the bytes are refused; `nil` otherwise.
    var refusal: HTTPParseError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
