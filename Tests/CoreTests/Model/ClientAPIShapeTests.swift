import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// Every other Client API shape the engine reads, decoded and round-tripped.
@Suite("Client API shapes")
struct ClientAPIShapeTests {
    func roundTrip<Model: JSONModel & Codable>(_ value: Model) throws {
        #expect(try Model.decode(from: Array(value.jsonString().utf8)).value == value)
        #expect(try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(value)) == value)
    }

    @Test("basic product list, sorted by display order; a bad product is skipped and reported")
    func productList() throws {
        let json = #"""
        {"paymentProducts": [
          {"id": 3, "paymentMethod": "card", "displayHints": {"displayOrder": 30, "label": "MC", "logo": "l3"}},
          {"id": "809", "paymentMethod": "redirect", "displayHints": {"label": "iDEAL", "logo": "l809"}},
          {"id": true, "paymentMethod": "card"},
          {"id": 1, "paymentMethod": "card", "displayHintsList": [{"displayOrder": 10, "label": "Visa", "logo": "l1"}], "allowsTokenization": true}
        ]}
        """#
        let decoded = try Fixtures.decode(PaymentProductList.self, json)
        #expect(decoded.value.paymentProducts.map(\.id) == ["3", "809", "1"])
        #expect(decoded.value.productsInDisplayOrder.map(\.id) == ["1", "3", "809"])
        #expect(decoded.value.product(withId: "1")?.allowsTokenization == true)
        #expect(decoded.value.product(withId: "1")?.displayHints.label == "Visa")
        #expect(decoded.diagnostics.count == 1)
        #expect(decoded.diagnostics.first?.path.description == "paymentProducts[2]")
        #expect(decoded.diagnostics.first.map(String.init(describing:))?.contains("paymentProducts[2].id: expected string or integer, found boolean") == true)
        try roundTrip(decoded.value)
    }

    @Test("accounts on file with string ids and no logo still decode (the shipped samples no longer carry that shape)")
    func tolerantAccountOnFile() throws {
        let json = #"""
        {"id": 3, "paymentMethod": "card", "displayHints": {"label": "MC", "logo": "l3"},
         "accountsOnFile": [{"id": "1002", "paymentProductId": "3",
                             "displayHints": {"labelTemplate": [{"attributeKey": "cardNumber", "mask": "{{9999}} {{9999}} {{9999}} {{9999}}"}]},
                             "attributes": [{"key": "cardNumber", "value": "555555XXXXXX4444", "status": "READ_ONLY"}]}]}
        """#
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        let account = try #require(decoded.value.accountOnFile(withId: "1002"))
        #expect(account.paymentProductId == "3")
        #expect(account.logo == nil)
        #expect(account.label == "5555 55XX XXXX 4444")
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test("product groups, single and listed, with fields and accounts on file")
    func groups() throws {
        let json = #"""
        {"paymentProductGroups": [
          {"id": "cards", "displayHints": {"displayOrder": 1, "label": "Cards", "logo": "cards.png"},
           "allowsInstallments": true,
           "accountsOnFile": [{"id": 5, "paymentProductId": 1, "attributes": [{"key": "cardNumber", "value": "****1111", "status": "READ_ONLY"}]}],
           "fields": [{"id": "cardNumber", "displayHints": {"displayOrder": 0, "formElement": {"type": "text"}, "mask": "{{9999}}"}}]},
          {"id": 7}
        ]}
        """#
        let decoded = try Fixtures.decode(PaymentProductGroupList.self, json)
        let cards = try #require(decoded.value.paymentProductGroups.first)
        #expect(decoded.value.paymentProductGroups.count == 1)
        #expect(decoded.diagnostics.map(\.path.description) == ["paymentProductGroups[1]"])
        #expect(cards.allowsInstallments)
        #expect(cards.field(withId: "cardNumber")?.mask?.pattern == "{{9999}}")
        #expect(cards.accountOnFile(withId: "5")?.attributes.count == 1)
        try roundTrip(decoded.value)
        try roundTrip(cards)
    }

    @Test("IIN details: status derived, co-brands and card types")
    func iinDetails() throws {
        let supported = try Fixtures.decode(IINDetailsResponse.self, #"{"paymentProductId": 3, "isAllowedInContext": true, "countryCode": "RU", "cardType": "Debit", "coBrands": [{"paymentProductId": 1, "isAllowedInContext": false}, {"paymentProductId": "x"}]}"#)
        #expect(supported.value.status == .supported)
        #expect(supported.value.cardType == .debit)
        #expect(supported.value.coBrands.map(\.paymentProductId) == [1])
        #expect(supported.diagnostics.count == 1)
        try roundTrip(supported.value)
        #expect(try Fixtures.decode(IINDetailsResponse.self, #"{"paymentProductId": 3}"#).value.status == .existingButNotAllowed)
        #expect(try Fixtures.decode(IINDetailsResponse.self, #"{"errorId": "x"}"#).value.status == .unknown)
        let future = try Fixtures.decode(IINDetailsResponse.self, #"{"paymentProductId": 3, "cardType": "Charge"}"#)
        #expect(future.value.cardType == .other("Charge"))
        #expect(future.diagnostics.count == 1)
    }

    @Test("public key response; its description hides the key")
    func publicKey() throws {
        let key = try Fixtures.decode(PublicKeyResponse.self, #"{"keyId": "86b64e4e", "publicKey": "MIIBIjANBgkq"}"#).value
        #expect(key.keyId == "86b64e4e")
        #expect(!String(describing: key).contains("MIIB"))
        try roundTrip(key)
        #expect(throws: DefinitionError.self) { try Fixtures.decode(PublicKeyResponse.self, #"{"keyId": "k"}"#) }
    }

    @Test("directory entries; a bad entry is skipped")
    func directory() throws {
        let decoded = try Fixtures.decode(Directory.self, #"{"entries": [{"issuerId": "ABNANL2A", "issuerList": "short", "issuerName": "ABN AMRO", "countryNames": ["Nederland"]}, {"issuerId": 1}]}"#)
        #expect(decoded.value.entries.map(\.issuerName) == ["ABN AMRO"])
        #expect(decoded.diagnostics.count == 1)
        try roundTrip(decoded.value)
    }

    @Test("payment context and amount of money")
    func context() throws {
        let context = try Fixtures.decode(PaymentContext.self, #"{"amountOfMoney": {"amount": 1298, "currencyCode": "EUR"}, "countryCode": "NL", "isRecurring": true}"#).value
        #expect(context.amountOfMoney == AmountOfMoney(amount: 1298, currencyCode: "EUR"))
        #expect(context.isRecurring)
        try roundTrip(context)
    }

    @Test("unknown form element, field type, input type and validator are kept by name")
    func openSets() throws {
        let json = Fixtures.product(fields: #"[{"id": "f", "type": "uuid", "displayHints": {"formElement": {"type": "slider"}, "preferredInputType": "MagicKeyboard"}, "dataRestrictions": {"validators": {"checksum42": {"x": 1}, "luhn": {}}}}]"#)
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        let field = decoded.value.fields[0]
        #expect(field.type == .other("uuid"))
        #expect(field.displayHints.formElement.type == .other("slider"))
        #expect(field.displayHints.preferredInputType == .other("MagicKeyboard"))
        #expect(field.dataRestrictions.validators == [.unknown(name: "checksum42"), .luhn])
        #expect(decoded.diagnostics.count == 4)
        #expect(try PaymentProduct.decode(from: Array(decoded.value.jsonString().utf8)).value == decoded.value)
    }

    @Test("a regular expression that does not compile is reported and kept failing every value, never a crash")
    func badRegex() throws {
        let json = Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"regularExpression": {"regularExpression": "([0-9"}, "luhn": {}}}"#) + "]")
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        let validators = decoded.value.fields[0].dataRestrictions.validators
        #expect(validators.map(\.name) == ["regularExpression", "luhn"])
        let kept = try #require(validators.first)
        // Fails every value, the empty one included, with its own error: left out, it would pass them all.
        for value in ["", "0", "4111111111111111", "([0-9"] {
            #expect(kept.validate(value, in: .current())?.id == "uncheckable", "\(value.debugDescription)")
        }
        let diagnostic = try #require(decoded.diagnostics.first)
        #expect(diagnostic.path.description == "fields[0].dataRestrictions.validators.regularExpression.regularExpression")
        let pattern = try #require(diagnostic.kind.invalidPattern, "wrong kind")
        #expect(pattern == "([0-9")
    }

    @Test("fields in display order; fields without an order last, in definition order")
    func displayOrder() throws {
        let fields = "[" + [
            Fixtures.field(id: "c"), Fixtures.field(id: "b", #""x": 0"#),
            #"{"id": "a", "displayHints": {"displayOrder": 5, "formElement": {"type": "text"}}}"#,
            #"{"id": "z", "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}}"#,
        ].joined(separator: ",") + "]"
        let product = try Fixtures.decode(PaymentProduct.self, Fixtures.product(fields: fields)).value
        #expect(product.fieldsInDisplayOrder.map(\.id) == ["z", "a", "c", "b"])
    }
}

extension DefinitionDiagnostic.Kind {
    /// The pattern of an `invalidRegularExpression` diagnostic; `nil` for any other kind.
    var invalidPattern: String? {
        if case .invalidRegularExpression(let pattern, _) = self { return pattern }
        return nil
    }
}
