import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport

/// Sips SDK call parameters from validated forms and the initialize answer.
@Suite("Sips requests")
struct SipsRequestTests {
    @Test("every Sips definition decodes, renders and validates like a Client API product", arguments: [
        "sips-card-order", "sips-wallet-order", "sips-card-check-enrollment", "sips-add-card", "sips-get-card-data", "sips-payment-token",
    ])
    func definitions(name: String) throws {
        var diagnostics: [DefinitionDiagnostic] = []
        let product = try PaymentProduct(jsonEncoded: try Fixtures.sampleJSON(name), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(product.id == name)
        for language in ["en", "fr", "de"] {
            let form = PaymentForm(product: product, localizer: Localizer(languageTag: language))
            #expect(form.fields.map(\.id) == product.fieldsInDisplayOrder.map(\.id))
            #expect(form.fields.allSatisfy { !$0.label.isEmpty })
        }
        #expect(SipsOperation.allCases.contains { $0.definitionName == name })
    }

    @Test("cardOrder: digits-only card number, yyyyMM expiry, the four initialize values")
    func cardOrder() throws {
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4111 1111 1111 1111", "cardExpiryDate": "12/30", "cardCSCValue": "123"])
        let call = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(call["cardNumber"] == "4111111111111111")
        #expect(call["cardExpiryDate"] == "203012")
        #expect(call["cardCSCValue"] == "123")
        #expect(call["redirectionData"] == "REDIRECTION-DATA")
        #expect(call["redirectionUrl"] == SipsFixtures.initialization.redirectionUrl)
        #expect(call["redirectionVersion"] == "IR_MB_3.0")
        #expect(call["publicKeyValue"] == "PUBLIC-KEY")
        #expect(call["paymentMeanBrand"] == nil)
        #expect(call.parameters.map(\.name) == call.parameters.map(\.name).sorted())
        #expect(!String(describing: call).contains("4111"))
        #expect(!String(reflecting: call).contains("203012"))
    }

    /// The year sent is the year the validator read: `MM/YY` in the client's century, so after
    /// 2099 `12/05` is December 2105 for both (the adapters used to write a fixed `20`).
    @Test("a two-digit expiry year is sent in the century the validator read it in")
    func expiryCentury() throws {
        let now = ValidationContext(now: try #require(YearMonth(year: 2101, month: 1)))
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4111 1111 1111 1111", "cardExpiryDate": "12/05", "cardCSCValue": "123"])
        let call = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: now)
        #expect(call["cardExpiryDate"] == "210512")
        let saferpay = try SaferpayCardPost(
            request: try SaferpayTests.request(SaferpayTests.good.merging(["Expiry": "12/05"]) { $1 }),
            redirectURL: try #require(URL(string: "https://test.saferpay.com/x")), in: now)
        #expect(String(decoding: saferpay.body, as: UTF8.self).contains("&ExpMonth=12&ExpYear=2105&"))
    }

    @Test("brand ids map to Sips names", arguments: [
        ("cartes-bancaires", "CB"), ("visa", "VISA"), ("mastercard", "MASTERCARD"), ("american-express", "AMEX"),
        ("bancontact", "BCMC"), ("CB", "CB"), ("diners-club", "DINERS"), ("union-pay", "UNIONPAY"),
    ])
    func brandName(brand: String, sipsName: String) {
        #expect(SipsBrand.sipsName(for: brand) == sipsName)
    }

    @Test("the chosen brand of a co-badged card is sent as its Sips name", arguments: [
        ("cartes-bancaires", "CB"), ("visa", "VISA"), ("CB", "CB"), ("VISA", "VISA"),
    ])
    func brand(brand: String, sipsName: String) throws {
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "0128"])
        let call = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, brand: brand,
                                          brandSelectionStatus: "NOT_APPLICABLE", in: SipsFixtures.november2026)
        #expect(call["paymentMeanBrand"] == sipsName)
        #expect(call["paymentMeanBrandSelectionStatus"] == "NOT_APPLICABLE")
        #expect(call["cardExpiryDate"] == "202801")
    }

    @Test("without a brand argument, the request's selected brand is sent")
    func selectedBrand() throws {
        var request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4970 1000 0000 0006", "cardExpiryDate": "0128"])
        let noChoice = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(noChoice["paymentMeanBrand"] == nil)
        request.selectedBrand = BrandDetector.shipped.table.brand(withId: "cartes-bancaires")
        #expect(request.selectedBrand != nil)
        let chosen = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(chosen["paymentMeanBrand"] == "CB")
    }

    @Test("invalid values build nothing and answer like validate")
    func invalid() throws {
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4111 1111 1111 1112", "cardExpiryDate": "12/20"])
        let error = #expect(throws: SipsError.self) {
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
        let report = try #require(error?.invalidRequestReport, "expected invalidRequest, got \(String(describing: error))")
        #expect(report.errors.map(\.description) == ["cardNumber: luhn", "cardExpiryDate: expirationDate"])
        #expect(error?.code == "invalid_request")
    }

    @Test("the required expiry of a card order is required")
    func requiredExpiry() throws {
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4111111111111111"])
        #expect(throws: SipsError.self) {
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
    }

    @Test("getCardData and paymentTokenGenerate need at least one card input", arguments: [
        (SipsOperation.getCardData, "sips-get-card-data", ["cardIIN", "cardNumber"]),
        (.paymentTokenGenerate, "sips-payment-token", ["cardNumber", "cardExpiryDate", "cardCSCValue"]),
    ])
    func atLeastOne(operation: SipsOperation, definition: String, fields: [String]) throws {
        let empty = try SipsFixtures.request(definition, [:])
        let error = #expect(throws: SipsError.self) {
            try SipsCallParameters(operation, request: empty, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
        let report = try #require(error?.invalidRequestReport, "expected invalidRequest")
        #expect(report.errors.map(\.fieldId) == fields)
        #expect(report.errors.allSatisfy { $0.errorId == "required" })
    }

    @Test("getCardData from an IIN; the token call takes the merchant id and no redirectionData")
    func cardDataAndToken() throws {
        let iin = try SipsCallParameters(.getCardData, request: try SipsFixtures.request("sips-get-card-data", ["cardIIN": "497010"]),
                                         initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(iin["cardIIN"] == "497010")
        #expect(iin["cardNumber"] == nil)
        #expect(iin["paymentMeanBrand"] == nil)

        let token = try SipsCallParameters(.paymentTokenGenerate, request: try SipsFixtures.request("sips-payment-token", ["cardCSCValue": "123"]),
                                           initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(token["merchantId"] == "011223344550000")
        #expect(token["redirectionData"] == nil)
        var noMerchant = SipsFixtures.initialization
        noMerchant.merchantId = nil
        #expect(throws: SipsError.missingField("merchantId")) {
            try SipsCallParameters(.paymentTokenGenerate, request: try SipsFixtures.request("sips-payment-token", ["cardCSCValue": "123"]),
                                   initialization: noMerchant, in: SipsFixtures.november2026)
        }
    }

    @Test("a wallet order takes the card's id from the selected wallet card")
    func walletOrder() throws {
        let account = AccountOnFile(id: "17", paymentProductId: "sips-wallet-order",
                                    attributes: [AccountOnFileAttribute(key: "paymentMeanId", value: "17", status: .readOnly)])
        let request = try SipsFixtures.request("sips-wallet-order", ["cardCSCValue": "456"], accountOnFile: account)
        #expect(request.validate(in: SipsFixtures.november2026).isValid)
        let call = try SipsCallParameters(.walletOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(call["paymentMeanId"] == "17")
        #expect(call["cardCSCValue"] == "456")
        let check = try SipsCallParameters(.walletCheckEnrollment, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(check["paymentMeanId"] == "17")
    }

    @Test("the request must be made on the operation's own definition")
    func wrongDefinition() throws {
        let request = try SipsFixtures.request("sips-add-card", ["cardNumber": "4111111111111111", "cardExpiryDate": "1230", "paymentMeanAlias": "Mine"])
        #expect(throws: SipsError.wrongDefinition(operation: .cardOrder, productId: "sips-add-card")) {
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
        let add = try SipsCallParameters(.addCard, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(add["paymentMeanAlias"] == "Mine")
        #expect(throws: SipsError.noInput(.getWalletData)) {
            try SipsCallParameters(.getWalletData, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
    }

    @Test("the initialize answer is read with its required members")
    func initialization() throws {
        let answer = #"{"redirectionData": "d", "redirectionUrl": "https://x.example/next", "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "k", "redirectionStatusCode": "00", "seal": "abc"}"#
        let initialization = try SipsInitialization(jsonEncoded: Array(answer.utf8))
        #expect(initialization.redirectionData == "d")
        #expect(initialization.redirectionStatusCode == "00")
        #expect(throws: SipsError.missingField("publicKeyValue")) {
            try SipsInitialization(jsonEncoded: Array(#"{"redirectionUrl": "u", "redirectionVersion": "v"}"#.utf8))
        }
        #expect(throws: SipsError.self) { try SipsInitialization(jsonEncoded: Array("[1]".utf8)) }
        #expect(throws: SipsError.self) { try SipsInitialization(jsonEncoded: Array(#"{"redirectionUrl": 1, "#.utf8)) }
    }
}

extension SipsError {
    /// The report of an `invalidRequest` error; `nil` for any other error.
    var invalidRequestReport: ValidationReport? {
        if case .invalidRequest(let report) = self { return report }
        return nil
    }

    /// The parameter and reason of an `invalidField` error; `nil` for any other error.
    var invalidField: (name: String, reason: String)? {
        if case .invalidField(let name, let reason) = self { return (name, reason) }
        return nil
    }
}
