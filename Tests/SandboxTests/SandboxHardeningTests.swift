import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormEngine
import PaymentFormEncryption
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
/// What the second security review found in the sandbox, each with its regression test:
/// ambiguous payloads, response splitting in the Saferpay stand-in, the log's redaction and the
/// size of product files read through links.
@Suite("Sandbox hardening", .timeLimit(.minutes(10)))
struct SandboxHardeningTests {
    static func server() throws -> SandboxServer {
        SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
    }

    /// A token of the demo key around `plaintext` as given (no request, no checks).
    static func token(_ plaintext: String) throws -> String {
        let response = try Fixtures.demoPublicKeyResponse()
        return try JWE.encrypt(Array(plaintext.utf8), for: RSAPublicKey(base64DER: response.publicKey), keyId: response.keyId)
    }

    static func post(_ server: SandboxServer, _ body: String) throws -> (status: Int, json: JSONValue) {
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/sandbox/v1/payments", body: Array(body.utf8)), fromLoopback: true)
        return (response.status, try JSONParser().parse(response.body))
    }

    // MARK: - Duplicate keys

    @Test("a decrypted payload with a repeated member, or a field given twice, is refused with 400", arguments: [
        (#"{"clientSessionId": "s1", "paymentProductId": 1, "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}], "paymentValues": [{"key": "cardNumber", "value": "4000000000000002"}]}"#, "paymentValues"),
        (#"{"clientSessionId": "s1", "paymentProductId": 1, "paymentValues": [{"key": "cardNumber", "value": "4111111111111111", "value": "4000000000000002"}]}"#, "value"),
        (#"{"clientSessionId": "s1", "clientSessionId": "other", "paymentProductId": 1, "paymentValues": []}"#, "clientSessionId"),
        (#"{"clientSessionId": "s1", "paymentProductId": 1, "paymentValues": [{"key": "cvv", "value": "123"}, {"key": "cvv", "value": "999"}]}"#, "'cvv'"),
    ])
    func duplicatePayload(plaintext: String, named: String) throws {
        let server = try Self.server()
        let (status, json) = try Self.post(server, #"{"paymentProductId": 1, "encryptedCustomerInput": "\#(try Self.token(plaintext))"}"#)
        #expect(status == 400)
        let errors = try #require(json["errors"]?.arrayValue, "no error message")
        let message = try #require(errors.first?["message"]?.stringValue, "no error message")
        #expect(errors.first?["code"] == "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT")
        #expect(message.contains(named), "\(message)")
        #expect(message.contains("more than once"), "\(message)")
        #expect(!message.contains("4111") && !message.contains("123"), "never a value")
    }

    @Test("the same payload without repetitions is accepted")
    func plainPayload() throws {
        let server = try Self.server()
        let plaintext = #"{"clientSessionId": "s1", "paymentProductId": 1, "paymentValues": [{"key": "cardNumber", "value": "4111111111111111"}, {"key": "expiryDate", "value": "1235"}, {"key": "cvv", "value": "123"}]}"#
        let (status, json) = try Self.post(server, #"{"paymentProductId": 1, "encryptedCustomerInput": "\#(try Self.token(plaintext))"}"#)
        #expect(status == 200)
        #expect(json["valid"] == .bool(true))
    }

    @Test("a request body with a repeated member is refused with 400")
    func duplicateBody() throws {
        let server = try Self.server()
        let (status, json) = try Self.post(server, #"{"paymentProductId": 1, "paymentProductId": 2, "encryptedCustomerInput": "x"}"#)
        #expect(status == 400)
        let errors = try #require(json["errors"]?.arrayValue, "no error message")
        let message = try #require(errors.first?["message"]?.stringValue, "no error message")
        #expect(message.contains("\"paymentProductId\" appears more than once"), "\(message)")
    }

    // MARK: - The Saferpay stand-in

    @Test("a ReturnUrl with CR, LF, NUL, a space or another control character is refused with 400", arguments: [
        "https://shop.example/return\r\nSet-Cookie: session=stolen",
        "https://shop.example/return\nX-Injected: 1",
        "https://shop.example/return\u{0}",
        "https://shop.example/re turn",
        "https://shop.example/return\u{7F}",
        "https://shop.example/return\u{85}",
    ])
    func controlCharactersInReturnURL(url: String) throws {
        let server = try Self.server()
        let body = JSONWriter().string(from: ["ReturnUrl": .string(url)])
        let response = server.respond(to: HTTPRequest(method: "POST", target: "/saferpay/tokens", body: Array(body.utf8)), fromLoopback: true)
        #expect(response.status == 400)
        let json = try JSONParser().parse(response.body)
        #expect(json["ErrorDetail"] == ["ReturnUrl"])
    }

    @Test("RedirectUrl is built from the bound address, never from the request's Host header")
    func redirectFromBoundAddress() async throws {
        // A Host the sandbox answers (others get 421), yet not its address.
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1", allowedHosts: ["evil.example"]))
        try server.start()
        defer { server.stop() }
        let port = server.port
        let body = #"{"ReturnUrl": "https://shop.example/return"}"#
        let answer = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send("POST /saferpay/tokens HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
            return connection.readToEnd()
        }
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        let json = try JSONParser().parse(Array(answer[try #require(answer.range(of: "\r\n\r\n")).upperBound...].utf8))
        let redirect = try #require(json["RedirectUrl"]?.stringValue, "no RedirectUrl")
        #expect(redirect.hasPrefix("http://127.0.0.1:\(port)/saferpay/cardpost/"), "\(redirect)")
        #expect(!answer.contains("evil.example"))
    }

    @Test("no header is ever written with a control character: each is percent-encoded")
    func headerValues() {
        let response = HTTPResponse(status: 303, headers: [
            HTTPHeaderField("Location", "https://shop.example/x\r\nSet-Cookie: a=b\u{0}\u{7F}"), HTTPHeaderField("X-\r\nName", "tab\tkept"),
        ])
        let text = String(decoding: response.bytes(closing: true), as: UTF8.self)
        #expect(text == "HTTP/1.1 303 Status\r\nLocation: https://shop.example/x%0D%0ASet-Cookie: a=b%00%7F\r\nX-%0D%0AName: tab\tkept\r\n"
            + "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    // MARK: - The log

    @Test("the log line hides card numbers, also grouped by any separators, percent-encoded or in full-width digits", arguments: [
        ("/a/4111111111111111/b", "/a/[digits]/b"),
        ("/a/4111-1111-1111-1111/b", "/a/[digits]/b"),
        ("/a/4111%201111%201111%201111", "/a/[digits]"),
        ("/a/4111 1111 1111 1111", "/a/[digits]"),
        ("/a/4111.1111.1111.1111x", "/a/[digits]x"),
        ("/a/4111 - 1111 - 1111 - 1111", "/a/[digits]"),
        ("/a/3782-822463-10005/", "/a/[digits]/"),
        ("/a/12345678901/b", "/a/12345678901/b"),
        ("/client/v1/c1/products/1/directory", "/client/v1/c1/products/1/directory"),
        ("/a/1111-2222/products/3333", "/a/1111-2222/products/3333"),
        // Any separators, up to four characters: the third review's spellings.
        ("/a/4532----0151----1283----0366/b", "/a/[digits]/b"),
        ("/a/4532a0151a1283a0366/b", "/a/[digits]/b"),
        ("/a/%34%35%33%32%30%31%35%31%31%32%38%33%30%33%36%36/b", "/a/[digits]/b"),
        ("/a/%EF%BC%94%EF%BC%95%EF%BC%93%EF%BC%92015112830366", "/a/[digits]"),
        ("/a/\u{FF14}\u{FF15}\u{FF13}\u{FF12}015112830366", "/a/[digits]"),
        ("/a/1111-2222/b/3333", "/a/[digits]"),
    ])
    func redaction(path: String, logged: String) {
        #expect(SandboxServer.loggable(path) == logged)
    }

    // MARK: - Product files

    @Test("--products reads at most its limit, also through a symbolic link")
    func productsThroughLink() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-link-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A sparse file one byte over the limit (nothing written to disk), reached through a link
        // whose own size is a few bytes.
        let big = folder.appendingPathComponent("big.bin")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(JSONParser.Limits.standard.maximumBytes + 1))
        try handle.close()
        let products = folder.appendingPathComponent("products")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: products.appendingPathComponent("linked.json"), withDestinationURL: big)
        do {
            _ = try SandboxData.load(productsFolder: products)
            Issue.record("loaded")
        } catch {
            #expect(error.code == "input_too_large")
            #expect(error.message.contains("linked.json: the file is larger than"))
        }
        // A folder named like a product file is an error, not a crash.
        try FileManager.default.removeItem(at: products.appendingPathComponent("linked.json"))
        try FileManager.default.createDirectory(at: products.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        #expect(throws: SandboxError.self) { try SandboxData.load(productsFolder: products) }
    }
}
