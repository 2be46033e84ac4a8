/// The resolution rule, applied to the set of ranges compatible with one prefix.
///
/// A range of `k`-digit prefixes is *compatible* with an `n`-digit input when the input's first
/// `min(n, k)` digits lie between the range's bounds cut to that many digits; it is *fully typed*
/// when `n ≥ k`. A brand with a compatible range is a *candidate*.
/// - no candidate → unknown;
/// - one candidate → that brand;
/// - several, one of them without a fully typed compatible range → ambiguous: every candidate, in
///   canonical order;
/// - otherwise the candidate whose fully typed compatible range covers the smallest share of its
///   prefixes wins, followed by that range's co-badge partners.
///
/// The rule breaks a tie between equally specific ranges of two brands by canonical order, but a
/// table that needs it is refused: one brand could never be detected there (a co-badge should
/// say so instead). So is a brand with two equally specific ranges with different partners.
struct ResolutionRule {
    /// A range as seen at one level (input length), with its interval of level-digit prefixes.
    /// Plain numbers only (the range itself is `brands[brandIndex].prefixRanges[rangeIndex]`), so
    /// the index's sorting and sweeping copy entries without reference counting.
    struct Entry {
        let brandIndex: Int
        let rangeIndex: Int
        /// The compatible level-digit prefixes, both included.
        let start: UInt64
        let end: UInt64
        let isFullyTyped: Bool
        /// The range's share of all prefixes, at the table's scale (smaller is more specific).
        let share: UInt64

        init(brandIndex: Int, rangeIndex: Int, range: BrandPrefixRange, level: Int, scale: Int) {
            self.brandIndex = brandIndex
            self.rangeIndex = rangeIndex
            if range.digitCount >= level {
                let cut = DecimalPower.of(range.digitCount - level)
                start = range.low / cut
                end = range.high / cut
            } else {
                let widen = DecimalPower.of(level - range.digitCount)
                start = range.low * widen
                end = (range.high + 1) * widen - 1
            }
            isFullyTyped = range.digitCount <= level
            share = range.share(atScale: scale)
        }
    }

    /// An answer by brand positions, so equal answers are found by hashing.
    struct Answer: Hashable {
        let brandIndexes: [Int]
        let isAmbiguous: Bool
    }

    let brands: [Brand]
    let scale: Int
    private(set) var problems: [String] = []
    private var reported: Set<[Int]> = []
    private let positions: [String: Int]
    /// Per brand, reused across calls (indexed by brand position): the call that last saw it, and
    /// its most specific fully typed range in that call (an index into `active`, or -1).
    private var seenIn: [Int]
    private var bestEntry: [Int]
    private var call = 0

    /// At most this many overlap problems are listed: the table is refused either way, and a
    /// hostile one could otherwise produce one per pair of ranges.
    static let problemLimit = 50

    init(brands: [Brand], scale: Int) {
        self.brands = brands
        self.scale = scale
        var positions: [String: Int] = [:]
        for (position, brand) in brands.enumerated() where positions[brand.id] == nil { positions[brand.id] = position }
        self.positions = positions
        seenIn = Array(repeating: -1, count: brands.count)
        bestEntry = Array(repeating: -1, count: brands.count)
    }

    /// Whether enough problems are listed to refuse the table.
    var hasEnoughProblems: Bool { problems.count >= Self.problemLimit }

    /// The answer for the prefix `at` of `level` digits, whose compatible ranges are `active`.
    mutating func answer(active: [Entry], level: Int, at prefix: UInt64) -> Answer {
        call += 1
        var candidates: [Int] = []
        for (offset, entry) in active.enumerated() {
            let brand = entry.brandIndex
            if seenIn[brand] != call {
                seenIn[brand] = call
                bestEntry[brand] = -1
                candidates.append(brand)
            }
            guard entry.isFullyTyped else { continue }
            let current = bestEntry[brand]
            guard current >= 0 else {
                bestEntry[brand] = offset
                continue
            }
            let best = active[current]
            if entry.share < best.share {
                bestEntry[brand] = offset
            } else if entry.share == best.share {
                reportSameBrandTie(best, entry, level: level, prefix: prefix)
                // Equally specific ranges of one brand: the one listed first decides the partners.
                if entry.rangeIndex < best.rangeIndex { bestEntry[brand] = offset }
            }
        }
        candidates.sort()
        if candidates.count <= 1 { return Answer(brandIndexes: candidates, isAmbiguous: false) }
        var winners: [Entry] = []
        for candidate in candidates {
            let index = bestEntry[candidate]
            guard index >= 0 else { return Answer(brandIndexes: candidates, isAmbiguous: true) }
            let entry = active[index]
            if let first = winners.first {
                if entry.share < first.share { winners = [entry] } else if entry.share == first.share { winners.append(entry) }
            } else {
                winners = [entry]
            }
        }
        guard let winner = winners.first else { return Answer(brandIndexes: [], isAmbiguous: false) }
        for other in winners.dropFirst() { reportTie(winner, other, level: level, prefix: prefix) }
        var result = [winner.brandIndex]
        for partner in range(of: winner).coBadgePartnerIds {
            if let position = positions[partner], !result.contains(position) { result.append(position) }
        }
        return Answer(brandIndexes: result, isAmbiguous: false)
    }

    private mutating func reportTie(_ first: Entry, _ second: Entry, level: Int, prefix: UInt64) {
        guard !hasEnoughProblems, reported.insert([first.brandIndex, first.rangeIndex, second.brandIndex, second.rangeIndex]).inserted else { return }
        problems.append(
            "\(name(first)) and \(name(second)) overlap with the same specificity (for example at \(digits(prefix, level))), "
                + "so the rule cannot tell the brands apart there; make one range narrower or list the other brand as a co-badge partner")
    }

    private mutating func reportSameBrandTie(_ first: Entry, _ second: Entry, level: Int, prefix: UInt64) {
        guard !hasEnoughProblems, range(of: first).coBadgePartnerIds != range(of: second).coBadgePartnerIds,
              reported.insert([first.brandIndex, first.rangeIndex, second.brandIndex, second.rangeIndex]).inserted
        else { return }
        problems.append(
            "\(name(first)) and \(name(second)) overlap with the same specificity but different co-badge partners "
                + "(for example at \(digits(prefix, level))), so the rule cannot tell which partners apply")
    }

    private func range(of entry: Entry) -> BrandPrefixRange {
        brands[entry.brandIndex].prefixRanges[entry.rangeIndex]
    }

    private func name(_ entry: Entry) -> String {
        "brands[\(entry.brandIndex)] (\(brands[entry.brandIndex].id)).ranges[\(entry.rangeIndex)] \(range(of: entry))"
    }

    private func digits(_ prefix: UInt64, _ level: Int) -> String {
        let text = String(prefix)
        return String(repeating: "0", count: max(0, level - text.count)) + text
    }
}
