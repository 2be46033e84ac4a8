import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// SEPA Direct Debit mandates (issue 59): signed on the sandbox's page when the signature type
/// redirects, moved only as the platform allows, refused with its statuses.
@Suite("Server API: mandates")
struct MandateTests {
    let base: ServerAPITests
    static let merchant = ServerAPITests.merchant
    static let iban = "NL91ABNA0417164300"

    init() throws {
        base = try ServerAPITests()
    }

    func call(_ version: ServerAPIVersion, _ method: String, _ path: String, body: String? = nil) -> ServerAnswer {
        base.call(method, "/\(version.rawValue)/\(Self.merchant)/\(path)", body: body)
    }

    func page(_ method: String, _ target: String, form: String? = nil) -> HTTPResponse {
        let headers = form == nil ? HTTPHeaders([]) : HTTPHeaders([HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")])
        return base.server.respond(to: HTTPRequest(method: method, target: target, headers: headers, body: Array((form ?? "").utf8)), fromLoopback: true)
    }

    @Test("UNSIGNED: ACTIVE at once, no merchantAction, the customer as given", arguments: ServerAPIVersion.allCases)
    func unsigned(version: ServerAPIVersion) throws {
        let created = call(version, "POST", "mandates", body: #"""
            {"customerReference": "c-1", "recurrenceType": "RECURRING", "signatureType": "UNSIGNED",
             "customer": {"bankAccountIban": {"iban": "\#(Self.iban)"}}}
            """#)
        #expect(created.status == 201)
        #expect(created.string("mandate", "status") == "ACTIVE" && created.string("mandate", "recurrenceType") == "RECURRING")
        #expect(created.string("mandate", "customer", "bankAccountIban", "iban") == Self.iban)
        #expect(created.json["merchantAction"] == nil)
    }

    @Test("SMS: CREATED with merchantAction REDIRECT; signed on the page it is ACTIVE and the customer returns; the first choice counts",
          arguments: ServerAPIVersion.allCases)
    func signedOnThePage(version: ServerAPIVersion) throws {
        let missing = call(version, "POST", "mandates", body: #"{"customerReference": "c-2", "signatureType": "SMS"}"#)
        #expect(missing.status == 400 && missing.error("propertyName") == "returnUrl")

        let created = call(version, "POST", "mandates", body: #"""
            {"customerReference": "c-2", "signatureType": "SMS", "returnUrl": "https://shop.example/mandate?x=1"}
            """#)
        #expect(created.status == 201 && created.string("mandate", "status") == "CREATED")
        #expect(created.string("merchantAction", "actionType") == "REDIRECT")
        let reference = try #require(created.string("mandate", "uniqueMandateReference"))
        let url = try #require(created.string("merchantAction", "redirectData", "redirectURL"))
        let mac = try #require(created.string("merchantAction", "redirectData", "RETURNMAC"))
        let path = try #require(URLComponents(string: url)?.path)
        #expect(path == "/sandbox/v1/mandates/\(version.rawValue)/\(reference)")

        let shown = page("GET", path)
        #expect(shown.status == 200)
        let html = String(decoding: shown.body, as: UTF8.self)
        #expect(html.contains("id=\"sign\"") && html.contains("id=\"refuse\"") && html.contains(#"data-state="CREATED""#))

        #expect(page("POST", path, form: "outcome=sign&RETURNMAC=wrong").status == 404)
        // The page's form post passes the connection's checks (it is no JSON API).
        let admission = SandboxAdmission(boundHost: "127.0.0.1", allowedHosts: [])
        #expect(admission.refusal(of: HTTPRequest(
            method: "POST", target: path, headers: [HTTPHeaderField("Host", "127.0.0.1:1"), HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("outcome=sign".utf8))) == nil)
        let signed = page("POST", path, form: "outcome=sign&RETURNMAC=\(mac)")
        #expect(signed.status == 303)
        let location = try #require(signed.headers.first { $0.name == "Location" }?.value)
        let query = try #require(URLComponents(string: location)?.queryItems)
        #expect(location.hasPrefix("https://shop.example/mandate?x=1&"))
        #expect(query.contains(URLQueryItem(name: "mandateStatus", value: "ACTIVE")))
        #expect(query.contains(URLQueryItem(name: "RETURNMAC", value: mac)))
        #expect(query.contains(URLQueryItem(name: "uniqueMandateReference", value: reference)))
        #expect(call(version, "GET", "mandates/\(reference)").string("mandate", "status") == "ACTIVE")

        let later = page("POST", path, form: "outcome=refuse&RETURNMAC=\(mac)")
        let again = try #require(later.headers.first { $0.name == "Location" }?.value)
        #expect(again.contains("mandateStatus=ACTIVE"))
        #expect(call(version, "GET", "mandates/\(reference)").string("mandate", "status") == "ACTIVE")
    }

    @Test("refused on the page: REVOKED")
    func refused() throws {
        let created = call(.v2, "POST", "mandates", body: #"{"signatureType": "AIS", "returnUrl": "https://shop.example/m"}"#)
        let reference = try #require(created.string("mandate", "uniqueMandateReference"))
        let mac = try #require(created.string("merchantAction", "redirectData", "RETURNMAC"))
        #expect(page("POST", "/sandbox/v1/mandates/v2/\(reference)", form: "outcome=refuse&RETURNMAC=\(mac)").status == 303)
        #expect(call(.v2, "GET", "mandates/\(reference)").string("mandate", "status") == "REVOKED")
    }

    @Test("moves: block an ACTIVE one, unblock a BLOCKED one, revoke either; any other is refused (400 on /v2, 409 on /v1)",
          arguments: ServerAPIVersion.allCases)
    func moves(version: ServerAPIVersion) throws {
        let refused = version == .v2 ? 400 : 409
        let reference = try #require(call(version, "POST", "mandates", body: "{}").string("mandate", "uniqueMandateReference"))
        func move(_ name: String) -> ServerAnswer { call(version, "POST", "mandates/\(reference)/\(name)") }
        #expect(move("unblock").status == refused)
        #expect(move("block").string("mandate", "status") == "BLOCKED")
        let twice = move("block")
        #expect(twice.status == refused && twice.error("id") == "ACTION_NOT_ALLOWED_ON_TARGET")
        #expect(move("unblock").string("mandate", "status") == "ACTIVE")
        #expect(move("block").status == 200)
        #expect(move("revoke").string("mandate", "status") == "REVOKED")
        for name in ["block", "unblock", "revoke"] {
            #expect(move(name).status == refused, "\(name) of a revoked mandate")
        }
    }

    @Test("unknown references: 404, but /v2 revoke 400; bad input 400 naming the member", arguments: ServerAPIVersion.allCases)
    func refusals(version: ServerAPIVersion) throws {
        for name in ["block", "unblock"] {
            #expect(call(version, "POST", "mandates/nosuchmandate/\(name)").status == 404)
        }
        #expect(call(version, "GET", "mandates/nosuchmandate").status == 404)
        #expect(call(version, "POST", "mandates/nosuchmandate/revoke").status == (version == .v2 ? 400 : 404))
        let cases: [(String, String)] = [
            (#"{"customer": {"bankAccountIban": {"iban": "NL91ABNA0417164301"}}}"#, "customer.bankAccountIban.iban"),
            (#"{"recurrenceType": "ONCE"}"#, "recurrenceType"),
            (#"{"signatureType": "PAPER"}"#, "signatureType"),
            (#"{"signatureType": "SMS", "returnUrl": "not a url"}"#, "returnUrl"),
            (#"{"uniqueMandateReference": "has space"}"#, "uniqueMandateReference"),
        ] + (version == .v1 ? [(#"{"signatureType": "TICK_BOX"}"#, "signatureType")] : [])
        for (body, property) in cases {
            let answer = call(version, "POST", "mandates", body: body)
            #expect(answer.status == 400 && answer.error("propertyName") == .string(property), "\(body)")
        }
    }
}
