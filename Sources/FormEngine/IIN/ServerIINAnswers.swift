import PaymentFormCards
/// The server IIN answers a payment request holds for its card number: the last one taken for
/// the number's first 8 digits and the last one taken for its first 6 (what a lookup sends, by
/// how many digits were typed).
///
/// The answer that decides is the 8-digit one while the number starts with its digits, else the
/// 6-digit one while the number starts with those: a number typed past its eighth digit and back
/// keeps the platform's answer for its first 6 digits, and the form does not fall back to offline
/// detection (another product, then back) until a lookup it has already made answers again.
package struct ServerIINAnswers: Sendable {
    /// The last answer taken for a number's first 8 digits.
    private var eightDigits: ServerIINAnswer?
    /// The last answer taken for a number's first 6 digits.
    private var sixDigits: ServerIINAnswer?

    /// No answers.
    package init() {}

    /// Whether no answer is held.
    package var isEmpty: Bool { eightDigits == nil && sixDigits == nil }

    /// The answer that holds for `cardNumber` (as typed: spaces and `-` are ignored): the 8-digit
    /// answer when the number starts with its digits, else the 6-digit one when it starts with
    /// those; `nil` when neither does.
    private func answer(for cardNumber: String?) -> ServerIINAnswer? {
        if let eightDigits, eightDigits.applies(to: cardNumber) { return eightDigits }
        if let sixDigits, sixDigits.applies(to: cardNumber) { return sixDigits }
        return nil
    }

    /// The brands the answer that holds for `cardNumber` offers, each with its product
    /// (``ServerIINAnswer/brandOptions(in:)``); `nil` when no answer holds.
    @inline(never)
    func brandOptions(for cardNumber: String?, in table: BrandTable) -> [(brand: Brand, paymentProductId: Int)]? {
        answer(for: cardNumber)?.brandOptions(in: table)
    }

    /// Whether the value `value` of field `fieldId` fails `allowedInContext` by the answer that
    /// holds for it (``ServerIINAnswer/refuses(fieldId:value:)``).
    @inline(never)
    func refuses(fieldId: String, value: String?) -> Bool {
        // Every field's validation asks: only the card number's value is read for digits.
        guard fieldId == PaymentRequest.cardNumberFieldId, !isEmpty else { return false }
        return answer(for: value)?.refuses(fieldId: fieldId, value: value) ?? false
    }

    /// Holds `answer` in place of the last one taken for as many digits.
    mutating func take(_ answer: ServerIINAnswer) {
        if answer.digits.utf8.count >= CardNumberDigits.longestLookup {
            eightDigits = answer
        } else {
            sixDigits = answer
        }
    }

    /// Drops every answer (an `unknown` answer: offline detection decides again).
    mutating func removeAll() {
        eightDigits = nil
        sixDigits = nil
    }
}
