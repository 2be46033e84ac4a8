import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport
import PaymentFormFixtures

/// Sips answers: typed, classified, and mapped back onto the form.
@Suite("Sips responses")
struct SipsResponseTests {
    static let localizer = Localizer(languageTag: "en")

    @Test("the response code classes", arguments: [
        ("00", SipsOutcome.success), ("40", .notAuthorised), ("90", .retryLater), ("99", .retryLater),
        ("12", .failed), ("05", .failed), ("", .failed), ("0", .failed), ("000", .failed),
    ])
    func classes(code: String, outcome: SipsOutcome) throws {
        let response = try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"inAppResponseCode": "\#(code)"}"#.utf8))
        let result = SipsResult(response, form: nil, localizer: Self.localizer)
        #expect(result.outcome == outcome)
        #expect(!result.message.isEmpty)
        #expect(SipsOutcome(responseCode: nil) == .failed)
    }

    /// Every input field of every Sips definition, named by `errorFieldName` in a failed answer.
    static let fieldCases: [(SipsOperation, String, String)] = [
        (.cardOrder, "sips-card-order", "cardNumber"), (.cardOrder, "sips-card-order", "cardExpiryDate"),
        (.cardOrder, "sips-card-order", "cardCSCValue"),
        (.walletOrder, "sips-wallet-order", "paymentMeanId"), (.walletOrder, "sips-wallet-order", "cardCSCValue"),
        (.cardCheckEnrollment, "sips-card-check-enrollment", "cardNumber"), (.cardCheckEnrollment, "sips-card-check-enrollment", "cardExpiryDate"),
        (.cardCheckEnrollment, "sips-card-check-enrollment", "cardCSCValue"),
        (.addCard, "sips-add-card", "cardNumber"), (.addCard, "sips-add-card", "cardExpiryDate"), (.addCard, "sips-add-card", "paymentMeanAlias"),
        (.getCardData, "sips-get-card-data", "cardIIN"), (.getCardData, "sips-get-card-data", "cardNumber"),
        (.paymentTokenGenerate, "sips-payment-token", "cardNumber"), (.paymentTokenGenerate, "sips-payment-token", "cardExpiryDate"),
        (.paymentTokenGenerate, "sips-payment-token", "cardCSCValue"),
    ]

    @Test("an errorFieldName on an input field becomes a 'rejected' error on that field", arguments: fieldCases)
    func fieldErrors(operation: SipsOperation, definition: String, field: String) throws {
        let form = try Fixtures.sample(definition)
        let key = operation == .cardCheckEnrollment ? "redirectionStatusCode" : "inAppResponseCode"
        let response = try SipsResponse(operation, jsonEncoded: Array(#"{"\#(key)": "12", "errorFieldName": "\#(field)"}"#.utf8))
        let result = SipsResult(response, form: form, localizer: Localizer(languageTag: "fr"))
        #expect(result.outcome == .failed)
        #expect(result.fieldErrors == [FieldError(fieldId: field, error: ValidationError(id: "rejected"))])
        let message = Localizer(languageTag: "fr").message(for: result.fieldErrors[0])
        #expect(message.contains("refusé"), "\(message)")
    }

    @Test("an errorFieldName that is not a form field stays in the message; a success names none")
    func nonFieldErrors() throws {
        let form = try Fixtures.sample("sips-card-order")
        let failed = SipsResult(try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"inAppResponseCode": "30", "errorFieldName": "redirectionData"}"#.utf8)),
                                form: form, localizer: Self.localizer)
        #expect(failed.fieldErrors.isEmpty)
        #expect(failed.outcome == .failed)
        let success = SipsResult(try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"inAppResponseCode": "00", "errorFieldName": "cardNumber"}"#.utf8)),
                                 form: form, localizer: Self.localizer)
        #expect(success.fieldErrors.isEmpty)
    }

    @Test("an order answer is typed; numbers are kept as text; unknown members are kept")
    func orderAnswer() throws {
        let json = #"""
        {"inAppResponseCode": "00", "acquirerResponseCode": "00", "amount": 1050, "cardExpiryDate": "203012",
         "maskedPan": "4111##########11", "paymentMeanBrand": "VISA", "holderAuthentStatus": "3D_SUCCESS",
         "authentExemptionReasonList": ["LOW_VALUE", "TRA"],
         "cardData": {"cardBrand": "VISA", "panLengthMax": 19, "futureMember": true},
         "s10TransactionReference": {"s10TransactionId": "000001", "s10TransactionIdDate": "20261123"},
         "brandNewField": {"a": 1}}
        """#
        let order = try SipsResponse(.cardOrder, jsonEncoded: Array(json.utf8))
        #expect(order.operation == .cardOrder)
        #expect(order.text(.amount) == "1050")
        #expect(order.integer(.amount) == 1050)
        #expect(order.text(.cardExpiryDate) == "203012")
        #expect(order.texts(.authentExemptionReasonList) == ["LOW_VALUE", "TRA"])
        #expect(order.object(.cardData)?.text(.cardBrand) == "VISA")
        #expect(order.object(.cardData)?.text(.panLengthMax) == "19")
        #expect(order.object(.cardData)?.integer(.panLengthMax) == 19)
        #expect(order.object(.cardData)?.otherFields == ["futureMember": "true"])
        #expect(order.object(.s10TransactionReference)?.text(.s10TransactionIdDate) == "20261123")
        #expect(order.otherFields == ["brandNewField": #"{"a":1}"#])
        #expect(order.responseCode == "00")
        #expect(!String(describing: order).contains("4111"))
        #expect(String(describing: order).contains("maskedPan"))
        let hostile = try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"4111111111111111": "x", "maskedPan": "4111##########11"}"#.utf8))
        #expect(String(describing: hostile) == "SipsResponse(cardOrder: maskedPan, otherFields: 1)")
        var hostileDump = ""
        dump(hostile, to: &hostileDump)
        #expect(!hostileDump.contains("4111"))
        var dumped = ""
        dump(order, to: &dumped)
        #expect(!dumped.contains("4111"))
    }

    @Test("paymentMeanId is read as a string or an integer", arguments: [#""17""#, "17"])
    func paymentMeanId(json: String) throws {
        let answer = try SipsResponse(.addCard, jsonEncoded: Array(#"{"inAppResponseCode": "00", "paymentMeanId": \#(json)}"#.utf8))
        #expect(answer.text(.paymentMeanId) == "17")
        #expect(answer.integer(.paymentMeanId) == 17)
    }

    @Test("every operation reads its answer; malformed answers are errors, not crashes", arguments: SipsOperation.allCases)
    func everyOperation(operation: SipsOperation) throws {
        let response = try SipsResponse(operation, jsonEncoded: Array(#"{"inAppResponseCode": "00"}"#.utf8))
        #expect(response.responseCode == "00")
        for bad in ["", "[]", "{", #"{"inAppResponseCode": []}"#] {
            #expect(throws: SipsError.self, "\(operation.rawValue): \(bad)") { try SipsResponse(operation, jsonEncoded: Array(bad.utf8)) }
        }
        // A member of the wrong type is an error where the operation's answer documents that
        // member, and is kept as sent (an other field) where it does not.
        let orders: [SipsOperation] = [.cardOrder, .walletOrder, .cardValidateAuthenticationAndOrder, .getTransactionData]
        for (member, bad, documentedBy) in [
            ("cardData", #"{"cardData": 3}"#, orders),
            ("walletPaymentMeanData", #"{"walletPaymentMeanData": [1]}"#, [SipsOperation.getWalletData]),
        ] {
            if documentedBy.contains(operation) {
                #expect(throws: SipsError.self, "\(operation.rawValue): \(bad)") { try SipsResponse(operation, jsonEncoded: Array(bad.utf8)) }
            } else {
                let read = try SipsResponse(operation, jsonEncoded: Array(bad.utf8))
                #expect(read.fields.isEmpty && read.otherFields.keys.sorted() == [member], "\(operation.rawValue): \(bad)")
            }
        }
    }

    @Test("getCardData's entries give the co-badge choice, nothing pre-selected")
    func coBadge() throws {
        let json = #"{"inAppResponseCode": "00", "cardDataList": [{"cardBrand": "CB", "panCheckAlgorithm": "L"}, {"cardBrand": "VISA"}, {"cardBrand": "cb"}]}"#
        let answer = try SipsResponse(.getCardData, jsonEncoded: Array(json.utf8))
        #expect(answer.brandChoices == [
            SipsBrandChoice(sipsName: "CB", brandId: "cartes-bancaires"), SipsBrandChoice(sipsName: "VISA", brandId: "visa"),
        ])
    }

    @Test("wallet cards become accounts on file of the wallet-order form, labelled with name, masked number and expiry")
    func wallet() throws {
        let json = #"""
        {"inAppResponseCode": "00", "walletCreationDateTime": "2026-01-02T10:00:00+01:00",
         "walletPaymentMeanData": [
           {"paymentMeanId": 17, "paymentMeanAlias": "My Visa", "maskedPan": "4111##########11", "panExpiryDate": "203012", "paymentMeanBrand": "VISA"},
           {"paymentMeanAlias": "no id"},
           {"paymentMeanId": "18", "maskedPan": "5555##########44", "paymentMeanCoBadgingBrandList": ["CB", "MASTERCARD"]}]}
        """#
        let answer = try SipsResponse(.getWalletData, jsonEncoded: Array(json.utf8))
        #expect(answer.objects(.walletPaymentMeanData)[2].texts(.paymentMeanCoBadgingBrandList) == ["CB", "MASTERCARD"])
        let accounts = answer.accountsOnFile()
        #expect(accounts.map(\.id) == ["17", "18"])
        #expect(accounts.map(\.label) == ["My Visa 4111##########11 12/30", "5555##########44"])

        var form = try Fixtures.sample("sips-wallet-order")
        form.accountsOnFile = accounts
        let drawn = PaymentForm(product: form, accountOnFile: accounts[0], localizer: Self.localizer)
        let meanId = try #require(drawn.fields.first { $0.id == "paymentMeanId" })
        #expect(meanId.readOnly)
        #expect(meanId.value == "17")
        var request = PaymentRequest(product: form)
        try request.selectAccountOnFile(withId: "17")
        #expect(request.validate(in: SipsFixtures.november2026).isValid)
    }
}
