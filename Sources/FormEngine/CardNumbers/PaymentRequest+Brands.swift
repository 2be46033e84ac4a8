import PaymentFormCards

extension PaymentRequest {
    /// The id of the card-number field in Client API card products.
    package static let cardNumberFieldId = "cardNumber"

    /// The offline brand detection of the value entered in the `cardNumber` field:
    /// `BrandDetection.unknown` when the product has no such field, nothing is entered, or the
    /// value holds characters a card number cannot (validation reports those).
    package func brandDetection(using detector: BrandDetector = .shipped) -> BrandDetection {
        guard let value = unmaskedValue(forField: Self.cardNumberFieldId) else { return .unknown }
        return (try? detector.detect(value)) ?? .unknown
    }

    /// What the card number `value` (as typed: spaces and `-` are ignored) says about the product
    /// to pay with, by ``acceptedCards``'s rule: the server's IIN answer while it holds for the
    /// number, else offline detection, with the customer's co-badge choice (``selectedBrand``).
    /// `undecided` when the form does not decide the product from the number.
    package func cardDecision(forCardNumber value: String?) -> AcceptedCardProducts.Decision {
        guard let acceptedCards, let value else { return .undecided(.needsDigits) }
        // As the validators see it: a character the mask filters (a letter) is not a digit of it.
        let digits = CardNumberDigits.digits(of: value) ?? String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value &- 0x30 < 10 }))
        guard !digits.isEmpty else { return .undecided(.needsDigits) }
        let serverOptions = iinAnswers.brandOptions(for: value, in: brandDetector.table)
        let detection = (try? brandDetector.detect(digits)) ?? .unknown
        return acceptedCards.decide(detection: detection, digitCount: digits.utf8.count, serverOptions: serverOptions, chosenBrandId: selectedBrand?.id)
    }
}

extension PaymentRequest {
    /// The brands the entered card number can carry, to check a brand chosen for it (Sips'
    /// `paymentMeanBrand`); `nil` when nothing can be said: no card number, or no brand has its
    /// digits.
    ///
    /// A server IIN lookup that holds for the number (see `applyIINLookup(_:)`) and names allowed
    /// brands decides. Otherwise offline detection: the brands it finds (with their co-badge
    /// partners), and, on a Visa or Mastercard number, the brands only a server lookup can tell
    /// (Cartes Bancaires, eftpos, Interac: no public prefix ranges, and they are co-badged on Visa
    /// and Mastercard cards), since offline the number may carry one of them.
    package func possibleBrands(using detector: BrandDetector = .shipped) -> [Brand]? {
        guard let number = value(forField: Self.cardNumberFieldId), !number.isEmpty else { return nil }
        if let options = iinAnswers.brandOptions(for: number, in: detector.table) {
            let offered = options.map { $0.brand }
            if !offered.isEmpty { return offered }
        }
        let detected = brandDetection(using: detector).brands
        guard !detected.isEmpty else { return nil }
        guard detected.contains(where: { Self.serverOnlyBrandPartners.contains($0.id) }) else { return detected }
        return detected + detector.table.brands.filter { $0.prefixRanges.isEmpty && !detected.contains($0) }
    }

    /// The brands that carry a brand without prefix ranges co-badged (Cartes Bancaires + Visa or
    /// Mastercard; eftpos and Interac the same).
    static let serverOnlyBrandPartners: Set<String> = ["visa", "mastercard"]
}

extension PaymentRequest {
    /// Lets the card number decide the product among the request's item and `otherItems`, when
    /// the item is a card form (``AcceptedCardProducts/decideProduct(of:)``) and it has some card
    /// product: a number of a known brand that none of them can be for then fails
    /// `cardNotAccepted`, and one that names none of them yet fails `cardUndecided` when the whole
    /// request is validated.
    package mutating func takeCards(among otherItems: [AnyPaymentItem], detector: BrandDetector = .shipped) {
        let accepted = AcceptedCardProducts([item] + otherItems, table: detector.table)
        guard AcceptedCardProducts.decideProduct(of: item), !accepted.productIds.isEmpty else { return }
        acceptedCards = accepted
        brandDetector = detector
    }

    /// The request on the card product its card number names among `otherItems` (the form
    /// controller's rule), with every value carried over to the field of the same id and the same
    /// account, IIN answer and brand; the request itself when the number names none (its
    /// validation then says why: `cardNotAccepted`, `cardUndecided`, `length`, ...). What
    /// `payform validate` checks for a product group.
    package func onCardProduct(among otherItems: [AnyPaymentItem]) -> PaymentRequest {
        guard case .product(let id) = cardDecision(forCardNumber: value(forField: Self.cardNumberFieldId)),
              let named = otherItems.first(where: { $0.kind == .product && $0.id == String(id) }), named.id != item.id
        else { return self }
        var moved = PaymentRequest(item: named, tokenize: tokenize)
        moved.acceptedCards = acceptedCards
        moved.brandDetector = brandDetector
        moved.iinAnswers = iinAnswers
        moved.selectedBrand = selectedBrand
        if let account = accountOnFile { try? moved.selectAccountOnFile(withId: account.id) }
        for field in fieldsInDisplayOrder {
            if let value = value(forField: field.id) { try? moved.setValue(value, forField: field.id) }
        }
        return moved
    }
}
