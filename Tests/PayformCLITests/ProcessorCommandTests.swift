import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport

/// `payform sips …` and `payform saferpay …`.
@Suite("payform sips, saferpay", .timeLimit(.minutes(10)))
struct ProcessorCommandTests {
    static let initialization = #"{"redirectionData": "RD", "redirectionUrl": "https://office.example/next", "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PK", "merchantId": "0112"}"#

    @Test("sips request: digits-only card number, yyyyMM expiry, the brand's Sips name; values from stdin")
    func sipsRequest() throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let values = #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28", "cardCSCValue": "123"}"#
        let result = CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initFile, "--values", "-", "--brand", "cartes-bancaires", "--now", "2026-11"], stdin: values)
        #expect(result.exitCode == 0, "\(result.stdout)")
        let json = try CLI.json(result)
        #expect(json["cardNumber"] == "4970100000000006")
        #expect(json["cardExpiryDate"] == "202801")
        #expect(json["paymentMeanBrand"] == "CB")
        #expect(json["redirectionData"] == "RD")
        let object = try #require(json.objectValue)
        #expect(object.keys == object.keys.sorted())
        #expect(!result.stderr.contains("4970"))
    }

    @Test("sips request: invalid values answer like validate with exit 1; bad operations and init files exit 2")
    func sipsRequestErrors() throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let invalid = CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initFile, "--value", "cardNumber=4111111111111112", "--now", "2026-11"])
        #expect(invalid.exitCode == 1)
        let errors = try CLI.json(invalid)["errors"]
        let list = try #require(errors?.arrayValue, "no errors")
        #expect(list.map { $0["fieldId"] } == ["cardNumber", "cardExpiryDate"])
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", "fly", "--init", initFile]), code: "usage", mentioning: "--operation")
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", "getWalletData", "--init", initFile, "--value", "cardNumber=1"]),
                                  code: "usage", mentioning: "getWalletData takes no values")
        let brokenInit = try CLI.temporaryFile(#"{"redirectionUrl": "u"}"#)
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", "cardOrder", "--init", brokenInit, "--value", "cardExpiryDate=1230"]),
                                  code: "missing_key", mentioning: "redirectionVersion")
    }

    @Test("sips response: outcome, the blamed field, exit 0 only for success", arguments: [
        (#"{"inAppResponseCode": "00", "maskedPan": "4111##########11"}"#, "success", Int32(0), [JSONValue]()),
        (#"{"inAppResponseCode": "12", "errorFieldName": "cardCSCValue"}"#, "failed", 1, ["cardCSCValue"]),
        (#"{"inAppResponseCode": "40"}"#, "notAuthorised", 1, []),
        (#"{"inAppResponseCode": "99"}"#, "retryLater", 1, []),
    ])
    func sipsResponse(answer: String, outcome: String, exitCode: Int32, fields: [JSONValue]) throws {
        let result = CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-", "--locale", "de"], stdin: answer)
        #expect(result.exitCode == exitCode)
        let json = try CLI.json(result)
        #expect(json["outcome"] == .string(outcome))
        let errors = try #require(json["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["fieldId"] ?? .null } == fields)
        #expect(json["response"]?["inAppResponseCode"] != nil)
        if case .string(let message)? = json["message"] { #expect(!message.isEmpty) } else { Issue.record("no message") }
    }

    @Test("sips acs-form escapes values; sips pares decodes and URL-encodes; sips seal reads the key from a file")
    func sipsHelpers() throws {
        let page = CLI.run(["sips", "acs-form", "--acs-url", "https://acs.example/x", "--pareq", "a\"b<c>", "--md-file", "-", "--term-url", "https://shop.example/r"], stdin: "order 42\n")
        #expect(page.exitCode == 0)
        #expect(page.stdout.contains(#"value="a&quot;b&lt;c&gt;""#))
        #expect(page.stdout.contains(#"name="MD" value="order 42""#))
        try CLI.expectUsableError(CLI.run(["sips", "acs-form", "--acs-url", "javascript:x", "--pareq", "p", "--md", "m", "--term-url", "https://shop.example/r"]),
                                  code: "invalid_url", mentioning: "ACS URL")

        let paRes = CLI.run(["sips", "pares", "--callback", "https://shop.example/r?PaRes=eJzN%2Bw%3D%3D&MD=order+42"])
        #expect(try CLI.json(paRes) == ["paRes": "eJzN%2Bw%3D%3D", "md": "order 42"])
        let fromStdin = CLI.run(["sips", "pares", "--callback", "-"], stdin: "PaRes=abc")
        #expect(try CLI.json(fromStdin) == ["paRes": "abc", "md": nil])

        let key = try CLI.temporaryFile("002001000000001_KEY1\n", name: UUID().uuidString + ".key")
        let message = try CLI.temporaryFile(#"{"amount": 1050, "captureMode": "VALIDATION", "currencyCode": "978", "interfaceVersion": "IR_MB_3.0", "keyVersion": 1, "merchantId": "011223344550000", "s10TransactionReference": {"s10TransactionIdDate": "20261123", "s10TransactionId": "000001"}, "sdkOperationName": "CARDORDER", "paymentMeanBrandList": ["VISA", "CB"], "sealAlgorithm": "HMAC-SHA-256"}"#)
        let seal = CLI.run(["sips", "seal", "--secret-key-file", key, "--json", message])
        #expect(try CLI.json(seal) == ["seal": "4324e0bce9475a8fcb07925cee52ccd05304a70c5e2f12cce7413b1cfd0cccd4"])
        let sealed = try CLI.temporaryFile(#"{"a": "1", "seal": "00"}"#)
        #expect(CLI.run(["sips", "seal", "--secret-key-file", key, "--json", sealed, "--check"]).exitCode == 1)
        #expect(CLI.run(["sips", "seal", "--help"]).stdout.contains("never from the command line"))
    }

    @Test("saferpay return classifies navigation URLs", arguments: [
        ("https://shop.example/ok?x=1", "success"), ("https://shop.example/ko", "fail"), ("https://shop.example/cancel", "abort"),
        ("https://test.saferpay.com/x", "none"),
    ])
    func saferpayReturn(url: String, expected: String) throws {
        let result = CLI.run(["saferpay", "return", "--url", url, "--success", "https://shop.example/ok", "--fail", "https://shop.example/ko",
                              "--abort", "https://shop.example/cancel"])
        #expect(try CLI.json(result) == ["result": .string(expected)])
    }

    @Test("saferpay post against the sandbox's stand-in: redirect, then the spent token's error")
    func saferpayPost() async throws {
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples()))
        try server.start()
        defer { server.stop() }
        let token = try JSONSerialization.jsonObject(with: try Self.post("http://127.0.0.1:\(server.port)/saferpay/tokens", #"{"ReturnUrl": "https://shop.example/ok"}"#)) as? [String: Any]
        let redirectURL = try #require(token?["RedirectUrl"] as? String)
        let values = try CLI.temporaryFile(#"{"HolderName": "Zoë", "CardNumber": "4111 1111 1111 1111", "Expiry": "03/31", "VerificationCode": "123"}"#)
        let first = await CLI.execute(["saferpay", "post", "--redirect-url", redirectURL, "--values", values])
        #expect(first.exitCode == 0, "\(first.stdout)")
        #expect(try CLI.json(first)["outcome"] == "redirect")
        let second = await CLI.execute(["saferpay", "post", "--redirect-url", redirectURL, "--values", values])
        #expect(second.exitCode == 1)
        let json = try CLI.json(second)
        #expect(json["outcome"] == "error")
        #expect(json["errorName"] == "TOKEN_INVALID")
        #expect(json["behavior"] == "DO_NOT_RETRY")
        #expect(json["category"] == "DO_NOT_RETRY")
        // Saferpay: TOKEN_INVALID is "token does not exist for this customer or was already
        // used": the token is at fault, not the card, so the payer is not told to use another card.
        #expect(json["message"] == "This payment session is no longer valid. Please start the payment again.")
        for text in [first.stdout, first.stderr, second.stdout, second.stderr] { #expect(!text.contains("4111")) }
    }

    @Test("saferpay post refuses plain http to another host and URLs without a host, before sending", arguments: [
        "http://test.saferpay.com/cardpost", "https:test.saferpay.com", "ftp://x.example/",
    ])
    func saferpayPostURL(url: String) async throws {
        let values = try CLI.temporaryFile(#"{"HolderName": "Zoë", "CardNumber": "4111 1111 1111 1111", "Expiry": "03/31", "VerificationCode": "123"}"#)
        let result = await CLI.execute(["saferpay", "post", "--redirect-url", url, "--values", values, "--timeout", "1"])
        try CLI.expectUsableError(result, code: "invalid_url", mentioning: "--redirect-url: RedirectUrl must be an absolute https URL with a host")
    }

    /// A blocking POST, standing in for the merchant's server.
    static func post(_ url: String, _ body: String) throws -> Data {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let done = DispatchSemaphore(value: 0)
        let answer = Shared(Data())
        URLSession.shared.dataTask(with: request) { data, _, _ in
            answer.set(data ?? Data())
            done.signal()
        }.resume()
        done.wait()
        return answer.value
    }
}
