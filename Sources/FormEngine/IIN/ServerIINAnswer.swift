import PaymentFormCards
import PaymentFormValidation
/// A server IIN lookup's answer as a payment request holds it, bound to the card number's first
/// digits when it was taken: it applies while the number still starts with those digits.
///
/// An IIN lookup sends the first 8 digits of a card number (the first 6 when fewer were typed),
/// so its answer stays true while the customer types the rest of the number; it stops applying
/// as soon as one of those digits changes (semantics: "until the number changes"). It decides
/// two things: the co-badge choice (the brands of the answer's allowed products win over the
/// offline detection), and whether the card number fails `allowedInContext` (the card exists,
/// but none of its brands can pay in this payment context).
package struct ServerIINAnswer: Sendable, Hashable {
    /// The card number's first digits the answer holds for (8, or 6 when fewer than 8 were typed).
    let digits: String
    /// The answer.
    package let result: IINLookupResult

    /// The answer of `result` for `cardNumber` (as typed: spaces and `-` are ignored); `nil` when
    /// the number cannot be looked up (fewer than 6 digits, or another character) or the answer
    /// says neither `supported` nor `existingButNotAllowed`.
    init?(_ result: IINLookupResult, cardNumber: String?) {
        guard result.status == .supported || result.status == .existingButNotAllowed,
              let cardNumber, let digits = CardNumberDigits.digits(of: cardNumber), let prefix = CardNumberDigits.lookupPrefix(of: digits)
        else { return nil }
        self.digits = prefix
        self.result = result
    }

    /// Whether the answer holds for `cardNumber` (as typed): it still starts with the digits the
    /// answer was taken for.
    func applies(to cardNumber: String?) -> Bool {
        guard let cardNumber, let typed = CardNumberDigits.digits(of: cardNumber) else { return false }
        return typed.hasPrefix(digits)
    }

    /// Whether the card exists but cannot pay in the payment context: the answer is
    /// `existingButNotAllowed` (the API's `isAllowedInContext: false` says none of the card's
    /// brands is allowed there; such an answer carries no product or co-brands).
    var refusesCard: Bool { result.status == .existingButNotAllowed }

    /// Whether the value `value` of field `fieldId` fails `allowedInContext`: the field is the
    /// card number, the answer holds for it and refuses the card.
    func refuses(fieldId: String, value: String?) -> Bool {
        fieldId == PaymentRequest.cardNumberFieldId && refusesCard && applies(to: value)
    }

    /// The brands the customer may choose between, each with the product the answer names for
    /// it: the answer's product, then its co-brands, those allowed in the payment context, mapped
    /// to brands through `table` (a product id no brand lists is left out), each brand once.
    func brandOptions(in table: BrandTable) -> [(brand: Brand, paymentProductId: Int)] {
        guard let details = result.details else { return [] }
        var candidates: [(id: Int, allowed: Bool)] = []
        if let id = details.paymentProductId { candidates.append((id, details.isAllowedInContext)) }
        candidates += details.coBrands.map { ($0.paymentProductId, $0.isAllowedInContext) }
        var options: [(brand: Brand, paymentProductId: Int)] = []
        for candidate in candidates where candidate.allowed {
            guard let brand = table.brand(forPaymentProductId: candidate.id),
                  !options.contains(where: { $0.brand.id == brand.id })
            else { continue }
            options.append((brand, candidate.id))
        }
        return options
    }
}

extension BrandTable {
    /// The brand whose products include `paymentProductId` (the first in canonical order), or `nil`.
    package func brand(forPaymentProductId paymentProductId: Int) -> Brand? {
        brands.first { $0.paymentProductIds.contains(paymentProductId) }
    }
}

extension ValidationError {
    /// The error of a card number whose IIN lookup answered that the card exists but cannot pay
    /// in this payment context (error id `allowedInContext`, the guide's ValidationErrorAllowed).
    package static let allowedInContext = ValidationError(id: "allowedInContext")
}
