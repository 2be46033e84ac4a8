import Foundation
import Testing
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormTestSupport

/// `payform sips request` and `sips response` for every function of the Sips In-App guides
/// (seeds 000–002), on answers shaped as the guides document them (issue 35: S22, S42, S56 and the
/// smaller items).
@Suite("payform sips: every function of the guides")
struct SipsGuideRequestTests {
    /// An initialize answer as the guides describe it ("Retrieved from initialization request"),
    /// with the shop's merchantId the token call takes.
    static let initialize = #"""
    {"redirectionStatusCode": "00", "redirectionStatusMessage": "OK", "redirectionData": "RD-1", "redirectionUrl": "https://office.example/next",
     "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PK-1", "merchantId": "011223344550000"}
    """#
    /// cardCheckEnrollment / walletCheckEnrollment response format.
    static let enrolment = #"""
    {"redirectionStatusCode": "00", "authentRedirectionUrl": "https://acs.example/pareq", "paReqMessage": "PAREQ", "maskedPan": "4970##########06",
     "redirectionUrl": "https://office.example/validate", "transactionContextData": "CTX", "transactionContextVersion": "2", "tokenPan": "t"}
    """#
    /// paymentProviderOrder response format.
    static let provider = #"""
    {"inAppResponseCode": "00", "outerRedirectionUrl": "bcmc://pay", "redirectionUrl": "https://office.example/data",
     "transactionContextData": "C2", "transactionContextVersion": "1"}
    """#

    /// One function: what `--init` holds, the values on stdin (or none), extra arguments, and the
    /// parameters the guides' request format lists for it (the handler aside).
    struct Case: Sendable, CustomTestStringConvertible {
        var operation: String
        var initialization: String = SipsGuideRequestTests.initialize
        var values: String?
        var extra: [String] = []
        var parameters: [String]
        var testDescription: String { operation }
    }

    static let initializeParameters = ["publicKeyValue", "redirectionData", "redirectionUrl", "redirectionVersion"]

    static let cases: [Case] = [
        Case(operation: "cardOrder", values: #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28", "cardCSCValue": "123"}"#,
             extra: ["--brand", "CB", "--brand-selection-status", "APPLIED"],
             parameters: ["cardCSCValue", "cardExpiryDate", "cardNumber", "paymentMeanBrand", "paymentMeanBrandSelectionStatus"] + initializeParameters),
        Case(operation: "walletOrder", values: #"{"paymentMeanId": "17", "cardCSCValue": "123"}"#,
             parameters: ["cardCSCValue", "paymentMeanId"] + initializeParameters),
        Case(operation: "paymentProviderOrder", parameters: initializeParameters),
        Case(operation: "getTransactionData", initialization: provider,
             parameters: ["redirectionUrl", "transactionContextData", "transactionContextVersion"]),
        Case(operation: "cardCheckEnrollment", values: #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28"}"#,
             parameters: ["cardExpiryDate", "cardNumber"] + initializeParameters),
        Case(operation: "walletCheckEnrollment", values: #"{"paymentMeanId": "17"}"#, parameters: ["paymentMeanId"] + initializeParameters),
        Case(operation: "cardValidateAuthenticationAndOrder", initialization: enrolment, values: #"{"paRes": "eJzN%2Bw%3D%3D", "md": "order-42"}"#,
             parameters: ["paResMessage", "redirectionUrl", "transactionContextData", "transactionContextVersion"]),
        Case(operation: "paymentTokenGenerate", values: #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28", "cardCSCValue": "123"}"#,
             parameters: ["cardCSCValue", "cardExpiryDate", "cardNumber", "merchantId", "publicKeyValue", "redirectionUrl", "redirectionVersion"]),
        Case(operation: "getWalletData", parameters: initializeParameters),
        Case(operation: "addCard", values: #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28", "paymentMeanAlias": "My card"}"#,
             parameters: ["cardExpiryDate", "cardNumber", "paymentMeanAlias"] + initializeParameters),
        Case(operation: "deletePaymentMean", values: #"{"paymentMeanId": "17"}"#, parameters: ["paymentMeanId"] + initializeParameters),
        Case(operation: "getCardData", values: #"{"cardIIN": "497010"}"#, parameters: ["cardIIN"] + initializeParameters),
    ]

    @Test("every function the guides document exits 0 with the parameters of its request format", arguments: cases)
    func everyFunction(_ testCase: Case) throws {
        let initFile = try CLI.temporaryFile(testCase.initialization)
        var arguments = ["sips", "request", "--operation", testCase.operation, "--init", initFile, "--now", "2026-11"]
        if testCase.values != nil {
            arguments += testCase.operation == "cardValidateAuthenticationAndOrder" ? ["--pares", "-"] : ["--values", "-"]
        }
        let result = CLI.run(arguments + testCase.extra, stdin: testCase.values ?? "")
        #expect(result.exitCode == 0, "\(result.stdout)\(result.stderr)")
        var keys: [String]?
        if case .object(let object) = try CLI.json(result) { keys = object.keys }
        #expect(keys == testCase.parameters)
        #expect(result.stderr.isEmpty)
    }

    @Test("the table covers every function payform knows")
    func tableIsComplete() {
        #expect(Set(Self.cases.map(\.operation)) == Set(SipsCommands.operationNames.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }))
        #expect(Self.cases.count == 12)
    }

    // S22, S42: the four values come from the initialize answer, as for the other functions; the
    // values of another call are refused.
    @Test("getWalletData and paymentProviderOrder send the initialize answer's values, and take no others",
          arguments: ["getWalletData", "paymentProviderOrder"])
    func initializationOnly(operation: String) throws {
        let initFile = try CLI.temporaryFile(Self.initialize)
        let result = CLI.run(["sips", "request", "--operation", operation, "--init", initFile])
        #expect(try CLI.json(result) == ["publicKeyValue": "PK-1", "redirectionData": "RD-1", "redirectionUrl": "https://office.example/next", "redirectionVersion": "IR_MB_3.0"])
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", operation, "--init", initFile, "--value", "cardNumber=1"]),
                                  code: "usage", mentioning: "takes no values")
        let noData = try CLI.temporaryFile(#"{"redirectionUrl": "u", "redirectionVersion": "v", "publicKeyValue": "k"}"#)
        try CLI.expectUsableError(CLI.run(["sips", "request", "--operation", operation, "--init", noData]),
                                  code: "missing_key", mentioning: "--init: redirectionData: required key is missing or empty")
    }

    @Test("a missing redirectionData names --init, like the other keys of the initialize answer")
    func missingRedirectionData() throws {
        let noData = try CLI.temporaryFile(#"{"redirectionUrl": "u", "redirectionVersion": "v", "publicKeyValue": "k"}"#)
        try CLI.expectUsableError(
            CLI.run(["sips", "request", "--operation", "cardOrder", "--init", noData, "--values", "-", "--now", "2026-11"],
                    stdin: #"{"cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "01/28"}"#),
            code: "missing_key", mentioning: "--init: redirectionData: required key is missing or empty")
        try CLI.expectUsableError(
            CLI.run(["sips", "request", "--operation", "paymentTokenGenerate", "--init", noData, "--values", "-", "--now", "2026-11"],
                    stdin: #"{"cardCSCValue": "123"}"#),
            code: "missing_key", mentioning: "--init: merchantId: required key is missing or empty")
        let noVersion = try CLI.temporaryFile(#"{"redirectionUrl": "u", "publicKeyValue": "k"}"#)
        try CLI.expectUsableError(
            CLI.run(["sips", "request", "--operation", "cardOrder", "--init", noVersion, "--value", "cardExpiryDate=1230"]),
            code: "missing_key", mentioning: "--init: redirectionVersion")
    }

    // Guides: paymentMeanBrand is in the request formats of cardOrder, walletOrder,
    // cardCheckEnrollment, walletCheckEnrollment, addCard and paymentTokenGenerate only; --brand
    // used to be dropped silently elsewhere.
    @Test("--brand or --brand-selection-status for a function that takes no brand: said, exit 2", arguments: [
        ("getCardData", ["--values", "-"]), ("deletePaymentMean", ["--values", "-"]), ("getWalletData", []), ("paymentProviderOrder", []),
        ("getTransactionData", []), ("cardValidateAuthenticationAndOrder", ["--pares", "-"]),
    ])
    func brandRefused(operation: String, input: [String]) throws {
        let initFile = try CLI.temporaryFile(Self.initialize)
        for option in ["--brand", "--brand-selection-status"] {
            let result = CLI.run(["sips", "request", "--operation", operation, "--init", initFile, option, "CB"] + input, stdin: #"{"cardIIN": "497010"}"#)
            try CLI.expectUsableError(result, code: "usage", mentioning: "\(option): \(operation) takes no brand")
        }
    }

    // Guides, getCardData: "… propose to the customer to choose the brand to apply on a payment
    // while his card is linked to several brands"; cardDataList has "several occurrences" for a
    // co-badged card.
    @Test("sips response for getCardData prints the brand choices the library computes")
    func brandChoices() throws {
        let answer = #"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "CB", "cardScheme": "CB"}, {"cardBrand": "VISA"}, {"cardBrand": "cb"}, {"cardBrand": "NEWBRAND"}]}"#
        let result = CLI.run(["sips", "response", "--operation", "getCardData", "--response", "-"], stdin: answer)
        #expect(result.exitCode == 0, "\(result.stdout)")
        let json = try CLI.json(result)
        #expect(json["brandChoices"] == [
            ["sipsName": "CB", "brandId": "cartes-bancaires"], ["sipsName": "VISA", "brandId": "visa"], ["sipsName": "NEWBRAND", "brandId": nil],
        ])
        let single = CLI.run(["sips", "response", "--operation", "getCardData", "--response", "-"], stdin: #"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "VISA"}]}"#)
        #expect(try CLI.json(single)["brandChoices"] == [["sipsName": "VISA", "brandId": "visa"]])
        // Other functions' answers have none.
        let order = CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-"], stdin: #"{"inAppResponseCode": "00"}"#)
        #expect(try CLI.json(order)["brandChoices"] == nil)
    }

    // S56, guides' INAPPCardData: panLengthMin, panLengthMax.
    @Test("sips request --card-data: the card number takes getCardData's length; a longer one is a length error, never sent")
    func panLength() throws {
        let initFile = try CLI.temporaryFile(Self.initialize)
        let cardData = try CLI.temporaryFile(#"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "VISA", "panLengthMin": "16", "panLengthMax": "16", "panCheckAlgorithm": "L"}]}"#)
        let base = ["sips", "request", "--operation", "cardOrder", "--init", initFile, "--card-data", cardData, "--values", "-", "--now", "2026-11"]
        let long = CLI.run(base, stdin: #"{"cardNumber": "4111 1111 1111 1111 110", "cardExpiryDate": "12/30"}"#)
        #expect(long.exitCode == 1)
        let errors = try CLI.json(long)["errors"]
        if case .array(let list)? = errors {
            #expect(list.map { $0["fieldId"] } == ["cardNumber"])
            #expect(list.map { $0["errorId"] } == ["length"])
        } else {
            Issue.record("no errors: \(long.stdout)")
        }
        #expect(!long.stdout.contains("4111") && !long.stderr.contains("4111"))
        let right = CLI.run(base, stdin: #"{"cardNumber": "4111 1111 1111 1111", "cardExpiryDate": "12/30"}"#)
        #expect(try CLI.json(right)["cardNumber"] == "4111111111111111")
        // Without the answer, the definition's 12 to 19 digits.
        let without = CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initFile, "--values", "-", "--now", "2026-11"],
                              stdin: #"{"cardNumber": "4111 1111 1111 1111 110", "cardExpiryDate": "12/30"}"#)
        #expect(without.exitCode == 0)
    }
}
