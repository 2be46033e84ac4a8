import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors

/// The Sips guides' (seeds 000–002) and the Saferpay guide's (seed 004) last items (issue 35):
/// the forms an app gets with the module, the calls made from the initialize answer alone, the
/// card-number length getCardData gives, and a brand where the call takes none.
@Suite("Sips and Saferpay: the guides' last items")
struct SipsGuideItemsTests {
    static let now = SipsFixtures.november2026

    /// A getCardData answer with one entry per `(cardBrand, panLengthMin, panLengthMax)`; `nil`
    /// leaves a member out.
    static func cardData(_ entries: [Entry]) throws -> SipsResponse {
        let list = entries.map { entry in
            var members = [#""cardBrand": "\#(entry.0)""#]
            if let minimum = entry.1 { members.append(#""panLengthMin": "\#(minimum)""#) }
            if let maximum = entry.2 { members.append(#""panLengthMax": "\#(maximum)""#) }
            return "{" + members.joined(separator: ", ") + "}"
        }.joined(separator: ", ")
        return try SipsResponse(.getCardData, jsonEncoded: Array(#"{"inAppResponseCode": "00", "cardDataList": [\#(list)]}"#.utf8))
    }

    static func cardNumberLength(_ form: PaymentProduct) -> [Validator] {
        form.field(withId: "cardNumber")?.dataRestrictions.validators.filter { $0.name == "length" } ?? []
    }

    // S56, guides' INAPPCardData: "panLengthMax  Maximum length of the PAN", "panLengthMin  Minimal
    // length of the PAN". They were read but not applied: a 19-digit number went out for a card
    // whose answer says 16 to 16.
    @Test("S56: getCardData's panLengthMin..panLengthMax is the card number's length; a longer number is a length error, never sent")
    func panLengthApplied() throws {
        let form = try Self.cardData([("VISA", "16", "16")]).cardForm(from: try SipsFixtures.definition("sips-card-order"))
        #expect(Self.cardNumberLength(form) == [.length(minLength: 16, maxLength: 16)])
        // In the place of the definition's length validator: errors keep their order.
        #expect(form.field(withId: "cardNumber")?.dataRestrictions.validators == [.length(minLength: 16, maxLength: 16), .luhn])
        var request = PaymentRequest(product: form)
        try request.setValue("4111 1111 1111 1111 110", forField: "cardNumber")   // 19 digits, Luhn-valid
        try request.setValue("12/30", forField: "cardExpiryDate")
        let error = #expect(throws: SipsError.self) {
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: Self.now)
        }
        var refused: ValidationReport?
        if case .invalidRequest(let report)? = error { refused = report }
        let report = try #require(refused)
        #expect(report.errors.map(\.description) == ["cardNumber: length (minLength: 16, maxLength: 16)"])
        #expect(report.errors.first?.error.parameters.map(\.value) == [16, 16])
        #expect(error.map { !String(describing: $0).contains("4111") } == true)
        try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
        let call = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: Self.now)
        #expect(call["cardNumber"] == "4111111111111111")
        // 15 digits are short for this card.
        try request.setValue("4111 1111 1111 116", forField: "cardNumber")
        #expect(request.validate(in: Self.now).errors.map(\.description) == ["cardNumber: length (minLength: 16, maxLength: 16)"])
    }

    /// A getCardData entry: `(cardBrand, panLengthMin, panLengthMax)`.
    typealias Entry = (brand: String, minimum: String?, maximum: String?)

    static let boundCases: [(entries: [Entry], expected: Validator)] = [
        // A co-badged card: the range spans its entries.
        ([("CB", "16", "16"), ("VISA", "13", "19")], .length(minLength: 13, maxLength: 19)),
        ([("CB", "15", "16"), ("VISA", "16", "17")], .length(minLength: 15, maxLength: 17)),
        // One bound: the other from the card-number limits (1 to 19).
        ([("AMEX", nil, "15")], .length(minLength: 1, maxLength: 15)),
        ([("AMEX", "15", nil)], .length(minLength: 15, maxLength: 19)),
        // Unusable bounds say nothing: the definition's length (12 to 19) stays.
        ([("VISA", nil, nil)], .length(minLength: 12, maxLength: 19)),
        ([("VISA", "abc", "16")], .length(minLength: 12, maxLength: 19)),
        ([("VISA", "17", "16")], .length(minLength: 12, maxLength: 19)),
        ([("VISA", "0", "16")], .length(minLength: 12, maxLength: 19)),
        ([("VISA", "16", "20")], .length(minLength: 12, maxLength: 19)),
        ([("VISA", "-1", "16")], .length(minLength: 12, maxLength: 19)),
        ([("VISA", " 16 ", "16")], .length(minLength: 16, maxLength: 16)),
        // An unusable entry beside a usable one: the usable one decides.
        ([("CB", "x", "y"), ("VISA", "16", "16")], .length(minLength: 16, maxLength: 16)),
    ]

    @Test("S56: which bounds an answer gives", arguments: boundCases)
    func panLengthBounds(entries: [Entry], expected: Validator) throws {
        let definition = try SipsFixtures.definition("sips-card-order")
        let form = try Self.cardData(entries).cardForm(from: definition)
        #expect(Self.cardNumberLength(form) == [expected])
        // The other fields are untouched.
        #expect(form.field(withId: "cardCSCValue") == definition.field(withId: "cardCSCValue"))
    }

    @Test("S56: a definition without a length validator gets one; a number sent as a JSON number is read too")
    func panLengthAdded() throws {
        var definition = try SipsFixtures.definition("sips-get-card-data")
        definition.fields[1].dataRestrictions.validators = [.luhn]
        let answer = try SipsResponse(.getCardData, jsonEncoded: Array(#"{"cardDataList": [{"cardBrand": "VISA", "panLengthMin": 16, "panLengthMax": 16}]}"#.utf8))
        let form = answer.cardForm(from: definition)
        #expect(form.field(withId: "cardNumber")?.dataRestrictions.validators == [.luhn, .length(minLength: 16, maxLength: 16)])
        // The IIN field is not the card number: untouched.
        #expect(form.field(withId: "cardIIN") == definition.field(withId: "cardIIN"))
        // Not a getCardData answer: nothing changes.
        let order = try SipsResponse(.cardOrder, jsonEncoded: Array(#"{"cardData": {"panLengthMin": "16", "panLengthMax": "16"}}"#.utf8))
        #expect(order.cardForm(from: definition) == definition)
    }

    // S22, S42, guides' "paymentProviderOrder request format" and "getWalletData request format":
    // publicKeyValue, redirectionData, redirectionUrl, redirectionVersion, all from the initialize
    // answer. They used to be refused (no_input).
    @Test("S22, S42: getWalletData and paymentProviderOrder are built from the initialize answer alone",
          arguments: [SipsOperation.getWalletData, .paymentProviderOrder])
    func initializationOnly(operation: SipsOperation) throws {
        let call = try SipsCallParameters(operation, initialization: SipsFixtures.initialization)
        #expect(call.operation == operation)
        #expect(call.parameters.map(\.name) == ["publicKeyValue", "redirectionData", "redirectionUrl", "redirectionVersion"])
        #expect(call["redirectionData"] == "REDIRECTION-DATA")
        #expect(call["publicKeyValue"] == "PUBLIC-KEY")
        #expect(call["redirectionVersion"] == "IR_MB_3.0")
        var noData = SipsFixtures.initialization
        noData.redirectionData = nil
        #expect(throws: SipsError.missingField("redirectionData")) { try SipsCallParameters(operation, initialization: noData) }
    }

    @Test("the initialize answer alone does not build a call that takes the customer's values or continues another",
          arguments: SipsOperation.allCases.filter { $0 != .getWalletData && $0 != .paymentProviderOrder })
    func needsInput(operation: SipsOperation) {
        let error = #expect(throws: SipsError.needsInput(operation)) { try SipsCallParameters(operation, initialization: SipsFixtures.initialization) }
        #expect(error?.code == "needs_input")
        #expect(error?.description.hasPrefix(operation.rawValue) == true)
    }

    // Guides: paymentMeanBrand is a parameter of cardOrder, walletOrder, cardCheckEnrollment,
    // walletCheckEnrollment, addCard and paymentTokenGenerate only; a brand given to another
    // call used to be dropped silently.
    @Test("a brand or selection status for a call that takes none is refused, not dropped")
    func brandWhereNoneIsTaken() throws {
        let request = try SipsFixtures.request("sips-get-card-data", ["cardIIN": "497010"])
        let brand = #expect(throws: SipsError.self) {
            try SipsCallParameters(.getCardData, request: request, initialization: SipsFixtures.initialization, brand: "CB", in: Self.now)
        }
        #expect(brand?.code == "invalid_value")
        #expect(brand?.description.hasPrefix("brand: getCardData takes no brand") == true)
        let status = #expect(throws: SipsError.self) {
            try SipsCallParameters(.getCardData, request: request, initialization: SipsFixtures.initialization, brandSelectionStatus: "X", in: Self.now)
        }
        #expect(status?.description.hasPrefix("brandSelectionStatus: getCardData takes no brand") == true)
        let call = try SipsCallParameters(.getCardData, request: request, initialization: SipsFixtures.initialization, in: Self.now)
        #expect(call["cardIIN"] == "497010")
    }

    // S14 (the Sips guides' card inputs, alias and IIN as forms an app draws) and P08 (Saferpay's
    // card form): they shipped only inside payform, the testing library or as files to copy.
    @Test("S14: every Sips function with input has its form in the module; the others have none",
          arguments: SipsOperation.allCases)
    func sipsForms(operation: SipsOperation) throws {
        let form = try operation.definition
        #expect(form?.id == operation.definitionName)
        if let form {
            #expect(!form.fields.isEmpty)
            // The same definition as the shipped file.
            let shipped = try SipsFixtures.definition(try #require(operation.definitionName))
            #expect(form == shipped)
        }
    }

    @Test("S14: the forms take the guides' field ids")
    func sipsFieldIds() throws {
        let expected: [(SipsOperation, [String])] = [
            (.cardOrder, ["cardNumber", "cardExpiryDate", "cardCSCValue"]), (.walletOrder, ["paymentMeanId", "cardCSCValue"]),
            (.addCard, ["cardNumber", "cardExpiryDate", "paymentMeanAlias"]), (.getCardData, ["cardIIN", "cardNumber"]),
            (.deletePaymentMean, ["paymentMeanId"]),
        ]
        for (operation, ids) in expected {
            let form = try #require(try operation.definition)
            #expect(form.fields.map(\.id) == ids, "\(operation)")
        }
    }

    @Test("S14, P08: the module ships exactly the forms its functions name, each read without a diagnostic")
    func shippedForms() throws {
        let named = Set(SipsOperation.allCases.compactMap(\.definitionName) + [SaferpayCardPost.definitionName])
        #expect(Set(ProcessorForms.names) == named)
        #expect(ProcessorForms.names.count == 8)
        for name in ProcessorForms.names {
            let data = try #require(ProcessorForms.json(named: name))
            #expect(try PaymentProduct.decode(from: data).diagnostics.isEmpty, "\(name)")
            #expect(try ProcessorForms.definition(named: name)?.id == name)
        }
        #expect(try ProcessorForms.definition(named: "visa") == nil)
        #expect(ProcessorForms.json(named: "../Products/visa") == nil)
    }

    @Test("P08: the saferpay-card form ships in the module and posts")
    func saferpayForm() throws {
        let form = try SaferpayCardPost.definition
        #expect(form.id == SaferpayCardPost.definitionName)
        #expect(form.fields.map(\.id) == ["HolderName", "CardNumber", "Expiry", "VerificationCode"])
        #expect(form.fields.allSatisfy { $0.dataRestrictions.isRequired })
        let shipped = try SipsFixtures.definition("saferpay-card")
        #expect(form == shipped)
        var request = PaymentRequest(product: form)
        try request.setValue("Zoë Martin", forField: "HolderName")
        try request.setValue("4111 1111 1111 1111", forField: "CardNumber")
        try request.setValue("03/31", forField: "Expiry")
        try request.setValue("123", forField: "VerificationCode")
        _ = try SaferpayCardPost(request: request, redirectURL: try #require(URL(string: "https://www.saferpay.com/x")), in: Self.now)
    }
}
