import Foundation
import Testing
import PaymentFormEngine

/// The one header list of the client's requests and answers and of the sandbox's messages.
@Suite("HTTPHeaders: lookup by name, ignoring ASCII case")
struct HTTPHeadersTests {
    static let headers: HTTPHeaders = [
        HTTPHeaderField("Content-Type", "application/json"),
        HTTPHeaderField("Vary", "Origin"),
        HTTPHeaderField("vary", "Accept-Encoding"),
        HTTPHeaderField("X-Straße", "non-ASCII name"),
    ]

    @Test("the first field of a name, in any ASCII case; nil for a name that is not there", arguments: [
        ("Content-Type", "application/json"), ("content-type", "application/json"), ("CONTENT-TYPE", "application/json"),
        ("Vary", "Origin"), ("VARY", "Origin"), ("X-Straße", "non-ASCII name"), ("x-straße", "non-ASCII name"),
        ("X-STRASSE", nil), ("X-STRAẞE", nil), ("Content-Typ", nil), ("Content-Type ", nil), ("", nil),
    ] as [(String, String?)])
    func lookup(name: String, value: String?) {
        #expect(Self.headers[name] == value)
    }

    @Test("repeated names stay separate fields, in order")
    func repeatedNames() {
        #expect(Self.headers.values(named: "VARY") == ["Origin", "Accept-Encoding"])
        #expect(Self.headers.values(named: "Allow").isEmpty)
        #expect(Self.headers.count == 4)
        #expect(Self.headers.map(\.name) == ["Content-Type", "Vary", "vary", "X-Straße"])
    }

    @Test("the client's request and answer and the sandbox's request look up through the same list")
    func messagesShareTheLookup() throws {
        let url = try #require(URL(string: "http://127.0.0.1/client/v1/c/products"))
        let request = ClientAPIRequest(method: "GET", url: url, headers: Self.headers)
        let response = ClientAPIResponse(statusCode: 200, headers: Self.headers)
        #expect(request.header("content-TYPE") == "application/json")
        #expect(response.header("content-TYPE") == "application/json")
        #expect(request.headers == response.headers)
    }

    @Test("appending keeps the order; a list equals the literal of its fields")
    func appending() {
        var headers: HTTPHeaders = []
        headers.append(HTTPHeaderField("Allow", "GET"))
        headers.append(contentsOf: [HTTPHeaderField("Retry-After", "1")])
        #expect(headers == [HTTPHeaderField("Allow", "GET"), HTTPHeaderField("Retry-After", "1")])
        #expect(headers["retry-after"] == "1")
    }
}
