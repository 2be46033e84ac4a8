import PaymentFormCards
import PaymentFormValidation

/// The card products a form takes, and which of them a card number names: the one rule behind a
/// card form opened on a product group (or on a card product with the merchant's other card
/// products beside it), where the number decides the product.
///
/// As the number grows, the card's brand names a product:
/// - a server IIN lookup that holds for the number decides first: the customer's co-badge choice
///   if it is one of the answer's allowed brands, else the first of them the form takes (the
///   platform lists the card's own product first: Cartes Bancaires for a CB + Visa card);
/// - else offline detection, once it resolves a brand: the chosen brand of a co-badged card, else
///   the brand, then its co-badge partners, each through the table's product ids, in the table's
///   order (Visa: 1, 114, 122), the first product the form takes;
/// - a number whose brand names none of the products the form takes is ``Decision/notAccepted``
///   (the card-number field's error `cardNotAccepted`); fewer digits than a brand needs, or
///   several brands still possible, is ``Decision/undecided``.
package struct AcceptedCardProducts: Sendable, Hashable {
    /// The products' Client API ids, in the merchant's order.
    package let productIds: [Int]

    /// What a card number says about the product to pay with.
    package enum Decision: Sendable, Hashable {
        /// Not yet known: too few digits, several brands still possible, or no brand has them.
        case undecided
        /// The product with this id.
        case product(Int)
        /// The card's brand is known, and the form takes none of its products.
        case notAccepted
    }

    /// The card products among `items`: products with a numeric id and a card-number field.
    package init(_ items: [AnyPaymentItem]) {
        var ids: [Int] = []
        for item in items {
            guard case .product(let product) = item, let id = Self.numericId(product.id),
                  product.fields.contains(where: { $0.id == PaymentRequest.cardNumberFieldId }), !ids.contains(id)
            else { continue }
            ids.append(id)
        }
        productIds = ids
    }

    /// Whether the form takes the product with Client API id `id`.
    package func takes(_ id: Int) -> Bool {
        productIds.contains(id)
    }

    /// Whether the form takes a product of `brand` (one of the brand's product ids).
    package func takes(_ brand: Brand) -> Bool {
        brand.paymentProductIds.contains { productIds.contains($0) }
    }

    /// The product `number` names, from the server's brand options (each with the product the
    /// lookup named for it; `nil` when no lookup holds for the number), else from offline
    /// `detection`; `chosenBrandId` is the customer's co-badge choice.
    package func decide(detection: BrandDetection, serverOptions: [(brand: Brand, paymentProductId: Int)]?,
                        chosenBrandId: String?) -> Decision {
        if let serverOptions, !serverOptions.isEmpty {
            if let chosenBrandId, let chosen = serverOptions.first(where: { $0.brand.id == chosenBrandId }), takes(chosen.paymentProductId) {
                return .product(chosen.paymentProductId)
            }
            for option in serverOptions where takes(option.paymentProductId) { return .product(option.paymentProductId) }
            return .notAccepted
        }
        guard detection.status == .resolved else { return .undecided }
        var brands = detection.brands
        if let chosenBrandId, let index = brands.firstIndex(where: { $0.id == chosenBrandId }) {
            brands.insert(brands.remove(at: index), at: 0)
        }
        for brand in brands {
            for id in brand.paymentProductIds where takes(id) { return .product(id) }
        }
        return .notAccepted
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
}
