import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport
import PaymentFormFixtures

/// What users of the three Sips In-App iOS guides (Sogenactif, Mercanet, Worldline Sips: the
/// seeds 000–002) would still miss: each test names the guide line it answers.
@Suite("Sips In-App: the guides, line by line")
struct SipsGuideTests {
    /// The 42 members of the guides' table "cardOrder response format (OrderResponse object)",
    /// with a value of each member's documented type (`NSString`, `List of NSString`,
    /// `INAPPCardData`, `INAPPS10TransactionReference`).
    static let orderMembers: [(SipsResponse.Field, String)] = {
        let texts: [SipsResponse.Field] = [
            .acquirerResponseCode, .amount, .authorisationId, .authorisationTypeLabel, .authorMessageReference, .captureDay,
            .captureMode, .cardExpiryDate, .currencyCode, .customerId, .errorFieldName, .guaranteeIndicator, .guaranteeLimitDateTime,
            .holderAuthentMethod, .holderAuthentProgram, .holderAuthentRelegationCode, .holderAuthentResponseCode, .holderAuthentStatus,
            .holderAuthentType, .inAppResponseCode, .invoiceReference, .issuerWalletInformation, .maskedPan, .merchantId,
            .merchantWalletId, .orderChannel, .orderId, .panEntryMode, .paymentMeanBrand, .paymentMeanBrandSelectionStatus,
            .paymentMeanType, .paymentPattern, .returnContext, .statementReference, .transactionDateTime, .transactionOrigin,
            .transactionPlatform, .transactionReference, .walletType,
        ]
        return texts.map { ($0, #""v-\#($0.rawValue)""#) } + [
            (.authentExemptionReasonList, #"["LOW_VALUE"]"#), (.cardData, #"{"cardBrand": "CB"}"#),
            (.s10TransactionReference, #"{"s10TransactionId": "000001"}"#),
        ]
    }()

    static func json(_ members: [(SipsResponse.Field, String)]) -> [UInt8] {
        Array(("{" + members.map { #""\#($0.0.rawValue)": \#($0.1)"# }.joined(separator: ", ") + "}").utf8)
    }

    // Guides: "cardOrder response format (OrderResponse object)" lists 42 fields; 17 of them
    // (statementReference, returnContext, panEntryMode, holderAuthentMethod, …) used to come back
    // only as raw JSON under otherFields.
    @Test("every member of the guides' OrderResponse table is typed, none lands in otherFields",
          arguments: [SipsOperation.cardOrder, .walletOrder, .cardValidateAuthenticationAndOrder])
    func orderResponseTable(operation: SipsOperation) throws {
        #expect(Self.orderMembers.count == 42)
        let response = try SipsResponse(operation, jsonEncoded: Self.json(Self.orderMembers))
        #expect(response.otherFields.isEmpty)
        #expect(response.fields.count == 42)
        for (field, _) in Self.orderMembers {
            switch field {
            case .authentExemptionReasonList: #expect(response.texts(field) == ["LOW_VALUE"])
            case .cardData: #expect(response.object(field)?.text(.cardBrand) == "CB")
            case .s10TransactionReference: #expect(response.object(field)?.text(.s10TransactionId) == "000001")
            default: #expect(response.text(field) == "v-\(field.rawValue)", "\(field)")
            }
        }
    }

    // Guides: "getTransactionData response format (GetTransactionDataResponse object)": the
    // order's members without amount and captureDay, plus captureLimitDate, originAmount and
    // transactionStatus, which used to be raw JSON.
    @Test("getTransactionData types captureLimitDate, originAmount and transactionStatus, and the order's members")
    func transactionDataTable() throws {
        let members = Self.orderMembers.filter { $0.0 != .amount && $0.0 != .captureDay }
            + [(.captureLimitDate, #""20261130""#), (.originAmount, "1050"), (.transactionStatus, #""TO_CAPTURE""#)]
        let response = try SipsResponse(.getTransactionData, jsonEncoded: Self.json(members))
        #expect(response.otherFields.isEmpty)
        #expect(response.fields.count == 43)
        #expect(response.text(.captureLimitDate) == "20261130")
        #expect(response.integer(.originAmount) == 1050)
        #expect(response.text(.transactionStatus) == "TO_CAPTURE")
        #expect(response.text(.statementReference) == "v-statementReference")
        // amount is not in this table: it is kept, undocumented.
        let withAmount = try SipsResponse(.getTransactionData, jsonEncoded: Array(#"{"amount": 1050}"#.utf8))
        #expect(withAmount.text(.amount) == nil)
        #expect(withAmount.otherFields == ["amount": "1050"])
    }

    @Test("each answer's documented members are typed; the containers too", arguments: [
        (SipsOperation.cardCheckEnrollment, #"{"authentRedirectionUrl": "https://acs.example", "paReqMessage": "p", "redirectionStatusCode": "00", "tokenPan": "t", "transactionContextData": "c", "transactionContextVersion": "1", "redirectionUrl": "https://x.example", "maskedPan": "m", "errorFieldName": "e"}"#, 9),
        (.walletCheckEnrollment, #"{"paymentMeanBrand": "VISA", "paymentMeanBrandSelectionStatus": "NOT_APPLICABLE", "redirectionStatusCode": "00"}"#, 3),
        (.paymentProviderOrder, #"{"inAppResponseCode": "00", "outerRedirectionUrl": "bcmc://x", "redirectionUrl": "u", "transactionContextData": "c", "transactionContextVersion": "1", "errorFieldName": "e"}"#, 6),
        (.paymentTokenGenerate, #"{"inAppResponseCode": "00", "paymentToken": "tok", "errorFieldName": "e"}"#, 3),
        (.addCard, #"{"inAppResponseCode": "00", "paymentMeanId": 17, "maskedPan": "m", "walletActionDateTime": "d", "errorFieldName": "e"}"#, 5),
        (.deletePaymentMean, #"{"inAppResponseCode": "00", "walletActionDateTime": "d", "errorFieldName": "e"}"#, 3),
        (.getWalletData, #"{"inAppResponseCode": "00", "walletCreationDateTime": "d", "walletPaymentMeanData": [{"paymentMeanId": 1, "panExpiryDate": "203012", "paymentMeanAlias": "a", "paymentMeanBrand": "CB", "maskedPan": "m", "paymentMeanCoBadgingBrandList": ["CB"]}], "errorFieldName": "e"}"#, 4),
    ])
    func otherAnswers(operation: SipsOperation, json: String, count: Int) throws {
        let response = try SipsResponse(operation, jsonEncoded: Array(json.utf8))
        #expect(response.otherFields.isEmpty)
        #expect(response.fields.count == count)
        for item in response.objects(.walletPaymentMeanData) {
            #expect(item.otherFields.isEmpty)
            #expect(item.fields.count == 6)
        }
    }

    @Test("a documented member of the wrong type is an error naming where, never the value", arguments: [
        (#"{"statementReference": {"a": "4111111111111111"}}"#, "statementReference: expected string, found object"),
        (#"{"cardData": {"panLengthMax": ["4111111111111111"]}}"#, "cardData.panLengthMax: expected string, found array"),
        (#"{"cardData": "4111111111111111"}"#, "cardData: expected object, found string"),
        (#"{"authentExemptionReasonList": 4111111111111111}"#, "authentExemptionReasonList: expected array of strings, found integer"),
        (#"{"authentExemptionReasonList": [{"x": 1}]}"#, "authentExemptionReasonList[0]: expected string, found object"),
    ])
    func wrongTypes(json: String, message: String) {
        let error = #expect(throws: SipsError.self) { try SipsResponse(.cardOrder, jsonEncoded: Array(json.utf8)) }
        #expect(error?.description == message)
        #expect(error?.code == "invalid_value")
    }

    // Guides' change log, SDK 21.2.0: "Replace paymentMeanId format from NSString to NSInteger".
    @Test("paymentMeanId is an integer (or digits, from older SDKs); anything else is refused", arguments: [
        (#""17""#, 17 as Int?), ("17", 17), (#""abc""#, nil), ("1.5", nil), ("true", nil), (#""""#, nil), ("99999999999999999999", nil),
    ])
    func paymentMeanIdInAnswers(json: String, expected: Int?) {
        let read = try? SipsResponse(.getWalletData, jsonEncoded: Array(#"{"walletPaymentMeanData": [{"paymentMeanId": \#(json)}]}"#.utf8))
        #expect(read?.objects(.walletPaymentMeanData).first?.integer(.paymentMeanId) == expected)
        #expect((read != nil) == (expected != nil))
    }

    // Guides' change log, SDK 21.2.0 (paymentMeanId an NSInteger): the wallet forms take digits only.
    @Test("the wallet forms accept digits only for paymentMeanId", arguments: ["sips-wallet-order", "sips-delete-payment-mean"])
    func walletFormsDigitsOnly(definition: String) throws {
        let letters = try SipsFixtures.request(definition, ["paymentMeanId": "card-17"])
        #expect(letters.validate(in: SipsFixtures.november2026).errors.map(\.description) == ["paymentMeanId: numericString"])
        let digits = try SipsFixtures.request(definition, ["paymentMeanId": "17"])
        #expect(digits.validate(in: SipsFixtures.november2026).isValid)
    }

    // Guides' "deletePaymentMean request format": paymentMeanId (mandatory) and the four
    // initialize values; it used to be refused with no_input.
    @Test("deletePaymentMean is built from the wallet card chosen: paymentMeanId and the initialize values")
    func deletePaymentMean() throws {
        let wallet = try SipsResponse(.getWalletData, jsonEncoded: Array(#"{"walletPaymentMeanData": [{"paymentMeanId": 17, "maskedPan": "4111##########11"}]}"#.utf8))
        let account = try #require(wallet.accountsOnFile(productId: "sips-delete-payment-mean").first)
        let request = try SipsFixtures.request("sips-delete-payment-mean", [:], accountOnFile: account)
        let call = try SipsCallParameters(.deletePaymentMean, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        #expect(call.operation == .deletePaymentMean)
        #expect(call.parameters.map(\.name) == ["paymentMeanId", "publicKeyValue", "redirectionData", "redirectionUrl", "redirectionVersion"])
        #expect(call["paymentMeanId"] == "17")
        #expect(call.parameters.first { $0.name == "paymentMeanId" }?.isInteger == true)
        #expect(call.parameters.filter(\.isInteger).map(\.name) == ["paymentMeanId"])
        let typed = try SipsFixtures.request("sips-delete-payment-mean", ["paymentMeanId": "18"])
        #expect(try SipsCallParameters(.deletePaymentMean, request: typed, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)["paymentMeanId"] == "18")
    }

    @Test("a wallet card whose id is not digits is refused before the SDK call")
    func nonNumericAccountId() throws {
        let account = AccountOnFile(id: "card-17", paymentProductId: "sips-wallet-order",
                                    attributes: [AccountOnFileAttribute(key: "paymentMeanId", value: "card-17", status: .readOnly)])
        let request = try SipsFixtures.request("sips-wallet-order", [:], accountOnFile: account)
        let error = #expect(throws: SipsError.self) {
            try SipsCallParameters(.walletOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
        #expect(error?.code == "invalid_value")
        #expect(error?.description.hasPrefix("paymentMeanId: must be digits only") == true)
    }

    // Guides' "cardValidateAuthenticationAndOrder request format": paResMessage (URL-encoded),
    // transactionContextData and transactionContextVersion ("Retreived from cardCheckEnrollment or
    // walletCheckEnrollment response"), redirectionUrl. It used to be refused with no_input.
    @Test("the last 3-D Secure step is built from the enrolment answer and the ACS's PaRes",
          arguments: [SipsOperation.cardCheckEnrollment, .walletCheckEnrollment])
    func validateAuthenticationAndOrder(enrolment operation: SipsOperation) throws {
        let enrolment = try SipsResponse(operation, jsonEncoded: Array(#"""
            {"redirectionStatusCode": "00", "authentRedirectionUrl": "https://acs.example/pareq", "paReqMessage": "PAREQ",
             "redirectionUrl": "https://office.example/next", "transactionContextData": "CTX", "transactionContextVersion": "2"}
            """#.utf8))
        let paRes = try SipsAuthenticationResult(callback: "https://shop.example/3ds?PaRes=eJzN%2Bw%3D%3D&MD=order-42")
        let call = try SipsCallParameters(continuing: enrolment, authentication: paRes)
        #expect(call.operation == .cardValidateAuthenticationAndOrder)
        #expect(call.parameters.map(\.name) == ["paResMessage", "redirectionUrl", "transactionContextData", "transactionContextVersion"])
        #expect(call["paResMessage"] == "eJzN%2Bw%3D%3D")
        #expect(call["redirectionUrl"] == "https://office.example/next")
        #expect(call["transactionContextData"] == "CTX")
        #expect(call["transactionContextVersion"] == "2")
        #expect(throws: SipsError.missingPaRes) { try SipsCallParameters(continuing: enrolment) }
        let incomplete = try SipsResponse(operation, jsonEncoded: Array(#"{"redirectionUrl": "u", "transactionContextData": "c"}"#.utf8))
        #expect(throws: SipsError.missingField("transactionContextVersion")) { try SipsCallParameters(continuing: incomplete, authentication: paRes) }
    }

    // Guides' "getTransactionData request format": transactionContextData, transactionContextVersion
    // ("Retrieved from paymentProviderOrder response") and redirectionUrl.
    @Test("getTransactionData is built from the paymentProviderOrder answer; other answers continue nothing")
    func getTransactionData() throws {
        let provider = try SipsResponse(.paymentProviderOrder, jsonEncoded: Array(#"""
            {"inAppResponseCode": "00", "outerRedirectionUrl": "bcmc://pay", "redirectionUrl": "https://office.example/next",
             "transactionContextData": "CTX", "transactionContextVersion": "2"}
            """#.utf8))
        let call = try SipsCallParameters(continuing: provider)
        #expect(call.operation == .getTransactionData)
        #expect(call.parameters.map(\.name) == ["redirectionUrl", "transactionContextData", "transactionContextVersion"])
        let order = try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"inAppResponseCode": "00"}"#.utf8))
        #expect(throws: SipsError.notContinuable(.cardOrder)) { try SipsCallParameters(continuing: order) }
    }

    // Guides, "POST form to the ACS": "If confidential data are included (as the PAN), they must be
    // encrypted."
    @Test("an MD holding a card number in clear is refused", arguments: [
        ("4111111111111111", true), ("order 4111 1111 1111 1111 end", true), ("4111-1111-1111-1111", true),
        ("pan=378282246310005", true), ("4000002500001001|x", true),
        ("4111111111111112", false), ("order-42/session-9f3c", false), ("20261123123456", false),
        ("1234567890123456789012345", false), ("123456789012", false), ("", false),
        // The third review's spellings: +, %20, dots, double spaces, zero padding, full-width
        // digits, a fully percent-encoded number.
        ("4111+1111+1111+1111", true), ("4111%201111%201111%201111", true), ("4111.1111.1111.1111", true),
        ("4111  1111  1111  1111", true), ("00004111111111111111", true), ("\u{FF14}\u{FF11}\u{FF11}\u{FF11}111111111111", true),
        ("%34%31%31%31%31%31%31%31%31%31%31%31%31%31%31%31", true), ("ref: 4111 -- 1111 -- 1111 -- 1111", true),
        // Still not card numbers: a session reference, a date-stamped order (Luhn fails).
        ("session-3f2a9c1e-77b0-4c1d-9e2f-0a8b", false), ("order-2026-11-26-000123", false),
    ])
    func merchantDataWithCardNumber(md: String, refused: Bool) throws {
        if refused {
            let error = #expect(throws: SipsError.cardNumberInMerchantData) {
                try SipsACSForm(acsURL: "https://acs.example/pareq", paReq: "p", merchantData: md, termURL: "https://shop.example/3ds")
            }
            #expect(error?.code == "md_holds_card_number")
            #expect(error.map { !String(describing: $0).contains("4111") } == true)
        } else {
            _ = try SipsACSForm(acsURL: "https://acs.example/pareq", paReq: "p", merchantData: md, termURL: "https://shop.example/3ds")
        }
    }

    // Guides, INAPPCardData: "panCheckAlgorithm  Control algorithm applied on the PAN (L/V/N/Empty)".
    @Test("the card form follows getCardData's panCheckAlgorithm: N drops the Luhn check, L or unknown keeps it", arguments: [
        (["N"], false), (["n"], false), (["N", "N"], false), (["L"], true), (["N", "L"], true), (["V"], true), ([""], true), ([], true),
    ])
    func panCheckAlgorithm(algorithms: [String], checksLuhn: Bool) throws {
        let entries = algorithms.map { #"{"cardBrand": "CB", "panCheckAlgorithm": "\#($0)"}"# }.joined(separator: ", ")
        let cardData = try SipsResponse(.getCardData, jsonEncoded: Array(#"{"inAppResponseCode": "00", "cardDataList": [\#(entries)]}"#.utf8))
        let form = cardData.cardForm(from: try Fixtures.sample("sips-card-order"))
        var request = PaymentRequest(product: form)
        try request.setValue("4111 1111 1111 1112", forField: "cardNumber")
        try request.setValue("12/30", forField: "cardExpiryDate")
        let errors = request.validate(in: SipsFixtures.november2026).errors.map(\.description)
        #expect(errors == (checksLuhn ? ["cardNumber: luhn"] : []))
        // The other validators stay.
        try request.setValue("4111 1111", forField: "cardNumber")
        #expect(request.validate(in: SipsFixtures.november2026).errors.map(\.errorId).contains("length"))
    }

    // The Sips names the guides use for paymentMeanBrand (CB, VISA, MASTERCARD, AMEX, BCMC, …);
    // Diners Club is sent as DINERS, which the documentation of the decision now says too.
    @Test("Diners Club is sent and read back as DINERS")
    func diners() {
        #expect(SipsBrand.sipsName(for: "diners-club") == "DINERS")
        #expect(SipsBrand.brandId(forSipsName: "DINERS") == "diners-club")
        #expect(SipsBrand.brandId(forSipsName: "DINERSCLUB") == nil)
        #expect(SipsBrand.sipsName(for: "union-pay") == "UNIONPAY")
    }
}
