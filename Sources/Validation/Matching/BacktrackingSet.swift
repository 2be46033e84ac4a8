/// A set of code points for the backtracking matcher (a bracket class, `\p{…}`, `\w`, `\s`), held
/// as ICU holds one: sorted, disjoint ranges of code points (surrogates included, as in ICU's
/// sets), with the ASCII members as a bit set so the common test is one shift.
///
/// The sets of categories come from ``GeneralCategoryRuns`` on every platform, so a set means
/// the same natively and in WebAssembly (a test holds the runs to the standard library).
struct BacktrackingSet: Sendable, Hashable {
    /// The ranges as their bounds, `[first₀, last₀, first₁, last₁, …]`: sorted, disjoint and
    /// not adjacent.
    private(set) var bounds: [UInt32]
    /// ASCII members: bit `c` of `asciiLow` for `c` < 64, bit `c − 64` of `asciiHigh` otherwise.
    private var asciiLow: UInt64 = 0
    private var asciiHigh: UInt64 = 0

    /// The largest code point.
    static let maximum: UInt32 = 0x10FFFF

    /// The set of the ranges `pairs` (`[first, last, …]` in any order, overlapping or not).
    init(pairs: [UInt32]) {
        // By first code point: an insertion sort, as the lists come mostly sorted (a category's
        // runs, then a few ranges).
        var ranges: [UInt32] = []
        var index = 0
        while index + 1 < pairs.count {
            let low = Swift.min(pairs[index], Self.maximum), high = Swift.min(pairs[index + 1], Self.maximum)
            index += 2
            guard low <= high else { continue }
            var position = ranges.count
            ranges += [low, high]
            while position > 0, ranges[position - 2] > low {
                ranges[position] = ranges[position - 2]
                ranges[position + 1] = ranges[position - 1]
                position -= 2
            }
            ranges[position] = low
            ranges[position + 1] = high
        }
        var merged: [UInt32] = []
        index = 0
        while index + 1 < ranges.count {
            let low = ranges[index], high = ranges[index + 1]
            if let last = merged.last, low <= last &+ 1 {
                merged[merged.count - 1] = Swift.max(last, high)
            } else {
                merged += [low, high]
            }
            index += 2
        }
        self.init(normalized: merged)
    }

    /// A set from bounds already sorted, disjoint and not adjacent.
    private init(normalized bounds: [UInt32]) {
        self.bounds = bounds
        var index = 0
        while index + 1 < bounds.count, bounds[index] < 128 {
            let high = Swift.min(bounds[index + 1], 127)
            for value in bounds[index]...high {
                if value < 64 { asciiLow |= 1 << UInt64(value) } else { asciiHigh |= 1 << UInt64(value - 64) }
            }
            index += 2
        }
    }

    /// No code point.
    static let empty = BacktrackingSet(normalized: [])

    /// One code point.
    static func single(_ value: UInt32) -> BacktrackingSet { BacktrackingSet(pairs: [value, value]) }

    /// Whether `value` is in the set.
    @inline(__always)
    func contains(_ value: UInt32) -> Bool {
        if value < 64 { return asciiLow >> UInt64(value) & 1 == 1 }
        if value < 128 { return asciiHigh >> UInt64(value - 64) & 1 == 1 }
        // The last range starting at or before the value.
        var low = 0, high = bounds.count / 2
        while low < high {
            let middle = (low + high) / 2
            if bounds[2 * middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && value <= bounds[2 * low - 1]
    }

    /// How many code points the set holds.
    var count: Int {
        var total = 0
        var index = 0
        while index + 1 < bounds.count {
            total += Int(bounds[index + 1] - bounds[index]) + 1
            index += 2
        }
        return total
    }

    /// The set's one member, when it has exactly one.
    var onlyMember: UInt32? {
        bounds.count == 2 && bounds[0] == bounds[1] ? bounds[0] : nil
    }

    /// Whether every member is below 128.
    var isASCII: Bool { bounds.last.map { $0 < 128 } ?? true }

    /// The members of either set.
    func union(_ other: BacktrackingSet) -> BacktrackingSet {
        // Both lists are sorted: merged in one pass.
        var merged: [UInt32] = []
        var left = 0, right = 0
        while left + 1 < bounds.count || right + 1 < other.bounds.count {
            let takesLeft = right + 1 >= other.bounds.count || (left + 1 < bounds.count && bounds[left] <= other.bounds[right])
            let low = takesLeft ? bounds[left] : other.bounds[right]
            let high = takesLeft ? bounds[left + 1] : other.bounds[right + 1]
            if takesLeft { left += 2 } else { right += 2 }
            if let last = merged.last, low <= last &+ 1 {
                merged[merged.count - 1] = Swift.max(last, high)
            } else {
                merged += [low, high]
            }
        }
        return BacktrackingSet(normalized: merged)
    }

    /// Every code point not in the set.
    func complement() -> BacktrackingSet {
        var result: [UInt32] = []
        var next: UInt32 = 0
        var index = 0
        while index + 1 < bounds.count {
            if bounds[index] > next { result += [next, bounds[index] - 1] }
            next = bounds[index + 1] &+ 1
            index += 2
        }
        if next <= Self.maximum, !(bounds.last == Self.maximum) { result += [next, Self.maximum] }
        return BacktrackingSet(normalized: result)
    }

    /// The set as `(?i)` reads it when its cased members are all ASCII letters: with both cases
    /// of each, and the two other scalars that fold to an ASCII letter (`K` U+212A KELVIN SIGN to
    /// `k`, `ſ` U+017F LONG S to `s`), as ICU's case closure does. The caller keeps other cased
    /// scalars out (the syntax refuses them under `(?i)`).
    func closedOverASCIICase() -> BacktrackingSet {
        var added: [UInt32] = []
        for value in UInt32(0x41)...0x7A where contains(value) {
            switch value {
            case 0x41...0x5A: added += [value + 0x20, value + 0x20]
            case 0x61...0x7A: added += [value - 0x20, value - 0x20]
            default: continue
            }
            if value | 0x20 == 0x6B { added += [0x212A, 0x212A] }
            if value | 0x20 == 0x73 { added += [0x17F, 0x17F] }
        }
        return added.isEmpty ? self : BacktrackingSet(pairs: bounds + added)
    }

    /// The code points whose general category is in `categories` (surrogates read as `Cs`).
    static func categories(_ categories: GeneralCategories) -> BacktrackingSet {
        BacktrackingSet(normalized: GeneralCategoryRuns.bounds(of: categories))
    }

    /// ICU's `\w`: `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]`. Alphabetic is the letters,
    /// the letter numbers and Other_Alphabetic, whose members outside the marks are the few
    /// ranges in ``UnicodeBinaryProperties/otherAlphabeticOutsideMarks``.
    static let word: BacktrackingSet = {
        let categories = GeneralCategories.named("L").map { $0.union(GeneralCategories.named("M") ?? []) } ?? []
        let more = (GeneralCategories.named("Nd") ?? []).union(GeneralCategories.named("Pc") ?? []).union(GeneralCategories.named("Nl") ?? [])
        return BacktrackingSet.categories(categories.union(more))
            .union(BacktrackingSet(pairs: [0x200C, 0x200D] + UnicodeBinaryProperties.otherAlphabeticOutsideMarks))
    }()

    /// ICU's `\s`: White_Space.
    static let space = BacktrackingSet(pairs: UnicodeBinaryProperties.whiteSpace)

    /// `\d` in a class: the decimal digits (`Nd`).
    static let digit = BacktrackingSet.categories(GeneralCategories.named("Nd") ?? [])

    /// `\h` in a class: the space separators (`Zs`) and tab.
    static let horizontalSpace = BacktrackingSet.categories(GeneralCategories.named("Zs") ?? []).union(.single(0x09))

    /// `\v` in a class, and what `.`, `$` and `\R` read as line ends: `\n`, `\u{0B}`, `\f`,
    /// `\r`, `\u{85}`, `\u{2028}`, `\u{2029}`.
    static let lineTerminators = BacktrackingSet(pairs: [0x0A, 0x0D, 0x85, 0x85, 0x2028, 0x2029])
}
