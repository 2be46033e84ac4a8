import Foundation
import PaymentFormEngine
import PaymentFormTestSupport
import PaymentFormFixtures
import PaymentFormSamples
import Testing

/// What the Connect Swift client SDK guide's own code reads from the model (seed 003), public since
/// issue 35: each test names the guide's item. That an app can reach these members through
/// `import PaymentFormEngine` alone is Scripts/test/consumer-check.sh's job; these tests check their
/// values against the shipped samples.
@Suite("The Connect guide's code on the model: groups, order, recurring, fields, accounts")
struct ConnectGuideModelTests {
    static func group(_ id: String) throws -> PaymentProductGroup {
        try PaymentProductGroup(jsonEncoded: try #require(Samples.group(withId: id)))
    }

    // C24 ("a field indicating the payment product group this product belongs to"), C27 ("whether
    // or not a recurring payment can be processed with this payment product").
    @Test("C24, C27: a product's group and whether it takes recurring payments", arguments: [
        ("mastercard-accounts-on-file", "cards" as String?, true), ("visa", "cards", true), ("ideal", nil, false),
        ("sepa-direct-debit", nil, true),
    ])
    func groupAndRecurring(name: String, group: String?, recurring: Bool) throws {
        let product = try Fixtures.sample(name)
        #expect(product.paymentProductGroup == group)
        #expect(product.allowsRecurring == recurring)
    }

    // C29 ("an index indicating at which position the payment product belongs in a list of
    // payment products"), for products and groups.
    @Test("C29: display order of products and groups, and the list a customer picks from")
    func displayOrder() throws {
        let products = try ["ideal", "mastercard-accounts-on-file", "visa", "sepa-direct-debit"].map(Fixtures.sample)
        let cards = try Self.group("cards")
        #expect(products.map(\.displayHints.displayOrder) == [40, 30, 10, 50])
        #expect(cards.displayHints.displayOrder == 0)
        let items = PaymentItems(products: PaymentProductList(paymentProducts: products),
                                 groups: PaymentProductGroupList(paymentProductGroups: [cards]))
        // The grouped products give way to their group; the rest in display order.
        #expect(items.items.map(\.id) == ["cards", "809", "770"])
        #expect(items.items.map(\.displayHints.displayOrder) == [0, 40, 50])
        // An app's own entry placed among them by the same order.
        let appEntryOrder = 45
        let before = items.items.filter { ($0.displayHints.displayOrder ?? .max) < appEntryOrder }.map(\.id)
        #expect(before == ["cards", "809"])
    }

    // C43 ("Each field has an identifier, a type, a definition of restrictions … and information
    // about how the field should be presented"); the guide's fragment reads
    // field.dataRestrictions.isRequired and field.displayHints.obfuscate.
    @Test("C43: the CVV field as the guide's fragment reads it, with its keyboard, control and tooltip")
    func cvvField() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        let field = try #require(product.field(withId: "cvv"))
        #expect(field.type == .numericString)
        #expect(field.dataRestrictions.isRequired)
        #expect(field.dataRestrictions.validators.map(\.name) == ["length", "regularExpression"])
        #expect(field.dataRestrictions.validators.first == .length(minLength: 3, maxLength: 4))
        #expect(field.displayHints.obfuscate)
        #expect(field.displayHints.preferredInputType == .integer)
        #expect(field.displayHints.formElement.type == .text)
        #expect(field.displayHints.formElement.valueMapping.isEmpty)
        #expect(field.displayHints.label == "CVV")
        #expect(field.displayHints.placeholderLabel == "123")
        #expect(field.displayHints.displayOrder == 24)
        #expect(field.displayHints.mask?.pattern == "{{9999}}")
        #expect(field.displayHints.tooltip?.label == "The 3-digit security code on the back of your card.")
        #expect(field.displayHints.tooltip?.image == "templates/master/global/css/img/ppimages/ppf_cvv_v1.png")
        let cardNumber = try #require(product.field(withId: "cardNumber"))
        #expect(cardNumber.dataRestrictions.validators == [.length(minLength: 13, maxLength: 19), .luhn])
        #expect(!cardNumber.displayHints.obfuscate)
        #expect(try #require(product.field(withId: "expiryDate")).type == .expiryDate)
        #expect(try #require(product.field(withId: "cardholderName")).displayHints.preferredInputType == .string)
    }

    // C43: "formElement" with list options: a picker, not a text field.
    @Test("C43: a list field's control and options, a display element standing in for the name")
    func listField() throws {
        let field = try #require(try Fixtures.sample("ideal").field(withId: "issuerId"))
        #expect(field.type == .string)
        #expect(field.displayHints.formElement.type == .list)
        #expect(field.displayHints.formElement.valueMapping.map(\.value) == ["ABNANL2A", "INGBNL2A", "RABONL2U", "SNSBNL2A", "TRIONL2U"])
        #expect(field.displayHints.formElement.valueMapping.map(\.label) == ["ABN AMRO", "ING", "Rabobank", "SNS Bank", "Triodos Bank"])
        #expect(field.displayHints.formElement.valueMapping.map(\.displayName) == ["ABN AMRO", "ING", "Rabobank", "SNS Bank", nil])
        #expect(field.dataRestrictions.validators.first?.name == "fixedList")
    }

    // The API grows: values the engine does not know are kept by name, not turned into defaults.
    @Test("C43: unknown type, keyboard, control and attribute status are kept by name")
    func unknownValues() throws {
        let json = #"""
        {"id": 1, "paymentMethod": "card", "displayHints": {"label": "Card", "logo": "l.png"},
         "fields": [{"id": "f", "type": "hologram", "displayHints": {"preferredInputType": "BrailleKeyboard", "formElement": {"type": "slider"}}},
                    {"id": "g", "displayHints": {"formElement": {"type": "text"}}}],
         "accountsOnFile": [{"id": 7, "paymentProductId": 1, "attributes": [{"key": "f", "value": "x", "status": "MAYBE_WRITE"}]}]}
        """#
        let product = try PaymentProduct(jsonEncoded: Array(json.utf8))
        let field = try #require(product.fields.first)
        #expect(field.type == .other("hologram"))
        #expect(field.displayHints.preferredInputType == .other("BrailleKeyboard"))
        #expect(field.displayHints.formElement.type == .other("slider"))
        #expect(product.accountsOnFile.first?.attributes.first?.status == .other("MAYBE_WRITE"))
        // No keyboard or type named: nil and `string`, as the API defines them.
        let plain = try #require(product.field(withId: "g"))
        #expect(plain.displayHints.preferredInputType == nil)
        #expect(plain.type == .string)
        #expect(!plain.dataRestrictions.isRequired)
        #expect(plain.dataRestrictions.validators.isEmpty)
    }

    // C37 ("a collection of values that have been stored as part of the account on file" and
    // "display hints that contain information about how the account on file should be rendered").
    @Test("C37: an account on file's attributes with their status, and its label template")
    func accountOnFile() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        let account = try #require(product.accountOnFile(withId: "1001"))
        #expect(account.attributes.map(\.key) == ["alias", "cardNumber", "expiryDate", "cardholderName", "cvv"])
        #expect(account.attributes.map(\.status) == [.readOnly, .readOnly, .canWrite, .canWrite, .mustWrite])
        #expect(account.attributes.map(\.value) == ["Road Runner", "************4444", "1230", "Wile E. Coyote", ""])
        #expect(account.attributes.last?.mustWriteReason == "IN_THE_PAST")
        #expect(account.displayHints.labelTemplate.map(\.attributeKey) == ["alias", "cardNumber"])
        #expect(account.displayHints.labelTemplate.map(\.mask) == [nil, "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"])
        #expect(account.displayHints.logo == "templates/master/global/css/img/ppimages/pp_logo_3_v1.png")
        #expect(account.logo == account.displayHints.logo)
        #expect(account.label == "Road Runner **** **** **** 4444")
        // A changed template changes the label: the label is built from the hints.
        var edited = account
        edited.displayHints.labelTemplate.removeFirst()
        #expect(edited.label == "**** **** **** 4444")
        edited.logo = nil
        #expect(edited.displayHints.logo == nil)
    }

    @Test("C37: an attribute's description, debug description and dump never show the stored value")
    func attributeRedaction() throws {
        let account = try #require(try Fixtures.sample("mastercard-accounts-on-file").accountOnFile(withId: "1001"))
        let attribute = try #require(account.attributes.first { $0.key == "cardholderName" })
        var dumped = ""
        dump(attribute, to: &dumped)
        for text in [attribute.description, attribute.debugDescription, String(reflecting: attribute), dumped] {
            #expect(text.contains("cardholderName"))
            #expect(!text.contains("Coyote"))
        }
    }

    // The model is Codable in its Client API shape: the new public members survive a round trip.
    @Test("the public members survive a JSON round trip")
    func roundTrip() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        let data = try JSONEncoder().encode(product)
        let back = try JSONDecoder().decode(PaymentProduct.self, from: data)
        #expect(back.paymentProductGroup == "cards")
        #expect(back.allowsRecurring)
        #expect(back.accountsOnFile.first?.displayHints == product.accountsOnFile.first?.displayHints)
        #expect(back.accountsOnFile.first?.attributes == product.accountsOnFile.first?.attributes)
        #expect(back.field(withId: "cvv")?.displayHints == product.field(withId: "cvv")?.displayHints)
    }
}
