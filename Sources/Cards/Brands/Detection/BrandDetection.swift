/// What offline detection says about a partial or full card number: no brand, one brand (with
/// the brands it is co-badged with), or several candidates while too few digits are typed.
///
/// ```swift
/// let detector = BrandDetector.shipped
/// try detector.detect("4571").brands.map(\.id) // ["dankort", "visa"]: resolved, co-badged
/// try detector.detect("457").status           // .ambiguous (Visa, Elo, Dankort or mada)
/// try detector.detect("3782 8224").brand?.name // "American Express"
/// try detector.detect("").status              // .unknown
/// ```
///
/// A detection names brands only, never digits, so it prints freely.
public struct BrandDetection: Sendable, Hashable, CustomStringConvertible {
    /// The three kinds of answer.
    public enum Status: String, Sendable, Hashable {
        /// No brand has these digits (or nothing is typed yet).
        case unknown
        /// One brand: ``BrandDetection/brand``, followed in ``BrandDetection/brands`` by the brands
        /// it is co-badged with.
        case resolved
        /// Several brands are still possible; more digits will tell.
        case ambiguous
    }

    /// The brands: for a resolved answer the brand, then its co-badge partners; for an ambiguous
    /// one every candidate, in the table's canonical order; empty when unknown.
    public let brands: [Brand]
    /// Whether several brands are still possible (then ``brand`` is `nil`).
    public let isAmbiguous: Bool

    /// An answer; ``BrandDetector`` makes them.
    package init(brands: [Brand], isAmbiguous: Bool) {
        self.brands = brands
        self.isAmbiguous = isAmbiguous && !brands.isEmpty
    }

    /// The answer for a number no brand has, or for empty input.
    public static let unknown = BrandDetection(brands: [], isAmbiguous: false)

    /// Unknown, resolved or ambiguous.
    public var status: Status {
        if brands.isEmpty { return .unknown }
        return isAmbiguous ? .ambiguous : .resolved
    }

    /// The resolved brand, whose lengths, gaps and security code apply to the number; `nil` when
    /// unknown or ambiguous.
    public var brand: Brand? { isAmbiguous ? nil : brands.first }

    /// The ids of ``brands``, in order.
    package var brandIds: [String] { brands.map { $0.id } }

    /// Whether the number is resolved to a card carrying more than one brand (Dankort and Visa):
    /// the customer must be able to choose (EU Regulation 2015/751, Art. 8). See ``BrandChoice``.
    public var isCoBadged: Bool { !isAmbiguous && brands.count > 1 }

    /// The brands the customer chooses between when ``isCoBadged``; empty otherwise.
    package var coBadgeChoices: [Brand] { isCoBadged ? brands : [] }

    /// The resolved brand's card-number lengths; `nil` unless resolved.
    package var lengths: [Int]? { brand?.lengths }
    /// The resolved brand's gaps (see ``Brand/gaps``); `nil` unless resolved.
    package var gaps: [Int]? { brand?.gaps }
    /// The resolved brand's security-code length (0: none or optional); `nil` unless resolved.
    package var cvcLength: Int? { brand?.cvcLength }

    /// `BrandDetection(resolved: dankort, visa)`, `BrandDetection(ambiguous: ...)`, `BrandDetection(unknown)`.
    public var description: String {
        brands.isEmpty ? "BrandDetection(unknown)" : "BrandDetection(\(status.rawValue): \(brandIds.joined(separator: ", ")))"
    }
}
