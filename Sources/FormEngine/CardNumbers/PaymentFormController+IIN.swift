import PaymentFormCards
import PaymentFormMasking
extension PaymentFormController {
    /// Takes a server IIN lookup's answer for the card number (``ClientSession/iinDetails(forPartialCardNumber:context:)``,
    /// or each answer of a ``CardNumberLookup``).
    ///
    /// The answer holds for the card number's first digits as they are now (8, or 6 when fewer
    /// were typed: what a lookup sends) and applies while the number starts with them, so typing
    /// the rest of the number keeps it, and changing one of those digits drops it. While it
    /// applies:
    /// - its brands win over offline detection for the co-badge choice: the answer's product and
    ///   co-brands that are allowed in the payment context become ``brandChoice``'s options
    ///   (Cartes Bancaires and Visa, which no offline table can tell apart), each with its product
    ///   (``BrandChoice/paymentProductId(forBrandId:)``), and ``selectBrand(_:)`` takes them;
    /// - a card that exists but cannot pay in this context (neither its product nor a co-brand is
    ///   allowed) fails `allowedInContext` on the card number, shown at once.
    ///
    /// The last answer for 8 digits and the last for 6 are held side by side, the 8-digit one
    /// deciding while the number starts with its digits: deleting back below the eighth digit
    /// brings the 6-digit answer back at once, without offline detection deciding in between. An
    /// `unknown` answer drops both (offline detection decides again). The update's
    /// ``FormUpdate/outcome`` is `.rejected`, and nothing changes, for an answer that says nothing
    /// about the number now: `notEnoughDigits`, `pending`, an offline answer (the controller
    /// detects offline itself), no editable card-number field, or fewer than 6 digits in it.
    ///
    /// ```swift
    /// let digits = controller[field: "cardNumber"]?.value ?? ""
    /// let answer = try await session.iinDetails(forPartialCardNumber: digits, context: paymentContext)
    /// let update = controller.applyIINLookup(answer)
    /// controller.brandChoice.options.map(\.id)   // ["cartes-bancaires", "visa"]: a co-badged card (4000 0025 0000 1001), on a form taking both
    /// ```
    @discardableResult
    public mutating func applyIINLookup(_ result: IINLookupResult) -> FormUpdate {
        guard let card = fieldIndex.cardNumber else { return FormUpdate(fields: [], outcome: .rejected, advance: false, next: nil, isValid: isValid) }
        return perform(scope(ofEventOnField: card), fieldIndex: nil, completes: false) { controller in
            // The request holds the fields' values as of the last event; a read-only or prefilled
            // card number has none there, so a lookup cannot apply to it.
            controller.request.applyIINLookup(result) ? .changed : .rejected
        }
    }

    /// Updates the co-badge choice from the card number at `card`: the server's IIN answer while
    /// it applies (it wins), else the offline detection of the digits; nothing to choose for a
    /// read-only card, and only brands of products the form takes when the card number decides
    /// the product. Only when the options change, so a choice the customer cleared stays
    /// cleared. Called on every event on the card number, so it compares without building arrays.
    mutating func updateBrandChoice(cardAt card: Int) {
        let accepted = request.acceptedCards
        if var offered = request.iinAnswers.brandOptions(for: request.value(forField: PaymentRequest.cardNumberFieldId), in: brandDetector.table) {
            if let accepted { offered.removeAll { !accepted.takes($0.paymentProductId) } }
            var productIds: [String: Int] = [:]
            for option in offered { productIds[option.brand.id] = option.paymentProductId }
            let options = offered.count < 2 ? [] : offered.map { $0.brand }
            if !brandChoice.options.elementsEqual(options, by: { $0.id == $1.id }) || brandChoice.paymentProductIds != productIds {
                brandChoice.update(options: options, paymentProductIds: productIds)
            }
            return
        }
        var choices: [Brand] = []
        if !fields[card].readOnly, let brands = fields[card].brands { choices = brands.coBadgeChoices }
        if let accepted, !choices.isEmpty { choices.removeAll { !accepted.takes($0) } }
        if !brandChoice.options.elementsEqual(choices, by: { $0.id == $1.id }) || !brandChoice.paymentProductIds.isEmpty {
            brandChoice.update(options: choices)
        }
    }
}
