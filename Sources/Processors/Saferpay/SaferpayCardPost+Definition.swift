import PaymentFormEngine

extension SaferpayCardPost {
    /// The shipped `saferpay-card` definition (``definitionName``): `HolderName`, `CardNumber`,
    /// `Expiry` (one `MM/YY` input, posted as `ExpMonth` and `ExpYear`) and `VerificationCode`,
    /// all required.
    ///
    /// ```swift
    /// let form = try SaferpayCardPost.definition
    /// var request = PaymentRequest(product: form)
    /// try request.setValue("4111 1111 1111 1111", forField: "CardNumber")
    /// ```
    ///
    /// - Throws: a `DefinitionError` only if the shipped file could not be read (the package's
    ///   tests read it).
    public static var definition: PaymentProduct {
        get throws(DefinitionError) {
            guard let form = try ProcessorForms.definition(named: definitionName) else {
                throw DefinitionError(path: .root, kind: .malformedJSON("the \(definitionName) definition is missing from the build"))
            }
            return form
        }
    }
}
