import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormSandboxClientAPI

/// Saferpay's card post: the body, the answers, the return URLs, and the whole flow against the
/// sandbox's stand-in over loopback.
@Suite("Saferpay card post", .timeLimit(.minutes(10)))
struct SaferpayTests {
    static let november2026 = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    static func request(_ values: [String: String]) throws -> PaymentRequest {
        var request = PaymentRequest(product: try Fixtures.sample("saferpay-card"))
        for (field, value) in values { try request.setValue(value, forField: field) }
        return request
    }

    static let good = ["HolderName": "Zoë O'Brien & Co", "CardNumber": "4111 1111 1111 1111", "Expiry": "03/31", "VerificationCode": "123"]

    @Test("the body: the five fields and FromAjax, card number as digits, two-digit month, four-digit year")
    func body() throws {
        let post = try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: URL(string: "https://test.saferpay.com/x")!, in: Self.november2026)
        #expect(post.fieldNames == ["HolderName", "CardNumber", "ExpMonth", "ExpYear", "VerificationCode", "FromAjax"])
        let body = String(decoding: post.body, as: UTF8.self)
        #expect(body == "HolderName=Zo%C3%AB%20O%27Brien%20%26%20Co&CardNumber=4111111111111111&ExpMonth=03&ExpYear=2031&VerificationCode=123&FromAjax=true")
        #expect(!String(describing: post).contains("4111"))
        var dumped = ""
        dump(post, to: &dumped)
        #expect(!dumped.contains("4111") && !dumped.contains("123&"))
    }

    @Test("invalid values are not posted; the request must be on saferpay-card; the URL must be http(s)")
    func refusals() throws {
        var bad = Self.good
        bad["CardNumber"] = "4111 1111 1111 1112"
        #expect(throws: SaferpayError.self) {
            try SaferpayCardPost(request: try Self.request(bad), redirectURL: URL(string: "https://x.example")!, in: Self.november2026)
        }
        let visa = PaymentRequest(product: try Fixtures.sample("visa"))
        #expect(throws: SaferpayError.wrongDefinition("1")) {
            try SaferpayCardPost(request: visa, redirectURL: URL(string: "https://x.example")!, in: Self.november2026)
        }
        #expect(throws: SaferpayError.invalidURL("RedirectUrl")) {
            try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: URL(string: "javascript:alert(1)")!, in: Self.november2026)
        }
    }

    @Test("card data goes to https with a host, or plain http only to this machine", arguments: [
        ("https://test.saferpay.com/Fields/Card", true), ("HTTPS://x.example:8443/p?q=1", true),
        ("http://127.0.0.1:8080/saferpay/cardpost/t", true), ("http://127.9.0.1/x", true), ("http://localhost:1/x", true),
        ("http://[::1]:8080/x", true),
        ("http://test.saferpay.com/x", false), ("http://192.168.1.10/x", false), ("http://127.0.0.1.evil.example/x", false),
        ("http://1270.0.0.1/x", false), ("http://127.0.0.256/x", false), ("https:evil.example", false), ("https:/evil.example/x", false),
        ("https:///x", false), ("ftp://x.example/", false), ("javascript:alert(1)", false), ("/relative/path", false),
    ])
    func urlRule(url: String, allowed: Bool) throws {
        let redirectURL = try #require(URL(string: url))
        let make = { try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: redirectURL, in: Self.november2026) }
        if allowed {
            #expect(throws: Never.self) { try make() }
        } else {
            #expect(throws: SaferpayError.invalidURL("RedirectUrl")) { try make() }
        }
        // The same rule for the RedirectUrl Saferpay answers with.
        let body = Array(#"{"RedirectUrl": "\#(url)"}"#.utf8)
        if allowed {
            #expect(try SaferpayPostResult(statusCode: 200, body: body, localizer: Localizer(languageTag: "en")) == .redirect(redirectURL))
        } else {
            #expect {
                try SaferpayPostResult(statusCode: 200, body: body, localizer: Localizer(languageTag: "en"))
            } throws: { error in
                guard case .unexpectedAnswer(200, let reason)? = error as? SaferpayError else { return false }
                return reason.hasPrefix("the RedirectUrl in the answer is not an absolute https URL") && !reason.contains(url)
            }
        }
    }

    @Test("the refusal says what is accepted")
    func urlRuleMessage() {
        #expect(SaferpayError.invalidURL("RedirectUrl").description
            == "RedirectUrl must be an absolute https URL with a host (plain http only to this machine: localhost, 127.0.0.1, ::1)")
    }

    @Test("a 3xx answer is unexpected, whatever its body", arguments: [301, 302, 303, 307, 308])
    func redirectAnswer(status: Int) {
        #expect(throws: SaferpayError.unexpectedAnswer(statusCode: status, reason: "a redirect, which is not followed")) {
            try SaferpayPostResult(statusCode: status, body: Array(#"{"RedirectUrl": "https://x.example"}"#.utf8), localizer: Localizer(languageTag: "en"))
        }
    }

    /// Answers Saferpay could give, read without a network.
    @Test("answers: redirect, errors with ErrorDetail as an array or a string, behaviours, malformed answers", arguments: [
        (200, #"{"RedirectUrl": "https://test.saferpay.com/3ds"}"#, "redirect", [String](), ""),
        (400, #"{"ErrorName": "VALIDATION_FAILED", "Behavior": "RETRY", "ErrorDetail": ["CardNumber", "ExpMonth", "ExpYear"]}"#, "VALIDATION_FAILED", ["CardNumber", "Expiry"], "RETRY"),
        (400, #"{"ErrorName": "VALIDATION_FAILED", "Behavior": "ABORT", "ErrorDetail": "VerificationCode, HolderName"}"#, "VALIDATION_FAILED", ["HolderName", "VerificationCode"], "ABORT"),
        (402, #"{"ErrorName": "TRANSACTION_DECLINED", "Behavior": "OTHER_MEANS"}"#, "TRANSACTION_DECLINED", [], "OTHER_MEANS"),
        (400, #"{"ErrorName": "CARD_CVC_INVALID", "Behavior": "RETRY_LATER", "ErrorDetail": ["Something"]}"#, "CARD_CVC_INVALID", [], "RETRY_LATER"),
        (403, #"{"ErrorName": "NEW_NAME", "Behavior": "SOMETHING_NEW"}"#, "NEW_NAME", [], "SOMETHING_NEW"),
    ])
    func answers(status: Int, json: String, expected: String, fields: [String], behavior: String) throws {
        let form = try Fixtures.sample("saferpay-card")
        let result = try SaferpayPostResult(statusCode: status, body: Array(json.utf8), localizer: Localizer(languageTag: "de"), form: form)
        switch result {
        case .redirect(let url):
            #expect(expected == "redirect")
            #expect(url.absoluteString == "https://test.saferpay.com/3ds")
        case .error(let error):
            #expect(error.errorName == expected)
            #expect(error.fieldErrors.map(\.fieldId) == fields)
            #expect(error.fieldErrors.allSatisfy { $0.errorId == "rejected" })
            #expect(error.behavior == behavior)
            #expect(error.category == SaferpayBehavior(behavior))
            #expect(error.category.allowsResubmitting == (behavior == "RETRY"))
            #expect(!error.message.isEmpty)
        }
    }

    @Test("answers that are neither a redirect nor a Saferpay error are typed errors", arguments: [
        (500, "<html>oops</html>"), (200, #"{"Nothing": 1}"#), (200, #"{"RedirectUrl": "javascript:alert(1)"}"#),
        (400, #"{"Message": "no ErrorName"}"#), (302, #"{"RedirectUrl": "https://x.example"}"#), (200, "[]"),
    ])
    func unexpected(status: Int, body: String) {
        #expect(throws: SaferpayError.self) {
            try SaferpayPostResult(statusCode: status, body: Array(body.utf8), localizer: Localizer(languageTag: "en"))
        }
    }

    @Test("return URLs: scheme, host, port and path match; query and fragment are ignored", arguments: [
        ("https://shop.example/pay/success?tx=1#x", SaferpayReturn.success), ("HTTPS://SHOP.EXAMPLE:443/pay/success", .success),
        ("https://shop.example/pay/fail", .fail), ("https://shop.example/pay/abort?x", .abort),
        ("https://shop.example/pay/success/more", .none), ("http://shop.example/pay/success", .none),
        ("https://evil.example/pay/success", .none), ("https://shop.example:8443/pay/success", .none),
        ("https://test.saferpay.com/3ds", .none),
    ])
    func returns(url: String, expected: SaferpayReturn) throws {
        let result = SaferpayReturn(
            navigation: try #require(URL(string: url)), success: try #require(URL(string: "https://shop.example/pay/success")),
            fail: try #require(URL(string: "https://shop.example/pay/fail")), abort: URL(string: "https://shop.example/pay/abort"))
        #expect(result == expected)
    }

    /// A transport that fails or hangs, for the error paths.
    struct FailingTransport: ClientAPITransport {
        let hang: Bool
        func send(_ request: ClientAPIRequest) async throws -> ClientAPIResponse {
            if hang {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            }
            throw URLError(.cannotConnectToHost)
        }
    }

    @Test("no answer is a network error; cancellation is cancelled")
    func transportErrors() async throws {
        let post = try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: URL(string: "https://x.example")!, in: Self.november2026)
        await #expect(throws: SaferpayError.network("URLError")) { try await post.send(using: FailingTransport(hang: false)) }
        #expect(SaferpayError.network("URLError").description == "no answer came from Saferpay (the transport failed with URLError)")
        let task = Task { try await post.send(using: FailingTransport(hang: true)) }
        task.cancel()
        await #expect(throws: SaferpayError.cancelled) { try await task.value }
    }

    // MARK: - Against the sandbox's stand-in, over loopback

    struct Sandbox {
        let server: SandboxServer
        let base: String

        init() throws {
            server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples()))
            try server.start()
            base = "http://127.0.0.1:\(server.port)"
        }

        /// What the merchant's server does: a token and a RedirectUrl for a return URL.
        func token(returnURL: String) async throws -> URL {
            let response = try await URLSessionTransport().send(ClientAPIRequest(
                method: "POST", url: try #require(URL(string: base + "/saferpay/tokens")),
                headers: [HTTPHeaderField("Content-Type", "application/json")], body: Array(#"{"ReturnUrl": "\#(returnURL)"}"#.utf8)))
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            let text = try #require(object?["RedirectUrl"] as? String)
            return try #require(URL(string: text))
        }
    }

    @Test("valid card: redirect, and the redirect page sends the browser to the shop's success URL")
    func flowSuccess() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        let success = "https://shop.example/pay/success"
        let redirectURL = try await sandbox.token(returnURL: success)
        let post = try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: redirectURL, in: .current())
        let result = try await post.send(using: URLSessionTransport(), form: try Fixtures.sample("saferpay-card"))
        let next = try #require(result.redirectURL, "expected a redirect, got \(result)")
        // The stand-in's redirect page answers 303 to the ReturnUrl (the transport does not follow it).
        let page = try await URLSessionTransport().send(ClientAPIRequest(method: "GET", url: next))
        #expect(page.statusCode == 303)
        let location = try #require(page.header("Location").flatMap { URL(string: $0) })
        #expect(SaferpayReturn(navigation: location, success: try #require(URL(string: success)), fail: try #require(URL(string: "https://shop.example/pay/fail"))) == .success)

        // The token is spent.
        let again = try #require(try await post.send(using: URLSessionTransport()).errorAnswer, "a second post went through")
        #expect(again.errorName == "TOKEN_INVALID")
        #expect(again.category == .doNotRetry)
    }

    @Test("invalid at Saferpay: VALIDATION_FAILED lands on exactly the named fields")
    func flowValidationFailed() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        // Valid for a client whose clock says 2020, expired for the stand-in's real clock.
        var values = Self.good
        values["Expiry"] = "01/22"
        let post = try SaferpayCardPost(request: try Self.request(values), redirectURL: try await sandbox.token(returnURL: "https://shop.example/r"),
                                        in: ValidationContext(now: YearMonth(year: 2020, month: 1)!))
        let result = try await post.send(using: URLSessionTransport(), localizer: Localizer(languageTag: "fr"), form: try Fixtures.sample("saferpay-card"))
        let error = try #require(result.errorAnswer, "expected an error answer")
        #expect(error.errorName == "VALIDATION_FAILED")
        #expect(error.errorDetail == ["ExpYear"])
        #expect(error.fieldErrors == [FieldError(fieldId: "Expiry", error: ValidationError(id: "rejected"))])
        #expect(error.category == .retry)
        #expect(error.message.contains("réessayer"))
    }

    @Test("a declined card: the advice is surfaced, no field is blamed")
    func flowDeclined() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        var values = Self.good
        values["CardNumber"] = "4000 0000 0000 0002"
        let post = try SaferpayCardPost(request: try Self.request(values), redirectURL: try await sandbox.token(returnURL: "https://shop.example/r"), in: .current())
        let error = try #require(try await post.send(using: URLSessionTransport()).errorAnswer, "expected an error answer")
        #expect(error.errorName == "TRANSACTION_DECLINED")
        #expect(error.category == .doNotRetry)
        #expect(error.fieldErrors.isEmpty)
    }

    @Test("posted straight to the stand-in, invalid fields are named in Saferpay's names")
    func standInNamesFields() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        let url = try await sandbox.token(returnURL: "https://shop.example/r")
        let response = try await URLSessionTransport().send(ClientAPIRequest(
            method: "POST", url: url, headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded")],
            body: Array("HolderName=&CardNumber=4111111111111112&ExpMonth=13&ExpYear=2030&VerificationCode=1&FromAjax=true".utf8)))
        #expect(response.statusCode == 400)
        let result = try SaferpayPostResult(statusCode: response.statusCode, body: response.body, localizer: Localizer(languageTag: "en"),
                                            form: try Fixtures.sample("saferpay-card"))
        let error = try #require(result.errorAnswer, "expected an error answer")
        #expect(error.errorDetail.sorted() == ["CardNumber", "ExpMonth", "HolderName", "VerificationCode"])
        #expect(error.fieldErrors.map(\.fieldId) == ["HolderName", "CardNumber", "Expiry", "VerificationCode"])
    }

    // MARK: - Against hostile servers, over loopback

    @Test("a redirect of the card post is not followed: the card data never reaches the other host", arguments: [302, 303, 307, 308])
    func postRedirected(status: Int) async throws {
        let other = try LoopbackHTTPServer { _ in .answer(status: 200, body: Array(#"{"RedirectUrl": "https://x.example/3ds"}"#.utf8)) }
        defer { other.stop() }
        let server = try LoopbackHTTPServer { _ in .answer(status: status, headers: [("Location", other.baseURL + "/steal")]) }
        defer { server.stop() }
        let post = try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: try #require(URL(string: server.baseURL + "/cardpost")), in: Self.november2026)
        await #expect(throws: SaferpayError.unexpectedAnswer(statusCode: status, reason: "a redirect, which is not followed")) {
            try await post.send(using: URLSessionTransport())
        }
        #expect(server.requests.count == 1)
        #expect(other.requests.isEmpty)
    }

    @Test("an answer past 32 MiB is unexpected, and reading stops there")
    func postEndlessAnswer() async throws {
        let server = try LoopbackHTTPServer { _ in .endlessChunked(status: 200, pause: 0.001) }
        defer { server.stop() }
        let post = try SaferpayCardPost(request: try Self.request(Self.good), redirectURL: try #require(URL(string: server.baseURL + "/cardpost")), in: Self.november2026)
        await #expect(throws: SaferpayError.unexpectedAnswer(statusCode: 200, reason: "the answer is larger than 32 MiB")) {
            try await post.send(using: URLSessionTransport())
        }
    }
}

extension SaferpayPostResult {
    /// The next URL of a redirect; `nil` for an error answer.
    var redirectURL: URL? {
        if case .redirect(let url) = self { return url }
        return nil
    }

    /// The answer of an error; `nil` for a redirect.
    var errorAnswer: SaferpayErrorAnswer? {
        if case .error(let answer) = self { return answer }
        return nil
    }
}
