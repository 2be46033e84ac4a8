import PaymentFormEngine

extension SipsOperation {
    /// The shipped definition of the form this function takes (``definitionName``), ready for a
    /// form controller or a request; `nil` for the functions that take no customer input.
    ///
    /// The forms ship inside this module: the card form (`cardNumber`, `cardExpiryDate` typed
    /// `MM/YY`, `cardCSCValue`), the wallet card's `paymentMeanId` (and `cardCSCValue`), the alias
    /// of a card to save (`paymentMeanAlias`), the card number or IIN of `getCardData`, the token
    /// call's card inputs.
    ///
    /// ```swift
    /// if let form = try SipsOperation.cardOrder.definition {
    ///     var controller = PaymentFormController(item: form, localizer: localizer, context: .current())
    /// }
    /// ```
    ///
    /// - Throws: a `DefinitionError` only if the shipped file could not be read (the package's
    ///   tests read every one).
    public var definition: PaymentProduct? {
        get throws(DefinitionError) {
            guard let name = definitionName else { return nil }
            return try ProcessorForms.definition(named: name)
        }
    }
}
