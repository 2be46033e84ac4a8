import PaymentFormValidation

extension PaymentProductField {
    /// The Client API field id whose validation messages fit this field when its own id is
    /// another one, so a form that names its card fields its own way still says what is wrong
    /// in the field's terms ("Enter the full card number", not "Enter between 13 and 19
    /// characters"): a field with a `luhn` validator holds a card number, a field of type
    /// `expirydate` an expiry date, and the security-code ids the Sips and Saferpay forms use
    /// (`cardCSCValue`, `VerificationCode`) a security code. `nil` when the field's own id is
    /// that id, or when nothing tells what the field holds.
    ///
    /// ```swift
    /// saferpayCardNumber.messageFieldId   // "cardNumber" (its id is "CardNumber", its validators include luhn)
    /// visaCardNumber.messageFieldId       // nil: its id already is "cardNumber"
    /// ```
    package var messageFieldId: String? {
        let kind: String?
        if dataRestrictions.validators.contains(.luhn) {
            kind = "cardNumber"
        } else if type == .expiryDate {
            kind = "expiryDate"
        } else if Self.securityCodeIds.contains(id) {
            kind = "cvv"
        } else {
            kind = nil
        }
        return kind == id ? nil : kind
    }

    /// Ids other forms give a card's security code.
    private static let securityCodeIds: Set<String> = ["cardCSCValue", "VerificationCode", "cvc", "securityCode", "cardSecurityCode"]
}
