#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEncryption
import PaymentFormTestSupport
import PaymentFormEngine
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// The sandbox items of the third security review, each with its regression test: DNS
/// rebinding (Host), simple cross-origin POSTs (Content-Type), a stop stuck behind a client that
/// does not read, and start-up on a FIFO. (`--allow-origin null`: SandboxCORSTests and the CLI's.)
@Suite("Sandbox security: Host, Content-Type, stop, FIFOs")
struct SandboxSecurityTests {
    static func start(allowedHosts: [String] = [], limits: SandboxLimits = SandboxLimits(),
                      intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws -> SandboxServer {
        var configuration = SandboxConfiguration(
            data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1", allowedHosts: allowedHosts, limits: limits)
        configuration.intercept = intercept
        let server = SandboxServer(configuration)
        try server.start()
        return server
    }

    /// One request with `Host: host` and `Connection: close`; the status line's code and the body.
    static func exchange(_ port: Int, host: String, _ head: String = "GET /client/v1/c1/crypto/publickey HTTP/1.1",
                         headers: String = "Authorization: GCS v1Client:s1\r\n", body: String = "") async -> (status: Int, body: String) {
        let raw = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            let length = body.isEmpty ? "" : "Content-Length: \(body.utf8.count)\r\n"
            connection.send("\(head)\r\nHost: \(host)\r\n\(headers)\(length)Connection: close\r\n\r\n\(body)")
            return connection.readToEnd()
        }
        let answer = SandboxClient.parse(raw)
        return (answer.status, answer.body)
    }

    // MARK: - Host (DNS rebinding)

    @Test("a Host that does not name the sandbox gets 421 JSON; its own names, with any port or none, are answered")
    func hostCheck() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let otherPort = port + 1 > 65_535 ? 1 : port + 1
        // A dev-server proxy (Vite on 5173) keeps the browser's Host: the name is what matters.
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST:\(port)", "[::1]:\(port)", "127.0.0.1", "localhost:5173",
                     "127.0.0.1:\(otherPort)", "[::1]:8080", "localhost"] {
            #expect(await Self.exchange(port, host: host).status == 200, "\(host)")
        }
        for host in ["evil.example:\(port)", "evil.example", "evil.example:5173", "127.0.0.1.evil.example:\(port)",
                     "localhost.:\(port)", "[::2]:\(port)", "127.0.0.1:x", "localhost:99999", "localhost:"] {
            let answer = await Self.exchange(port, host: host)
            #expect(answer.status == 421, "\(host)")
            let json = try JSONParser().parse(Array(answer.body.utf8))
            let errors = try #require(json["errors"]?.arrayValue, "421 without a JSON error body: \(answer.body)")
            #expect(errors.first?["code"] == "SANDBOX_MISDIRECTED_REQUEST")
        }
    }

    @Test("--allowed-host adds a name (any port) or a name with its own port (that port only)")
    func allowedHosts() async throws {
        let server = try Self.start(allowedHosts: ["shop.test", "proxy.test:8443"])
        defer { server.stop() }
        let port = server.port
        #expect(await Self.exchange(port, host: "shop.test:\(port)").status == 200)
        #expect(await Self.exchange(port, host: "SHOP.test").status == 200)
        #expect(await Self.exchange(port, host: "shop.test:5173").status == 200)
        #expect(await Self.exchange(port, host: "proxy.test:8443").status == 200)
        #expect(await Self.exchange(port, host: "proxy.test:\(port)").status == 421)
        #expect(await Self.exchange(port, host: "other.test:\(port)").status == 421)
        #expect(SandboxAdmission.isValidAllowedHost("shop.test") && SandboxAdmission.isValidAllowedHost("[::1]:80"))
        for bad in ["", "http://shop.test", "shop.test/x", "shop test", "shop.test:99999", "[zz]"] {
            #expect(!SandboxAdmission.isValidAllowedHost(bad), "\(bad)")
        }
    }

    // MARK: - Content-Type and Content-Encoding

    // The Server API checks the type itself, after its route and signature: ServerAPIOperationsTests.
    @Test("a POST to a JSON API without Content-Type: application/json is 415; with it (and a charset) it goes on", arguments: [
        "POST /client/v1/c1/services/getIINdetails HTTP/1.1", "POST /sandbox/v1/payments HTTP/1.1",
    ])
    func contentType(head: String) async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        let body = #"{"bin": "411111"}"#
        for type in ["", "Content-Type: text/plain\r\n", "Content-Type: application/x-www-form-urlencoded\r\n",
                     "Content-Type: multipart/form-data; boundary=x\r\n", "Content-Type: application/jsonx\r\n"] {
            let answer = await Self.exchange(port, host: "127.0.0.1", head, headers: "Authorization: GCS v1Client:s1\r\n" + type, body: body)
            #expect(answer.status == 415, "\(head) with \(type)")
            #expect(answer.body.contains("SANDBOX_UNSUPPORTED_MEDIA_TYPE"))
        }
        let json = await Self.exchange(port, host: "127.0.0.1", head,
                                       headers: "Authorization: GCS v1Client:s1\r\nContent-Type: Application/JSON; charset=utf-8\r\n", body: body)
        #expect(json.status != 415, "\(head): \(json.body)")
    }

    @Test("Server API: an unknown route is 404 before the content type; a bodiless POST needs none; a body must be JSON (415 after the signature)")
    func serverAPIContentType() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let port = server.port
        for head in ["POST /v1/sandbox-merchant/nowhere HTTP/1.1", "POST /v2/sandbox-merchant/payments/1/approve HTTP/1.1", "POST /files/v1/x HTTP/1.1"] {
            let answer = await Self.exchange(port, host: "127.0.0.1", head, headers: "Content-Type: text/plain\r\n", body: "x")
            #expect(answer.status == 404 && answer.body.contains("SANDBOX_NO_SUCH_ROUTE"), "\(head): \(answer.status)")
        }
        let signer = ServerAPISigner()
        func signed(_ method: String, _ path: String, type: String?, body: String) async -> (status: Int, body: String) {
            var fields = signer.headers(method: method, target: path, json: false)
            if let type {
                // Signed with the type it is sent with.
                fields = signer.headers(method: method, target: path, json: false).filter { $0.0 != "Authorization" }
                let date = fields.first { $0.0 == "Date" }?.1 ?? ""
                let text = "\(method)\n\(type)\n\(date)\n\(path)\n"
                let signature = Base64.encode(HMAC<SHA256>.authenticationCode(for: Array(text.utf8), key: Array(signer.secretApiKey.utf8)))
                fields.append(("Content-Type", type))
                fields.append(("Authorization", "GCS v1HMAC:\(signer.apiKeyId):\(signature)"))
            }
            let headers = fields.map { "\($0.0): \($0.1)\r\n" }.joined()
            return await Self.exchange(port, host: "127.0.0.1", "\(method) \(path) HTTP/1.1", headers: headers, body: body)
        }
        let bodiless = await signed("POST", "/v2/sandbox-merchant/payments/unknown/cancel", type: nil, body: "")
        #expect(bodiless.status == 404 && bodiless.body.contains("UNKNOWN_PAYMENT_ID"), "\(bodiless.status) \(bodiless.body)")
        let text = await signed("POST", "/v2/sandbox-merchant/sessions", type: "text/plain", body: "{}")
        #expect(text.status == 415 && text.body.contains("SANDBOX_UNSUPPORTED_MEDIA_TYPE") && text.body.contains("errorId"))
    }

    @Test("a body with a Content-Encoding other than identity is 415, naming it")
    func contentEncoding() async throws {
        let server = try Self.start()
        defer { server.stop() }
        // The Client API inflates nothing; the Server API takes gzip (and inflates it, bounded:
        // ServerAPIGzipTests), any other encoding is 415 there too.
        for (head, encoding) in [("POST /client/v1/c1/services/getIINdetails HTTP/1.1", "gzip"), ("POST /sandbox/v1/payments HTTP/1.1", "gzip"),
                                 ("POST /v2/sandbox-merchant/payments HTTP/1.1", "br"), ("POST /v1/sandbox-merchant/payments HTTP/1.1", "deflate")] {
            let answer = await Self.exchange(
                server.port, host: "127.0.0.1", head,
                headers: "Authorization: GCS v1Client:s1\r\nContent-Type: application/json\r\nContent-Encoding: \(encoding)\r\n", body: "\u{1F}")
            #expect(answer.status == 415, "\(head) \(encoding)")
            #expect(answer.body.contains("SANDBOX_UNSUPPORTED_CONTENT_ENCODING") && answer.body.contains(encoding))
        }
        let identity = await Self.exchange(
            server.port, host: "127.0.0.1", "POST /client/v1/c1/services/getIINdetails HTTP/1.1",
            headers: "Authorization: GCS v1Client:s1\r\nContent-Type: application/json\r\nContent-Encoding: identity\r\n", body: #"{"bin": "411111"}"#)
        #expect(identity.status == 200)
    }

    // MARK: - Stop

    /// `/proc/self/fd/N`'s target (`socket:[123]`, `pipe:[456]`), or `nil` when N is not open.
    static func target(of descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    @Test("stop() with an answer stuck sending to a client that does not read wakes the writer and closes every descriptor, cycle after cycle")
    func stopWhileSending() async throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc (Linux)")
        let huge = HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "application/octet-stream")],
                                body: [UInt8](repeating: 0x61, count: 16 << 20))
        for _ in 0..<3 {
            // A write deadline far beyond stop()'s own wait: only waking the writer ends it in time.
            let server = try Self.start(limits: SandboxLimits(writeTimeout: 120), intercept: { _ in huge })
            let port = server.port
            // The answer is counted before it is written: from then on the writer is stuck. Under
            // the whole suite's parallel load a fresh loopback connection was seen lost before the
            // server accepted it (the client reset, the listen queue empty): a new one is tried
            // then. (Bounds, not timings.)
            var connections: [RawConnection] = []
            for _ in 0..<5 where server.answeredRequestCount == 0 {
                let connection = try #require(await onThread { try? RawConnection(port: port, receiveBuffer: 4096) })
                connections.append(connection)
                #expect(connection.send("GET /anything HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
                for _ in 0..<1_000 where server.answeredRequestCount == 0 { try await Task.sleep(nanoseconds: 5_000_000) }
            }
            try #require(server.answeredRequestCount == 1)
            let held = server.openDescriptors.map { (descriptor: $0, target: Self.target(of: $0)) }
            #expect(held.count == 4, "listener, wake pipe (2), the connection: \(held)")
            await onThread { server.stop() }
            #expect(server.openDescriptors.isEmpty, "still held after stop(): \(server.openDescriptors)")
            for (descriptor, target) in held {
                // Closed: the number is free, or already reused for something else.
                let now = Self.target(of: descriptor)
                #expect(now == nil || now != target, "descriptor \(descriptor) (\(target ?? "?")) is still open after stop()")
            }
            #expect(server.openConnectionCount == 0)
            for connection in connections { connection.close() }
        }
    }

    // MARK: - FIFOs

    @Test("a FIFO given as the products folder, or inside it, is refused at start-up instead of waiting for a writer")
    func fifo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let products = folder.appendingPathComponent("products")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try Data(try #require(ShippedSamples.productJSON(named: "visa"))).write(to: products.appendingPathComponent("visa.json"))
        let pipe = products.appendingPathComponent("pipe.json")
        try #require(mkfifo(pipe.path, 0o600) == 0)
        // A writer that would unblock a reader that waits (what the sandbox did before): then it
        // reads an empty file, and the error is another one.
        let writerDone = DispatchSemaphore(value: 0)
        Thread {
            let descriptor = open(pipe.path, O_WRONLY)
            if descriptor >= 0 { close(descriptor) }
            writerDone.signal()
        }.start()
        #expect {
            try SandboxData.load(productsFolder: products)
        } throws: { error in
            (error as? SandboxError)?.message.contains("not a regular file") == true
        }
        // Release the writer if nothing opened the FIFO for reading.
        let reader = open(pipe.path, O_RDONLY | O_NONBLOCK)
        writerDone.wait()
        if reader >= 0 { close(reader) }

        let fifoFolder = folder.appendingPathComponent("fifo-folder")
        try #require(mkfifo(fifoFolder.path, 0o600) == 0)
        #expect {
            try SandboxData.load(productsFolder: fifoFolder)
        } throws: { error in
            (error as? SandboxError)?.message.contains("not a folder") == true
        }
    }
}
