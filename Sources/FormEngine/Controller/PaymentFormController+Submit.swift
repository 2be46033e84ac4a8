
extension PaymentFormController {
    /// The customer asked to pay: validates the whole request; from now on every field with an
    /// error shows its first one.
    @discardableResult
    public mutating func submit() -> FormSubmission {
        let before = fields
        autoAdvance = nil
        isSubmitted = true
        // Each field's error stays shown, focused or not, until the customer edits the field.
        for index in fields.indices { fields[index].showsSubmitError = true }
        refresh()   // the display policy changed for every field
        return FormSubmission(isValid: isValid, errors: report.errors, fields: changedFields(since: before, always: nil), prepared: nil,
                              paymentProductId: item.kind == .product ? item.id : nil)
    }

    /// ``submit()``, and when the request is valid, prepares it: validates and encrypts the values
    /// for the platform with its public key (see ``PaymentRequest/prepare(clientSessionId:key:metaInfo:in:algorithm:)``).
    /// An invalid request is answered, not thrown: ``FormSubmission/prepared`` is `nil`.
    ///
    /// - Throws: ``PrepareError`` when a valid request cannot be prepared (a product group whose
    ///   product is not chosen yet, an id that is not numeric, encryption failing).
    @discardableResult
    public mutating func submit(clientSessionId: String, key: EncryptionKey, metaInfo: ClientMetaInfo) throws(PrepareError) -> FormSubmission {
        var submission = submit()
        guard submission.isValid else { return submission }
        submission.prepared = try request.prepare(clientSessionId: clientSessionId, key: key, metaInfo: metaInfo, in: context)
        return submission
    }
}
