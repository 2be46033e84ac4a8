/// The answer to ``PaymentFormController/submit()``: whether the request is valid, every
/// error, the fields whose state changed (each now shows its first error), and, when the
/// controller was given a key, the encrypted request.
///
/// ```swift
/// let submission = try controller.submit(clientSessionId: clientSessionId, key: key, metaInfo: .current(appIdentifier: "shop/1.0"))
/// if let prepared = submission.prepared { send(prepared) } else { redraw(submission.fields) }
/// ```
///
/// It is `Codable`: `{"isValid": false, "errors": [...], "fields": [...], "prepared": {...}}`,
/// errors as ``FieldError`` encodes them, fields as ``FormFieldState`` does (card data included).
public struct FormSubmission: Sendable, Hashable {
    /// Whether the whole request validates.
    public var isValid: Bool
    /// Every failure, in display order, then the validators' order.
    public var errors: [FieldError]
    /// The fields whose state changed (messages appear on submit).
    public var fields: [FormFieldState]
    /// The encrypted request, when it was valid and a key was given; else `nil`.
    public var prepared: PreparedPaymentRequest?
    /// The product the request pays with (the one the encrypted request names): on a card form,
    /// the product the card number and the customer's co-badge choice named; `nil` while the form
    /// is on a product group whose product is not named yet.
    public var paymentProductId: String?

    /// A submission.
    package init(isValid: Bool, errors: [FieldError], fields: [FormFieldState], prepared: PreparedPaymentRequest?,
                 paymentProductId: String? = nil) {
        self.isValid = isValid
        self.errors = errors
        self.fields = fields
        self.prepared = prepared
        self.paymentProductId = paymentProductId
    }
}

extension FormSubmission: CustomStringConvertible {
    /// Validity, errors and whether a request was prepared; never values.
    public var description: String {
        "FormSubmission(isValid: \(isValid), errors: \(errors.map { $0.description }), prepared: \(prepared != nil)"
            + (paymentProductId.map { ", paymentProductId: \($0)" } ?? "") + ")"
    }

}
