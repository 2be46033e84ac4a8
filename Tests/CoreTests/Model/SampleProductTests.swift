import Foundation
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormSamples
import Testing
import PaymentFormTestSupport
import PaymentFormFixtures

@Suite("Shipped sample products")
struct SampleProductTests {
    @Test("every sample decodes without diagnostics and round-trips", arguments: Fixtures.sampleNames)
    func decodesAndRoundTrips(name: String) throws {
        let data = try Fixtures.sampleJSON(name)
        let decoded = try PaymentProduct.decode(from: data)
        #expect(decoded.diagnostics.isEmpty)
        let product = decoded.value
        // Wallets (Apple Pay, Google Pay) have no fields: the wallet's own sheet collects the card.
        #expect(!product.fields.isEmpty || product.paymentMethod == "mobile")

        // Our own encoder and decoder: order and values preserved exactly.
        let again = try PaymentProduct.decode(from: Array(product.jsonString().utf8)).value
        #expect(again == product)

        // Through Foundation's coders (which do not report member order) the model is equal but
        // for validator order, which is then the fixed Connect order.
        let encoded = try JSONEncoder().encode(product)
        let viaFoundation = try JSONDecoder().decode(PaymentProduct.self, from: encoded)
        var canonical = product
        for index in canonical.fields.indices {
            canonical.fields[index].dataRestrictions.validators.sort { canonicalValidatorRank($0.name) < canonicalValidatorRank($1.name) }
        }
        #expect(viaFoundation == canonical)
        #expect(try JSONDecoder().decode(PaymentProduct.self, from: JSONEncoder().encode(viaFoundation)) == viaFoundation)
    }

    @Test("the Visa sample's fields, rules and masks")
    func visa() throws {
        let visa = try Fixtures.sample("visa")
        #expect(visa.id == "1")
        #expect(visa.fieldsInDisplayOrder.map(\.id) == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        let card = try #require(visa.field(withId: "cardNumber"))
        #expect(card.mask == Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"))
        #expect(card.dataRestrictions.isRequired)
        #expect(card.dataRestrictions.validators == [.length(minLength: 13, maxLength: 19), .luhn])
        #expect(card.type == .numericString)
        #expect(card.displayHints.preferredInputType == .integer)
        let cvv = try #require(visa.field(withId: "cvv"))
        #expect(cvv.displayHints.obfuscate)
        #expect(cvv.displayHints.tooltip?.image?.hasSuffix("ppf_cvv_v1.png") == true)
        let name = try #require(visa.field(withId: "cardholderName"))
        #expect(!name.dataRestrictions.isRequired)
        #expect(name.dataRestrictions.validators.map(\.name) == ["length", "regularExpression"])
        #expect(visa.field(withId: "nope") == nil)
    }

    @Test("validators keep definition order, whatever it is")
    func validatorOrder() throws {
        let json = Fixtures.product(fields: "[" + Fixtures.field(#""dataRestrictions": {"validators": {"regularExpression": {"regularExpression": "[0-9]+"}, "luhn": {}, "length": {"maxLength": 4}}}"#) + "]")
        let product = try Fixtures.decode(PaymentProduct.self, json).value
        #expect(product.fields[0].dataRestrictions.validators.map(\.name) == ["regularExpression", "luhn", "length"])
    }

    @Test("list options of the iDEAL sample, with a label from display elements")
    func ideal() throws {
        let ideal = try Fixtures.sample("ideal")
        let issuer = try #require(ideal.field(withId: "issuerId"))
        #expect(issuer.displayHints.formElement.type == .list)
        #expect(issuer.displayHints.formElement.valueMapping.map(\.label) == ["ABN AMRO", "ING", "Rabobank", "SNS Bank", "Triodos Bank"])
        #expect(issuer.dataRestrictions.validators.first == .fixedList(allowedValues: ["ABNANL2A", "INGBNL2A", "RABONL2U", "SNSBNL2A", "TRIONL2U"]))
    }

    @Test("the direct-debit sample's IBAN, e-mail, range and terms fields")
    func directDebit() throws {
        let sepa = try Fixtures.sample("sepa-direct-debit")
        #expect(sepa.field(withId: "iban")?.dataRestrictions.validators.contains(.iban) == true)
        #expect(sepa.field(withId: "emailAddress")?.dataRestrictions.validators.first == .emailAddress)
        #expect(sepa.field(withId: "debitDay")?.dataRestrictions.validators == [.range(minValue: 1, maxValue: 28)])
        let terms = try #require(sepa.field(withId: "termsAndConditions"))
        #expect(terms.displayHints.formElement.type == .boolean)
        #expect(terms.displayHints.link == "https://example.com/sepa-mandate-terms")
        #expect(terms.displayHints.alwaysShow)
    }

    @Test("accounts on file: integer ids as the API types them, a logo each, every status, label templates")
    func accountsOnFile() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        #expect(product.accountsOnFile.map(\.id) == ["1001", "1002"])
        #expect(product.accountsOnFile.allSatisfy { $0.logo != nil && $0.paymentProductId == "3" })
        let first = try #require(product.accountOnFile(withId: "1001"))
        #expect(first.paymentProductId == "3")
        #expect(first.attribute(forField: "cardNumber")?.status == .readOnly)
        #expect(first.attribute(forField: "expiryDate")?.status == .canWrite)
        #expect(first.attribute(forField: "cvv")?.status == .mustWrite)
        #expect(first.attribute(forField: "cvv")?.mustWriteReason == "IN_THE_PAST")
        #expect(first.displayHints.labelTemplate.map(\.attributeKey) == ["alias", "cardNumber"])
        #expect(product.accountOnFile(withId: "9") == nil)
        // Stored values never appear in descriptions.
        #expect(!String(describing: first).contains("4444"))
        #expect(!String(describing: first.attributes).contains("4444"))
    }
}
