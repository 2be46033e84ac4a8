import Testing
@testable import PaymentFormLocalization

@Suite("ReadableIdentifier")
struct ReadableIdentifierTests {
    @Test("turns ids into readable labels", arguments: [
        ("cardholderName", "Cardholder name"),
        ("expiryDate", "Expiry date"),
        ("cvv", "Cvv"),
        ("CVV", "CVV"),
        ("IBANCode", "IBAN code"),
        ("accountHolderName", "Account holder name"),
        ("address_line2", "Address line 2"),
        ("first-name", "First name"),
        ("issuerId", "Issuer id"),
        ("x", "X"),
        ("", ""),
        ("__", ""),
        // Outside ASCII: letters without case, kept as written.
        ("numéroCarte", "Numéro carte"),
        ("étatCivil", "état civil"),
        ("ÉTAT_civil", "État civil"),
        ("straße2", "Straße 2"),
        ("line\r\n2", "Line 2"),
    ])
    func label(id: String, expected: String) {
        #expect(ReadableIdentifier.label(for: id) == expected)
    }
}
