import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// A refused signature says why (issue 57: every signing mistake was a bare 401): the string the
/// sandbox signed, and which part most likely differs — never the secret.
@Suite("Server API: a refused signature says why")
struct ServerAPISignatureDiagnosisTests {
    let base: ServerAPITests

    init() throws {
        base = try ServerAPITests()
    }

    static let target = "/v2/\(ServerAPITests.merchant)/sessions"
    static let secret = SandboxServerAPI.defaultSecretApiKey

    /// A request with `headers` (Date added), signed over `signedText` with `secret`, `keyId`.
    func send(contentType: String?, signedText: (String) -> String, secret: String = Self.secret,
              keyId: String = SandboxServerAPI.defaultApiKeyId, target: String = Self.target) -> (status: Int, message: String, logNote: String?) {
        let date = ServerAPISigner.now()
        var fields = [HTTPHeaderField("Date", date)]
        if let contentType { fields.append(HTTPHeaderField("Content-Type", contentType)) }
        let signature = Base64.encode(HMAC<SHA256>.authenticationCode(for: Array(signedText(date).utf8), key: Array(secret.utf8)))
        fields.append(HTTPHeaderField("Authorization", "GCS v1HMAC:\(keyId):\(signature)"))
        let response = base.server.respond(to: HTTPRequest(method: "POST", target: target, headers: HTTPHeaders(fields), body: Array("{}".utf8)),
                                           fromLoopback: true)
        let json = (try? JSONParser().parse(response.body)) ?? .null
        return (response.status, json["errors"]?.arrayValue?.first?["message"]?.stringValue ?? "", response.logNote)
    }

    @Test("the right signature passes (the test's signer is right)")
    func rightSignature() {
        let answer = send(contentType: "application/json", signedText: { "POST\napplication/json\n\($0)\n\(Self.target)\n" })
        #expect(answer.status == 201)
    }

    @Test("each common mistake is named, with the string the sandbox signed and never the secret", arguments: [
        ("node's fetch: text/plain sent, application/json signed", "text/plain;charset=UTF-8", "application/json", true, "text/plain;charset=UTF-8"),
        ("no trailing line feed", "application/json", "application/json", false, "lacks its last line feed"),
        ("Content-Type sent, none signed", "application/json", "", true, "leaves the Content-Type line empty"),
    ])
    func mistakes(about: String, sent: String, signed: String, trailing: Bool, expected: String) {
        let answer = send(contentType: sent, signedText: { date in
            let text = "POST\n\(signed)\n\(date)\n\(Self.target)\n"
            return trailing ? text : String(text.dropLast())
        })
        #expect(answer.status == 401, "\(about)")
        #expect(answer.message.contains(expected), "\(about): \(answer.message)")
        #expect(answer.message.contains("The sandbox signed") && answer.message.contains("\\n\(Self.target)\\n"), "\(about): \(answer.message)")
        #expect(!answer.message.contains(Self.secret) && !answer.message.contains("NOT-FOR-PRODUCTION-0000"), "never the secret")
        #expect(answer.logNote == answer.message, "the log line says the same")
    }

    @Test("a wrong secret: the message says to check it, shows the string signed, not the secret")
    func wrongSecret() {
        let answer = send(contentType: "application/json", signedText: { "POST\napplication/json\n\($0)\n\(Self.target)\n" }, secret: "another-secret")
        #expect(answer.status == 401)
        #expect(answer.message.contains("does not match") && answer.message.contains("check the secret"))
        #expect(answer.message.contains("POST\\napplication/json\\n"))
        #expect(!answer.message.contains(Self.secret) && !answer.message.contains("another-secret"))
    }

    @Test("a wrong key id is named with the sandbox's own")
    func wrongKeyId() {
        let answer = send(contentType: "application/json", signedText: { "POST\napplication/json\n\($0)\n\(Self.target)\n" }, keyId: "my-key")
        #expect(answer.status == 401)
        #expect(answer.message.contains("the key id 'my-key' is not this sandbox's (\(SandboxServerAPI.defaultApiKeyId)"))
    }

    @Test("no Authorization header, and a Date out of bounds, say so")
    func missingParts() {
        let date = ServerAPISigner.now()
        let bare = base.server.respond(to: HTTPRequest(method: "POST", target: Self.target, headers: HTTPHeaders([HTTPHeaderField("Date", date)]),
                                                       body: []), fromLoopback: true)
        let message = ((try? JSONParser().parse(bare.body))?["errors"]?.arrayValue?.first?["message"]?.stringValue) ?? ""
        #expect(bare.status == 401 && message.contains("no Authorization header"), "\(message)")
        let old = base.server.respond(to: HTTPRequest(method: "POST", target: Self.target,
                                                      headers: HTTPHeaders([HTTPHeaderField("Date", "Thu, 01 Jan 1970 00:00:00 GMT")]), body: []),
                                      fromLoopback: true)
        let dateMessage = ((try? JSONParser().parse(old.body))?["errors"]?.arrayValue?.first?["message"]?.stringValue) ?? ""
        #expect(old.status == 401 && dateMessage.contains("within 15 minutes"), "\(dateMessage)")
    }
}
