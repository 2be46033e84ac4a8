import PaymentFormCards

extension PaymentFormController {
    /// Switches to the card product the card number names now (``AcceptedCardProducts``'s rule);
    /// `true` when the item changed. A number of a brand the form does not take stays on the
    /// item it is on (its error says why). A number that names no product (emptied, too few
    /// digits, only a lookup can tell, no brand has it) returns the form to the item it was on
    /// before the number chose one, so no product is shown that the number no longer names. The
    /// card number keeps its text, caret and focus; the other fields keep what fits (see
    /// ``selectProduct(_:)``).
    mutating func followCardNumber() -> Bool {
        guard request.acceptedCards != nil, fieldIndex.cardNumber != nil else { return false }
        var switched = false
        // A switch can change what decides (the new product's co-badge options): look twice at most.
        for _ in 0..<2 {
            guard let card = fieldIndex.cardNumber else { return switched }
            let target: AnyPaymentItem
            let returning: Bool
            switch request.cardDecision(forCardNumber: fields[card].value) {
            case .product(let id):
                guard let named = cardItem(withId: id) else { return switched }
                target = named
                returning = false
            case .undecided:
                guard let before = itemBeforeCardNumber else { return switched }
                target = before
                returning = true
            case .notAccepted:
                return switched
            }
            guard target.id != item.id || target.kind != item.kind else { return switched }
            if !returning, itemBeforeCardNumber == nil { itemBeforeCardNumber = item }
            switchItem(keepingCardNumberOf: card, to: target)
            if returning { itemBeforeCardNumber = nil }
            switched = true
        }
        return switched
    }

    /// The product with Client API id `id` among the items the form can be on.
    private func cardItem(withId id: Int) -> AnyPaymentItem? {
        let text = String(id)
        if item.kind == .product && item.id == text { return item }
        if let before = itemBeforeCardNumber, before.kind == .product, before.id == text { return before }
        return otherItems.first { $0.kind == .product && $0.id == text }
    }

    /// ``selectProduct(_:)``'s switch, the card number's caret kept where it was among its digits.
    private mutating func switchItem(keepingCardNumberOf card: Int, to target: AnyPaymentItem) {
        let old = fields[card]
        otherItems.removeAll { $0.id == target.id && $0.kind == target.kind }
        if !otherItems.contains(where: { $0.id == item.id && $0.kind == item.kind }) { otherItems.append(item) }
        switchItem(to: target)
        if let newCard = fieldIndex.cardNumber, fields[newCard].value == old.value {
            let start = Self.offset(afterDigits: Self.digitCount(in: old.text, before: old.selection.lowerBound), in: fields[newCard].text)
            let end = Self.offset(afterDigits: Self.digitCount(in: old.text, before: old.selection.upperBound), in: fields[newCard].text)
            fields[newCard].selection = start..<max(start, end)
        }
        refresh()
    }

    /// How many ASCII digits `text` holds before UTF-16 offset `offset`.
    private static func digitCount(in text: String, before offset: Int) -> Int {
        var count = 0
        for (index, unit) in text.utf16.enumerated() where index < offset && unit &- 0x30 < 10 { count += 1 }
        return count
    }

    /// The UTF-16 offset in `text` just after its `digits`-th ASCII digit (0: the start; past the
    /// last digit: the end).
    private static func offset(afterDigits digits: Int, in text: String) -> Int {
        guard digits > 0 else { return 0 }
        var seen = 0
        for (index, unit) in text.utf16.enumerated() where unit &- 0x30 < 10 {
            seen += 1
            if seen == digits { return index + 1 }
        }
        return text.utf16.count
    }
}
