import PaymentFormCards
import PaymentFormValidation

/// The card products a form takes, and which of them a card number names: the one rule behind a
/// card form opened on a product group (or on a card product with the merchant's other card
/// products beside it), where the number decides the product.
///
/// The rule is data-driven: the products come from the definitions, the brands and the product
/// ids that stand for them from the brand table, and offline detection only ever *narrows* —
/// it never refuses a card the platform could take. As the number grows:
/// 1. A server IIN lookup that holds for the number decides: the customer's co-badge choice if it
///    is one of the answer's allowed brands, else the first of them the form takes (the platform
///    lists the card's own product first: Cartes Bancaires for a CB + Visa card); an answer
///    naming none of the form's products is ``Decision/notAccepted``.
/// 2. Else offline detection, once it resolves a brand (the customer's choice of a co-badged
///    card first, then the brand, then its co-badge partners, each through the table's product
///    ids in the table's order — Visa: 1, 114, 122):
///    - when the number's own brand may carry a brand only a lookup can tell (the table's
///      `carriedBy`: Cartes Bancaires on Visa and Mastercard numbers) and the form takes that
///      brand's product, the product is ``Decision/undecided(_:)`` until the lookup answers
///      (``Decision/Undecided/needsLookup``), never guessed;
///    - else the first product the form takes;
///    - else a product the table knows no brand for (a scheme added after the table, a
///      private-label card): the number names no product the table knows, so it may be that one;
///    - else ``Decision/notAccepted``: the brand is known, every product of the form is known to
///      the table, and none is for the brand, its co-badge partners or what they may carry.
/// 3. A number no brand of the table has (or longer than its brand issues) is the form's first
///    product unknown to the table when it has one, else ``Decision/Undecided/unknownBrand`` (its
///    own validators say what is wrong with it: never `cardNotAccepted` on top).
/// 4. A form that takes one product only: every number the rule does not refuse is that product's.
///
/// Fewer digits than a brand needs (several brands still possible) is
/// ``Decision/Undecided/needsDigits``.
package struct AcceptedCardProducts: Sendable, Hashable {
    /// The products' Client API ids, in the merchant's order.
    package let productIds: [Int]
    /// The first of ``productIds`` that no brand of the table stands for, if any.
    package let firstUnknownProductId: Int?
    /// The brands only a lookup can tell whose products the form takes, each with the ids of the
    /// brands that may carry it (Cartes Bancaires: `visa`, `mastercard`).
    private let lookupOnlyBrands: [LookupOnlyBrand]

    /// A brand only a server lookup can tell, and the products of it the form takes.
    private struct LookupOnlyBrand: Sendable, Hashable {
        let carriedBy: [String]
        let productIds: [Int]
    }

    /// What a card number says about the product to pay with.
    package enum Decision: Sendable, Hashable {
        /// The product with this id.
        case product(Int)
        /// The card's brand is known, and the form takes none of its products (nor can it be a
        /// product the table does not know).
        case notAccepted
        /// Not known yet, and why.
        case undecided(Undecided)

        /// Why a number names no product yet.
        package enum Undecided: Sendable, Hashable {
            /// Too few digits: several brands are still possible.
            case needsDigits
            /// Only a server lookup can tell which of the form's products the card is
            /// (a Visa number on a form that also takes Cartes Bancaires).
            case needsLookup
            /// No brand of the table has these digits, and every product of the form is known.
            case unknownBrand
        }
    }

    /// The card products among `items`: products with a numeric id and a card-number field; what
    /// `table` knows about them decides what a number can name.
    package init(_ items: [AnyPaymentItem], table: BrandTable = .shipped) {
        var ids: [Int] = []
        for item in items {
            guard case .product(let product) = item, let id = Self.numericId(product.id),
                  product.fields.contains(where: { $0.id == PaymentRequest.cardNumberFieldId }), !ids.contains(id)
            else { continue }
            ids.append(id)
        }
        productIds = ids
        firstUnknownProductId = ids.first { id in !table.brands.contains { $0.paymentProductIds.contains(id) } }
        lookupOnlyBrands = table.brands.compactMap { brand in
            let taken = brand.paymentProductIds.filter { ids.contains($0) }
            guard !brand.isDetectableOffline, !brand.carriedBy.isEmpty, !taken.isEmpty else { return nil }
            return LookupOnlyBrand(carriedBy: brand.carriedBy, productIds: taken)
        }
    }

    /// Whether the form takes the product with Client API id `id`.
    package func takes(_ id: Int) -> Bool {
        productIds.contains(id)
    }

    /// Whether the form takes a product of `brand` (one of the brand's product ids).
    package func takes(_ brand: Brand) -> Bool {
        brand.paymentProductIds.contains { productIds.contains($0) }
    }

    /// The product a number of `digitCount` digits names, from the server's brand options (each
    /// with the product the lookup named for it; `nil` when no lookup holds for the number), else
    /// from offline `detection`; `chosenBrandId` is the customer's co-badge choice.
    package func decide(detection: BrandDetection, digitCount: Int, serverOptions: [(brand: Brand, paymentProductId: Int)]?,
                        chosenBrandId: String?) -> Decision {
        if let serverOptions, !serverOptions.isEmpty {
            if let chosenBrandId, let chosen = serverOptions.first(where: { $0.brand.id == chosenBrandId }), takes(chosen.paymentProductId) {
                return .product(chosen.paymentProductId)
            }
            for option in serverOptions where takes(option.paymentProductId) { return .product(option.paymentProductId) }
            return .notAccepted
        }
        // A number longer than its brand issues is no card of that brand (a 19-digit number
        // starting 1 is no UATP card, which has 15): no brand has it.
        let detection = detection.brand.map { digitCount > $0.maximumLength } == true ? .unknown : detection
        let decision = offlineDecision(detection: detection, chosenBrandId: chosenBrandId)
        if productIds.count == 1, case .undecided = decision { return .product(productIds[0]) }
        return decision
    }

    /// Steps 2 and 3 of the rule: what offline detection alone says.
    private func offlineDecision(detection: BrandDetection, chosenBrandId: String?) -> Decision {
        switch detection.status {
        case .ambiguous:
            return .undecided(.needsDigits)
        case .unknown:
            return firstUnknownProductId.map { .product($0) } ?? .undecided(.unknownBrand)
        case .resolved:
            var brands = detection.brands
            if let chosenBrandId, let index = brands.firstIndex(where: { $0.id == chosenBrandId }) {
                brands.insert(brands.remove(at: index), at: 0)
            }
            var named: Int?
            search: for brand in brands {
                for id in brand.paymentProductIds where takes(id) {
                    named = id
                    break search
                }
            }
            // A brand the number's own brand may carry, which only a lookup can tell, for a
            // product of the form other than the one the number names: the lookup decides. (The
            // number's own brand: a Dankort + Visa card, 4571, is no Cartes Bancaires card.)
            if let own = detection.brand?.id {
                for carried in lookupOnlyBrands where carried.carriedBy.contains(own) && carried.productIds.contains(where: { $0 != named }) {
                    return .undecided(.needsLookup)
                }
            }
            if let named { return .product(named) }
            return firstUnknownProductId.map { .product($0) } ?? .notAccepted
        }
    }

    /// Whether the card number decides the product of a form on `item`: a product group with a
    /// card-number field, or a Client API card product (a numeric id and a card number). A
    /// processor's card form (Sips, Saferpay) is neither.
    package static func decideProduct(of item: AnyPaymentItem) -> Bool {
        guard item.fields.contains(where: { $0.id == PaymentRequest.cardNumberFieldId }) else { return false }
        switch item {
        case .group: return true
        case .product(let product): return numericId(product.id) != nil
        }
    }

    /// `id` as a number when it is one (Client API product ids are), else `nil`.
    static func numericId(_ id: String) -> Int? {
        guard !id.isEmpty, id.utf8.count <= 9, id.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return Int(id)
    }
}

extension ValidationError {
    /// The error of a card number whose brand names none of the card products the form takes
    /// (error id `cardNotAccepted`: "This card is not accepted").
    package static let cardNotAccepted = ValidationError(id: "cardNotAccepted")

    /// The error of a card number that is valid by its own rules but names no product of the form
    /// yet: only a server lookup can tell (a Visa number on a form that also takes Cartes
    /// Bancaires) and none has answered, or no brand has the number and the form takes several
    /// products (error id `cardUndecided`). Whole-request validation only (submit, `validate`):
    /// while typing the number is judged by its own rules. A form never guesses the product.
    package static let cardUndecided = ValidationError(id: "cardUndecided")
}
