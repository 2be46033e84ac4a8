import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport
import PayformCommands

/// `payform sips …` and `payform saferpay …` against what the seed guides document (the Sips
/// In-App iOS guides, seeds 000–002; the Saferpay mobile guide, seed 004): each test names the
/// guide line it answers.
@Suite("payform sips, saferpay: the guides, line by line", .timeLimit(.minutes(10)))
struct ProcessorGuideCommandTests {
    static let initialization = #"{"redirectionData": "RD", "redirectionUrl": "https://office.example/next", "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PK"}"#

    // Guides, "cardOrder response format (OrderResponse object)": statementReference,
    // returnContext, panEntryMode, … are typed members of the response, not raw JSON; issue 25:
    // what is left in otherFields stays a JSON value (`"00"`, not `"\"00\""`).
    @Test("sips response types every documented member and keeps the others as JSON values")
    func responseShape() throws {
        let answer = #"""
        {"inAppResponseCode": "00", "amount": 1050, "statementReference": "SHOP 42", "returnContext": "ctx", "panEntryMode": "MANUAL",
         "holderAuthentMethod": "3DS", "walletType": "W", "authentExemptionReasonList": "LOW_VALUE, TRA",
         "cardData": {"cardBrand": "VISA", "panCheckAlgorithm": "L"},
         "redirectionStatusCode": "00", "futureFlag": true, "futureList": [1, "a"]}
        """#
        let result = CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-"], stdin: answer)
        #expect(result.exitCode == 0, "\(result.stdout)")
        let response = try #require(try CLI.json(result)["response"])
        #expect(response["statementReference"] == "SHOP 42")
        #expect(response["returnContext"] == "ctx")
        #expect(response["panEntryMode"] == "MANUAL")
        #expect(response["holderAuthentMethod"] == "3DS")
        #expect(response["walletType"] == "W")
        #expect(response["amount"] == "1050")
        #expect(response["authentExemptionReasonList"] == ["LOW_VALUE", "TRA"])
        #expect(response["cardData"]?["panCheckAlgorithm"] == "L")
        #expect(response["cardData"]?["otherFields"] == [:])
        #expect(response["otherFields"] == ["futureFlag": true, "futureList": [1, "a"], "redirectionStatusCode": "00"])
        let object = try #require(response.objectValue)
        #expect(object.keys == object.keys.sorted())
    }

    // Guides' change log, SDK 21.2.0: "Replace paymentMeanId format from NSString to NSInteger".
    @Test("sips response prints paymentMeanId as a number; getTransactionData is one flat object")
    func integersAndTransactionData() throws {
        let add = CLI.run(["sips", "response", "--operation", "addCard", "--response", "-"], stdin: #"{"inAppResponseCode": "00", "paymentMeanId": "17"}"#)
        #expect(try CLI.json(add)["response"]?["paymentMeanId"] == 17)
        let transaction = CLI.run(["sips", "response", "--operation", "getTransactionData", "--response", "-"],
                                  stdin: #"{"inAppResponseCode": "00", "captureLimitDate": "20261130", "originAmount": 1050, "transactionStatus": "TO_CAPTURE", "maskedPan": "4111##########11"}"#)
        let response = try CLI.json(transaction)["response"]
        #expect(response?["captureLimitDate"] == "20261130")
        #expect(response?["originAmount"] == "1050")
        #expect(response?["transactionStatus"] == "TO_CAPTURE")
        #expect(response?["maskedPan"] == "4111##########11")
        #expect(response?["order"] == nil)
        #expect(response?["otherFields"] == [:])
        let wrong = CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-"], stdin: #"{"statementReference": ["4111111111111111"]}"#)
        try CLI.expectUsableError(wrong, code: "invalid_value", mentioning: "statementReference: expected string, found array")
        #expect(!wrong.stdout.contains("4111") && !wrong.stderr.contains("4111"))
    }

    // Guides, "deletePaymentMean request format": paymentMeanId (mandatory) and the initialize
    // values; paymentMeanId an integer since SDK 21.2.0.
    @Test("sips request builds deletePaymentMean; paymentMeanId goes out as a number and takes digits only")
    func deletePaymentMean() throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let result = CLI.run(["sips", "request", "--operation", "deletePaymentMean", "--init", initFile, "--value", "paymentMeanId=17"])
        #expect(result.exitCode == 0, "\(result.stdout)")
        #expect(try CLI.json(result) == [
            "paymentMeanId": 17, "publicKeyValue": "PK", "redirectionData": "RD", "redirectionUrl": "https://office.example/next",
            "redirectionVersion": "IR_MB_3.0",
        ])
        let wallet = CLI.run(["sips", "request", "--operation", "walletOrder", "--init", initFile, "--value", "paymentMeanId=17", "--value", "cardCSCValue=123"])
        #expect(try CLI.json(wallet)["paymentMeanId"] == 17)
        let letters = CLI.run(["sips", "request", "--operation", "walletOrder", "--init", initFile, "--value", "paymentMeanId=card-17"])
        #expect(letters.exitCode == 1)
        #expect(try CLI.json(letters)["errors"]?[0]?["errorId"] == "numericString")
    }

    @Test("an integer parameter with leading zeros is written as a canonical JSON number, which strict parsers read",
          arguments: [("007", 7), ("000000000000000001", 1), ("0", 0), ("999999999999999999", 999_999_999_999_999_999)])
    func canonicalIntegerParameters(typed: String, number: Int) throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let result = CLI.run(["sips", "request", "--operation", "deletePaymentMean", "--init", initFile, "--value", "paymentMeanId=\(typed)"])
        #expect(result.exitCode == 0, "\(result.stdout)")
        // Foundation's parser, like Python's and node's, refuses a number with leading zeros.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((object["paymentMeanId"] as? NSNumber)?.int64Value == Int64(number))
        #expect(try CLI.json(result)["paymentMeanId"] == .number(String(number)))
    }

    // Guides, "cardValidateAuthenticationAndOrder request format": paResMessage ("Standard URL
    // Encode algorithm must be applied"), transactionContextData, transactionContextVersion,
    // redirectionUrl; "getTransactionData request format": the same context from
    // paymentProviderOrder's answer.
    @Test("sips request builds the last 3-D Secure step from the enrolment answer and sips pares; getTransactionData from the provider's answer")
    func continuations() throws {
        let enrolment = try CLI.temporaryFile(#"{"redirectionStatusCode": "00", "paReqMessage": "P", "authentRedirectionUrl": "https://acs.example", "redirectionUrl": "https://office.example/validate", "transactionContextData": "CTX", "transactionContextVersion": "2"}"#)
        let paRes = CLI.run(["sips", "pares", "--callback", "https://shop.example/3ds?PaRes=eJzN%2Bw%3D%3D&MD=order-42"])
        let call = CLI.run(["sips", "request", "--operation", "cardValidateAuthenticationAndOrder", "--init", enrolment, "--pares", "-"], stdin: paRes.stdout)
        #expect(call.exitCode == 0, "\(call.stdout)")
        #expect(try CLI.json(call) == [
            "paResMessage": "eJzN%2Bw%3D%3D", "redirectionUrl": "https://office.example/validate", "transactionContextData": "CTX",
            "transactionContextVersion": "2",
        ])
        try CLI.expectUsableError(
            CLI.run(["sips", "request", "--operation", "cardValidateAuthenticationAndOrder", "--init", enrolment]), code: "usage", mentioning: "--pares")
        let noPaRes = try CLI.temporaryFile(#"{"md": "x"}"#)
        try CLI.expectUsableError(
            CLI.run(["sips", "request", "--operation", "cardValidateAuthenticationAndOrder", "--init", enrolment, "--pares", noPaRes]),
            code: "missing_pares", mentioning: "paRes")

        let provider = try CLI.temporaryFile(#"{"inAppResponseCode": "00", "outerRedirectionUrl": "bcmc://pay", "redirectionUrl": "https://office.example/data", "transactionContextData": "C2", "transactionContextVersion": "1"}"#)
        let data = CLI.run(["sips", "request", "--operation", "getTransactionData", "--init", provider])
        #expect(try CLI.json(data) == ["redirectionUrl": "https://office.example/data", "transactionContextData": "C2", "transactionContextVersion": "1"])
        let noContext = try CLI.temporaryFile(#"{"inAppResponseCode": "00"}"#)
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", "getTransactionData", "--init", noContext]),
                                  code: "missing_key", mentioning: "redirectionUrl")
    }

    // Guides, INAPPCardData "panCheckAlgorithm … (L/V/N/Empty)".
    @Test("sips request --card-data: a card whose getCardData says N is not Luhn-checked")
    func cardData() throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1112", "cardExpiryDate": "12/30"}"#)
        let none = try CLI.temporaryFile(#"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "CB", "panCheckAlgorithm": "N"}]}"#)
        let luhn = try CLI.temporaryFile(#"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "CB", "panCheckAlgorithm": "L"}]}"#)
        let base = ["sips", "request", "--operation", "cardOrder", "--init", initFile, "--values", values, "--now", "2026-11"]
        #expect(CLI.run(base + ["--card-data", none]).exitCode == 0)
        #expect(CLI.run(base + ["--card-data", luhn]).exitCode == 1)
        #expect(CLI.run(base).exitCode == 1)
    }

    // Guides, "POST form to the ACS": "If confidential data are included (as the PAN), they must
    // be encrypted."
    @Test("sips acs-form refuses an MD holding a card number in clear, without echoing it")
    func merchantData() throws {
        let result = CLI.run(["sips", "acs-form", "--acs-url", "https://acs.example/x", "--pareq", "p", "--md-file", "-", "--term-url", "https://shop.example/r"],
                             stdin: "cart 4111 1111 1111 1111\n")
        try CLI.expectUsableError(result, code: "md_holds_card_number", mentioning: "encrypted")
        #expect(!result.stdout.contains("4111") && !result.stderr.contains("4111"))
    }

    // Saferpay mobile guide: "Behavior … RETRY_LATER, RETRY, ABORT…": ABORT is kept as sent, with
    // its category beside it.
    @Test("saferpay post keeps Behavior as sent and adds its category")
    func saferpayBehavior() async throws {
        var configuration = SandboxConfiguration(data: try SandboxData.samples())
        configuration.intercept = { request in
            guard request.path.hasPrefix("/saferpay/abort") else { return nil }
            return HTTPResponse(status: 400, headers: [HTTPHeaderField("Content-Type", "application/json")],
                                body: Array(#"{"ErrorName": "VALIDATION_FAILED", "Behavior": "ABORT", "ErrorDetail": ["CardNumber"]}"#.utf8))
        }
        let server = SandboxServer(configuration)
        try server.start()
        defer { server.stop() }
        let values = try CLI.temporaryFile(#"{"HolderName": "Zoë", "CardNumber": "4111 1111 1111 1111", "Expiry": "03/31", "VerificationCode": "123"}"#)
        // Awaited, not blocking: a command that awaits must not hold a thread of the shared pool.
        let result = await Payform.execute(
            ["saferpay", "post", "--redirect-url", "http://127.0.0.1:\(server.port)/saferpay/abort", "--values", values],
            context: CommandContext(environment: ["LANG": "en_US.UTF-8"]))
        #expect(result.exitCode == 1)
        let json = try CLI.json(result)
        #expect(json["behavior"] == "ABORT")
        #expect(json["category"] == "DO_NOT_RETRY")
        #expect(json["errors"]?[0]?["fieldId"] == "CardNumber")
    }
}

extension JSONValue {
    /// The element at `index` of an array, or `nil`.
    fileprivate subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
