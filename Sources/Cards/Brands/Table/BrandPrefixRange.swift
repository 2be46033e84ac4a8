/// A range of card-number prefixes of one brand: every `digitCount`-digit prefix from ``low`` to
/// ``high``, both included. A single prefix such as `4571` is the range `4571–4571`.
///
/// A co-badged range names the other brands its cards also carry (``coBadgePartnerIds``), which
/// detection lists after the range's own brand: Dankort's `4571` is co-badged with Visa.
package struct BrandPrefixRange: Sendable, Hashable, CustomStringConvertible {
    /// The first prefix of the range.
    package let low: UInt64
    /// The last prefix of the range (same number of digits as ``low``).
    package let high: UInt64
    /// How many digits the prefixes have (1 to ``BrandTable/longestPrefix``).
    package let digitCount: Int
    /// The ids of the brands this range's cards also carry, in the order a choice lists them.
    package let coBadgePartnerIds: [String]

    /// A range; `BrandTable` checks it (`low ≤ high`, both of `digitCount` digits).
    package init(low: UInt64, high: UInt64, digitCount: Int, coBadgePartnerIds: [String] = []) {
        self.low = low
        self.high = high
        self.digitCount = digitCount
        self.coBadgePartnerIds = coBadgePartnerIds
    }

    /// As the table writes it: `4571`, `51-55`, `4571 (with visa)`.
    package var description: String {
        let range = low == high ? String(low) : "\(low)-\(high)"
        return coBadgePartnerIds.isEmpty ? range : "\(range) (with \(coBadgePartnerIds.joined(separator: ", ")))"
    }

    /// The range's share of all `digitCount`-digit prefixes, as a count of `scale`-digit prefixes:
    /// `(high − low + 1) · 10^(scale − digitCount)`. Comparing shares at one scale compares the
    /// fractions `(high − low + 1) / 10^digitCount` exactly, without floating point.
    func share(atScale scale: Int) -> UInt64 {
        (high - low + 1) * DecimalPower.of(scale - digitCount)
    }
}
