import PaymentFormCards

/// The resolution rule written the obvious way — every range of every brand checked on every
/// call, fractions compared as rationals by cross-multiplication — to check the detector's
/// precomputed index against. Shares no code with the module's index.
enum ReferenceRule {
    static func detect(_ input: String, in table: BrandTable) -> (ids: [String], ambiguous: Bool) {
        let digits = input.filter { $0 != " " && $0 != "-" }.map { UInt64($0.asciiValue ?? 48) - 48 }
        let n = digits.count
        if n == 0 { return ([], false) }
        // typedPrefix[m] = the first m digits read as a number.
        var typedPrefix: [UInt64] = [0]
        for digit in digits.prefix(19) { typedPrefix.append(typedPrefix[typedPrefix.count - 1] &* 10 &+ digit) }
        // candidate brand → its fully typed compatible ranges, and whether it has any compatible one.
        var candidates: [(brand: Brand, full: [BrandPrefixRange])] = []
        for brand in table.brands {
            var compatible = false
            var full: [BrandPrefixRange] = []
            for range in brand.prefixRanges {
                let m = min(n, range.digitCount)
                let typed = typedPrefix[m]
                let cut = powers[range.digitCount - m]
                if range.low / cut <= typed, typed <= range.high / cut {
                    compatible = true
                    if n >= range.digitCount { full.append(range) }
                }
            }
            if compatible { candidates.append((brand, full)) }
        }
        if candidates.isEmpty { return ([], false) }
        if candidates.count == 1 { return ([candidates[0].brand.id], false) }
        if candidates.contains(where: { $0.full.isEmpty }) { return (candidates.map(\.brand.id), true) }
        var winner: (brand: Brand, range: BrandPrefixRange)?
        for candidate in candidates {
            for range in candidate.full {
                guard let current = winner else {
                    winner = (candidate.brand, range)
                    continue
                }
                // size / 10^k  <  size' / 10^k'   ⇔   size · 10^k' < size' · 10^k
                let left = (range.high - range.low + 1) * powers[current.range.digitCount]
                let right = (current.range.high - current.range.low + 1) * powers[range.digitCount]
                if left < right { winner = (candidate.brand, range) }
            }
        }
        guard let winner else { return ([], false) }
        return ([winner.brand.id] + winner.range.coBadgePartnerIds.filter { $0 != winner.brand.id }, false)
    }

    private static let powers: [UInt64] = (0...19).map { exponent in
        (0..<exponent).reduce(UInt64(1)) { product, _ in product * 10 }
    }
}
