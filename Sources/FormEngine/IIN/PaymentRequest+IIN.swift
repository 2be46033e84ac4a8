import PaymentFormCards
extension PaymentRequest {
    /// Takes a server IIN lookup's answer for the card number entered now.
    ///
    /// A `supported` or `existingButNotAllowed` answer is held for the number's first digits (8,
    /// or 6 when fewer were typed) and applies while the number starts with them: the card number
    /// fails `allowedInContext` when the card cannot pay in the context (neither its product nor
    /// a co-brand is allowed), and a form's co-badge choice takes the answer's brands. The last
    /// answer for 8 digits and the last for 6 are held side by side: the 8-digit one decides while
    /// the number starts with its digits, else the 6-digit one, so a number typed past its eighth
    /// digit and back is still judged by the answer for its first 6. An `unknown` answer drops
    /// both. Nothing changes, and `false` is returned, for an answer
    /// that says nothing about this number: `notEnoughDigits`, `pending`, an offline answer (the
    /// form detects offline itself), or a card number with fewer than 6 digits or other
    /// characters than digits, spaces and `-`.
    ///
    /// The form controller does this for a screen (``PaymentFormController/applyIINLookup(_:)``);
    /// a request without one (a backend, a test, a screen of the app's own) takes the answer
    /// itself, and its validation then reports `allowedInContext` (the Connect guide's
    /// ValidationErrorAllowed) on the card number of a card the platform refuses here:
    ///
    /// ```swift
    /// var request = PaymentRequest(product: visa)
    /// try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
    /// let answer = try await session.iinDetails(forPartialCardNumber: "41111111", context: paymentContext)
    /// request.applyIINLookup(answer)
    /// let report = request.validate(in: .current())
    /// // for an existingButNotAllowed answer, the first error is "allowedInContext"
    /// ```
    ///
    /// - Returns: whether the answer was taken (or dropped a held one).
    @discardableResult
    public mutating func applyIINLookup(_ result: IINLookupResult) -> Bool {
        guard result.source != .offline else { return false }
        let cardNumber = value(forField: Self.cardNumberFieldId)
        guard let digits = cardNumber.flatMap(CardNumberDigits.digits(of:)), CardNumberDigits.lookupPrefix(of: digits) != nil else { return false }
        switch result.status {
        case .notEnoughDigits, .pending:
            return false
        case .unknown:
            iinAnswers.removeAll()
        case .supported, .existingButNotAllowed:
            if let answer = ServerIINAnswer(result, cardNumber: cardNumber) { iinAnswers.take(answer) }
        }
        return true
    }
}
