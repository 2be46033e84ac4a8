import PaymentFormSession

/// The sandbox's own small card-brand table: the fallback the sandbox answers IIN lookups with
/// until the engine's offline brand detector is plugged in (``SandboxConfiguration/brandDetector``).
///
/// It knows the brands of the shipped samples and a co-badged one, by prefix (most specific
/// prefix wins; a co-badged prefix lists its partner after it):
///
/// | prefix | brands | Client API product |
/// |---|---|---|
/// | `4` | visa | 1 Visa |
/// | `51`–`55`, `2221`–`2720` | mastercard | 3 MasterCard |
/// | `34`, `37` | american-express | 2 American Express |
/// | `4571` | dankort, visa (co-badged) | 123 Dankort, 1 Visa |
/// | `5019` | dankort | 123 Dankort |
/// | `6011`, `644`–`649`, `65` | discover | 128 Discover |
/// | `3528`–`3589` | jcb | 125 JCB |
///
/// Fewer digits than a candidate prefix with several candidates is ambiguous.
public struct SandboxBrandTable: OfflineBrandDetector {
    struct Range: Sendable {
        let low: Int
        let high: Int
        let digits: Int
        let brands: [String]
    }

    static let ranges: [Range] = [
        Range(low: 4, high: 4, digits: 1, brands: ["visa"]),
        Range(low: 51, high: 55, digits: 2, brands: ["mastercard"]),
        Range(low: 2221, high: 2720, digits: 4, brands: ["mastercard"]),
        Range(low: 34, high: 34, digits: 2, brands: ["american-express"]),
        Range(low: 37, high: 37, digits: 2, brands: ["american-express"]),
        Range(low: 4571, high: 4571, digits: 4, brands: ["dankort", "visa"]),
        Range(low: 5019, high: 5019, digits: 4, brands: ["dankort"]),
        Range(low: 6011, high: 6011, digits: 4, brands: ["discover"]),
        Range(low: 644, high: 649, digits: 3, brands: ["discover"]),
        Range(low: 65, high: 65, digits: 2, brands: ["discover"]),
        Range(low: 3528, high: 3589, digits: 4, brands: ["jcb"]),
    ]

    /// The table.
    public init() {}

    /// The brands of the most specific fully typed matching prefix; ambiguous when a longer
    /// prefix of another brand could still match.
    public func detectBrands(inDigits digits: String) -> OfflineBrandDetection {
        let typed = Array(digits.utf8.prefix(8)).map { Int($0) - 48 }
        guard !typed.isEmpty, typed.allSatisfy({ (0...9).contains($0) }) else { return OfflineBrandDetection(brands: [], isAmbiguous: false) }
        var full: [Range] = []
        var partial: [Range] = []
        for range in Self.ranges {
            let count = min(typed.count, range.digits)
            let prefix = typed.prefix(count).reduce(0) { $0 * 10 + $1 }
            var low = range.low, high = range.high
            for _ in 0..<(range.digits - count) {
                low /= 10
                high /= 10
            }
            guard prefix >= low, prefix <= high else { continue }
            if typed.count >= range.digits { full.append(range) } else { partial.append(range) }
        }
        let best = full.max { $0.digits < $1.digits }
        let partialBrands = Set(partial.flatMap(\.brands))
        if let best, partialBrands.subtracting(best.brands).isEmpty {
            return OfflineBrandDetection(brands: best.brands, isAmbiguous: false)
        }
        var candidates: [String] = []
        for brand in (best?.brands ?? []) + partial.flatMap(\.brands) where !candidates.contains(brand) {
            candidates.append(brand)
        }
        return OfflineBrandDetection(brands: candidates, isAmbiguous: candidates.count > 1)
    }
}
