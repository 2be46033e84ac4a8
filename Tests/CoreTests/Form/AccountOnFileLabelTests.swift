import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Account-on-file labels from their label templates.
@Suite("Account-on-file labels")
struct AccountOnFileLabelTests {
    static let cardMask = "{{9999}} {{9999}} {{9999}} {{9999}}"

    static func account(_ template: [(String, String?)], _ attributes: [(String, String?)]) -> AccountOnFile {
        AccountOnFile(
            id: "1", paymentProductId: "1",
            labelTemplate: template.map { LabelTemplateItem(attributeKey: $0.0, mask: $0.1) },
            attributes: attributes.map { AccountOnFileAttribute(key: $0.0, value: $0.1, status: .readOnly) })
    }

    @Test("labels", arguments: [
        // The spec's example.
        ([("alias", nil), ("cardNumber", cardMask)], [("alias", "Road Runner"), ("cardNumber", "************4242")], "Road Runner **** **** **** 4242"),
        // A missing attribute is skipped (no mask literal leaks in).
        ([("alias", "+{{99}}"), ("cardNumber", cardMask)], [("cardNumber", "************4242")], "**** **** **** 4242"),
        // Surrounding white space is trimmed; empty parts are skipped.
        ([("name", nil), ("empty", nil), ("expiryDate", "{{99}}/{{99}}")], [("name", "  Marie Curie "), ("empty", "  "), ("expiryDate", "0325")], "Marie Curie 03/25"),
        // Relaxed masks accept the stored hiding characters.
        ([("cardNumber", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")], [("cardNumber", "4012XXXXXXXX0026")], "4012 XXXX XXXX 0026"),
        // No template: empty label.
        ([], [("cardNumber", "4242")], ""),
        // A null value is skipped.
        ([("cardNumber", nil)], [("cardNumber", nil)], ""),
    ] as [([(String, String?)], [(String, String?)], String)])
    func label(template: [(String, String?)], attributes: [(String, String?)], expected: String) {
        #expect(Self.account(template, attributes).label == expected)
    }

    @Test("the sample accounts")
    func samples() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        #expect(product.accountOnFile(withId: "1001")?.label == "Road Runner **** **** **** 4444")
        #expect(product.accountOnFile(withId: "1002")?.label == "Marie Curie 5555 55XX XXXX 4444 03/25")
    }
}
