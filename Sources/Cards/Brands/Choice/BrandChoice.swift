/// The customer's choice of brand for a co-badged card (EU Regulation 2015/751, Art. 8: the
/// customer, not the merchant or the engine, decides which brand pays).
///
/// A form keeps one, updates it with every detection (or with a server lookup's brands, which win
/// once they arrive) and shows ``options`` when there is more than one. As the rules allow, a
/// brand is pre-selected and the customer can change it: the merchant's ``preferredBrandId`` when
/// the card offers it, else the brand the card lists first (the server's answer names the card's
/// own product first: Cartes Bancaires on a CB + Visa card; offline, the domestic scheme: Dankort
/// on a Dankort + Visa card). A selection survives further typing while its brand is still
/// offered; one the customer cleared stays cleared.
///
/// ```swift
/// var choice = BrandChoice()
/// choice.update(with: try BrandDetector.shipped.detect("4571 0000"))
/// choice.options.map(\.id)        // ["dankort", "visa"]
/// choice.selected?.id             // "dankort": the brand the card lists first
/// try choice.select(brandId: "visa")
/// choice.selected?.id             // "visa": the customer's choice
/// ```
public struct BrandChoice: Sendable, Hashable {
    /// The brands to choose from; empty unless the card carries more than one.
    public private(set) var options: [Brand] = []
    /// The brand that pays: the customer's choice, else the pre-selected one; `nil` when there is
    /// nothing to choose or the customer cleared the choice.
    public private(set) var selected: Brand?
    /// The brand the merchant pre-selects when it is among the options; `nil`: the brand the card
    /// lists first.
    public var preferredBrandId: String?
    /// The product a server IIN lookup named for each option, by brand id; empty when the options
    /// come from offline detection.
    package private(set) var paymentProductIds: [String: Int] = [:]

    /// A choice with no options yet.
    ///
    /// - Parameter preferredBrandId: a brand the merchant pre-selects when a card offers it (by
    ///   default the brand the card lists first); the customer can always change it.
    public init(preferredBrandId: String? = nil) {
        self.preferredBrandId = preferredBrandId
    }

    /// Whether the customer still has to choose: several options and none selected (the customer
    /// cleared the pre-selected one).
    public var needsSelection: Bool { options.count > 1 && selected == nil }

    /// Takes the co-badge choices of a detection (none unless it is resolved and co-badged).
    public mutating func update(with detection: BrandDetection) {
        update(options: detection.coBadgeChoices)
    }

    /// Sets the brands to choose from (a server lookup's co-brands, say), with the product the
    /// lookup named for each. Fewer than two brands means nothing to choose. The selection is kept
    /// if still offered, else the merchant's preferred brand is selected if offered, else the
    /// first option.
    package mutating func update(options newOptions: [Brand], paymentProductIds newProductIds: [String: Int] = [:]) {
        var unique: [Brand] = []
        for brand in newOptions where !unique.contains(where: { $0.id == brand.id }) { unique.append(brand) }
        options = unique.count > 1 ? unique : []
        paymentProductIds = options.isEmpty ? [:] : newProductIds.filter { id, _ in options.contains { $0.id == id } }
        if let current = selected, let kept = options.first(where: { $0.id == current.id }) {
            selected = kept
        } else if let preferredBrandId, let preferred = options.first(where: { $0.id == preferredBrandId }) {
            selected = preferred
        } else {
            selected = options.first
        }
    }

    /// The Client API product a server IIN lookup named for one of the ``options`` (Cartes
    /// Bancaires: 130), or `nil` when the options come from offline detection or the brand is not
    /// an option. Pay with that product when the customer chooses the brand: the encrypted
    /// request's product id is what names the brand to the platform.
    public func paymentProductId(forBrandId brandId: String) -> Int? {
        paymentProductIds[brandId]
    }

    /// Selects one of the ``options`` by id, or clears the selection with `nil`.
    ///
    /// - Throws: ``BrandChoiceError/notOffered(brandId:)`` when the id is not an option.
    public mutating func select(brandId: String?) throws(BrandChoiceError) {
        guard let brandId else {
            selected = nil
            return
        }
        guard let brand = options.first(where: { $0.id == brandId }) else { throw .notOffered(brandId: brandId) }
        selected = brand
    }
}

/// Why a brand could not be selected.
public enum BrandChoiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The brand is not among the card's co-badged brands.
    case notOffered(brandId: String)

    /// A stable identifier: `brand_not_offered`.
    public var code: String { "brand_not_offered" }

    /// What was wrong.
    public var description: String {
        switch self {
        case .notOffered(let brandId):
            // Only a well-formed id is repeated: whatever else was passed could be anything.
            BrandTableValidation.isBrandId(brandId)
                ? "the brand \(brandId) is not one of the brands this card carries, so it cannot be selected"
                : "the brand to select is not a brand id (lower-case words joined by -), so it cannot be selected"
        }
    }
}
