import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
@testable import PayformCLI
import PaymentFormJSON
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormEngine
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport
import PayformCommands

/// What `payform` writes to stderr never drives the terminal: text from a server, a definition or
/// a token is escaped, and each diagnostic stays one line.
@Suite("Terminal output")
struct TerminalOutputTests {
    /// ESC sequences (clear screen, OSC window title with BEL), a C1 CSI, DEL, a bidi override
    /// and a line break: everything a hostile text could try.
    static let hostile = "x\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}31m\u{7F}\u{202E}y\nz\u{2066}"

    /// Every line of `stderr` is free of characters a terminal acts on.
    static func expectSafe(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!stderr.isEmpty, "nothing on stderr", sourceLocation: sourceLocation)
        // C0 but tab and line feed, DEL, C1, the bidi embeddings, overrides and isolates.
        let unsafe = stderr.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\t" && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        #expect(unsafe.isEmpty, "raw controls on stderr: \(unsafe.map { String($0.value, radix: 16) })", sourceLocation: sourceLocation)
        #expect(stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    }

    @Test("fetch: a remote error body's escape sequences are escaped in the one stderr line and in the JSON message")
    func remoteErrorBody() async throws {
        let body = JSONWriter().string(from: [
            "errorId": .string(Self.hostile),
            "errors": [["code": .string("1007" + Self.hostile), "message": .string("bad " + Self.hostile), "propertyName": "productId"]],
        ])
        var configuration = SandboxConfiguration(data: try SandboxData.samples())
        configuration.intercept = { _ in
            HTTPResponse(status: 404, headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(body.utf8))
        }
        let server = SandboxServer(configuration)
        try server.start()
        defer { server.stop() }
        let session = try CLI.temporaryFile(server.sessionLine + "\n")
        let result = await Payform.execute(
            ["fetch", "products", "--session", session, "--country", "NL", "--currency", "EUR"], context: CommandContext(environment: [:]))
        #expect(result.exitCode == 2)
        Self.expectSafe(result.stderr)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.contains(#"\u{1B}]0;pwned\u{7}"#), "shown as escapes: \(result.stderr)")
        let message = try #require(CLI.json(result)["error"]?["message"]?.stringValue, "no message")
        #expect("payform: \(message)\n" == result.stderr, "the JSON message is the same text")
    }

    @Test("definition warnings: a validator's name, a repeated key and a regular expression are escaped", arguments: ["validate", "render", "form"])
    func definitionWarnings(command: String) throws {
        let text = String(decoding: JSONText.quote(Self.hostile), as: UTF8.self)
        let regex = String(decoding: JSONText.quote("(" + Self.hostile), as: UTF8.self)
        let product = try CLI.temporaryFile("""
            {"id": 1, "paymentMethod": "card", "displayHints": {}, \(text): 1, \(text): 2, "fields": [
             {"id": "f", "type": "text", "dataRestrictions": {"validators": {\(text): {}, "regularExpression": {"regularExpression": \(regex)}}},
              "displayHints": {"label": "F", "formElement": {"type": "text"}}}]}
            """)
        let arguments: [String] = switch command {
        case "validate": ["validate", "--product", product, "--value", "f=a"]
        case "render": ["render", "--product", product, "--format", "text"]
        default: ["form", "--product", product]
        }
        let result = CLI.run(arguments, stdin: "")
        #expect(result.exitCode != 2, "\(result.stdout)")
        Self.expectSafe(result.stderr)
        // The repeated key, the validator's name, the pattern: each warning on one line.
        let warnings = result.stderr.split(separator: "\n")
        #expect(warnings.count >= 3, "\(result.stderr)")
        #expect(warnings.allSatisfy { $0.hasPrefix("payform: warning: ") }, "one line per warning: \(result.stderr)")
        #expect(result.stderr.contains(#"\u{1B}[2J"#))
    }

    @Test("decrypt: a token header quoted in the error is escaped")
    func jweHeader() throws {
        let privateKey = Fixtures.demoPrivateKeyPath
        for header in [
            #"{"alg":"\u001b]0;pwned\u0007","enc":"A256CBC-HS512"}"#,
            #"{"alg":"RSA-OAEP","enc":"\u009b31m\u202e"}"#,
            #"{"alg":"RSA-OAEP","enc":"A256CBC-HS512","\u001b[2J":1,"\u001b[2J":2}"#,
        ] {
            // Segments of the right sizes (a 2048-bit key's 256 bytes, a 16-byte IV, one block, a
            // 32-byte tag), so the header is what is refused.
            let token = [Array(header.utf8), [UInt8](repeating: 0, count: 256), [UInt8](repeating: 0, count: 16),
                         [UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 32)].map(Base64URLText.encode).joined(separator: ".")
            let result = CLI.run(["decrypt", "--private-key", privateKey, "--token", token])
            #expect(result.exitCode == 2)
            Self.expectSafe(result.stderr)
            #expect(result.stderr.contains(#"\u{"#), "the control characters are shown as escapes: \(result.stderr)")
        }
    }

    @Test("an error message with control characters is escaped in both places, so they stay the same text")
    func errorLine() throws {
        let error = CLIError(code: "x", message: "a\u{1B}[2Jb\nc")
        #expect(error.message == #"a\u{1B}[2Jb\nc"#)
        let result = CommandResult.failure(error)
        #expect(result.stderr == "payform: a\\u{1B}[2Jb\\nc\n")
        #expect(CommandResult(stderr: "payform: warning: \u{1B}[31m\n").stderr == "payform: warning: \\u{1B}[31m\n")
    }
}

/// Base64url without padding, for hand-made tokens.
enum Base64URLText {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
