/// A regular expression run by a position automaton (Glushkov's construction) simulated over the
/// value's scalars: every position that could be active is tracked at once, so matching takes
/// one step per scalar whatever the pattern — no backtracking, so no pattern can make it slow
/// (`(a|aa)+` on a thousand `a`s and a `!` costs a thousand steps).
///
/// Built from the subset of ICU syntax ``LinearSyntax`` reads, with at most
/// ``PositionSet/capacity`` positions after counted repetitions are written out (`[0-9]{3}` is
/// three positions); ``RegularExpression`` runs everything else on ICU.
struct LinearPattern: Sendable {
    /// Each position's class.
    private let classes: [ScalarClass]
    /// The positions that may follow each position.
    private let follow: [PositionSet]
    /// The positions a match may start with.
    private let first: PositionSet
    /// The positions a match may end with.
    private let last: PositionSet
    /// Whether the empty value matches.
    private let matchesEmpty: Bool
    /// The positions from which the end of a match is still reachable.
    private let live: PositionSet
    /// For each ASCII scalar, the positions whose class contains it (the common case needs no
    /// class test at all).
    private let asciiPositions: [PositionSet]

    /// Compiles `pattern`, or returns `nil` when it is outside the subset or too large.
    init?(_ pattern: String) {
        guard let tree = LinearSyntax.parse(pattern) else { return nil }
        var builder = Builder()
        guard let fragment = builder.build(tree) else { return nil }
        classes = builder.classes
        follow = builder.follow
        first = fragment.first
        last = fragment.last
        matchesEmpty = fragment.nullable

        // Live positions: the last ones, then backwards through `follow` until nothing changes.
        var live = fragment.last
        var changed = true
        while changed {
            changed = false
            for position in 0..<builder.classes.count where !live.contains(position) {
                if !(builder.follow[position] & live).isEmpty {
                    live.insert(position)
                    changed = true
                }
            }
        }
        self.live = live

        // Each position's ASCII members as a bit set (no scalar tested one by one), spread over
        // the table by their set bits.
        var ascii = [PositionSet](repeating: .empty, count: 128)
        for (position, scalarClass) in builder.classes.enumerated() {
            var (low, high) = scalarClass.asciiMembers
            while low != 0 {
                ascii[low.trailingZeroBitCount].insert(position)
                low &= low &- 1
            }
            while high != 0 {
                ascii[64 + high.trailingZeroBitCount].insert(position)
                high &= high &- 1
            }
        }
        asciiPositions = ascii
    }

    /// Where a run over a value ended.
    enum Outcome {
        /// The whole value matches.
        case match
        /// It does not, but appending characters could make it match.
        case prefix
        /// No continuation can make it match.
        case dead
    }

    /// Runs the automaton over `value`.
    func run(_ value: String) -> Outcome {
        var state = State()
        let fast: Bool? = value.utf8.withContiguousStorageIfAvailable { bytes in
            consume(utf8: bytes, state: &state)
        }
        let alive: Bool
        if let fast {
            alive = fast
        } else {
            // A string without contiguous UTF-8 (bridged): its scalars one by one.
            var stillAlive = true
            for scalar in value.unicodeScalars where stillAlive { stillAlive = step(scalar.value, state: &state) }
            alive = stillAlive
        }
        guard alive else { return .dead }
        if state.isAtStart ? matchesEmpty : !(state.current & last).isEmpty { return .match }
        let reachable = state.isAtStart ? (matchesEmpty || !(first & live).isEmpty) : !(state.current & live).isEmpty
        return reachable ? .prefix : .dead
    }

    /// The automaton's state while reading a value. It holds no reference to the pattern (the
    /// steps below are the pattern's methods), so a run retains nothing.
    private struct State {
        var current = PositionSet.empty
        var isAtStart = true
    }

    /// One scalar; `false` once no position is active (the value can no longer match).
    @inline(__always)
    private func step(_ scalar: UInt32, state: inout State) -> Bool {
        var candidates: PositionSet
        if state.isAtStart {
            candidates = first
            state.isAtStart = false
        } else {
            candidates = .empty
            let follow = self.follow
            state.current.forEach { candidates |= follow[$0] }
        }
        if scalar < 128 {
            state.current = candidates & asciiPositions[Int(scalar)]
        } else {
            var next = PositionSet.empty
            var category: GeneralCategories?
            let classes = self.classes
            candidates.forEach { position in
                let matches = classes[position].contains(scalar) {
                    if let category { return category }
                    let found = GeneralCategories.of(value: scalar)
                    category = found
                    return found
                }
                if matches { next.insert(position) }
            }
            state.current = next
        }
        return !state.current.isEmpty
    }

    /// Every scalar of valid UTF-8 (a `String`'s own bytes); `false` when the run died.
    private func consume(utf8 bytes: UnsafeBufferPointer<UInt8>, state: inout State) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            var scalar = UInt32(lead)
            if lead < 0x80 {
                index += 1
            } else {
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
                scalar &= lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F
                var offset = 1
                while offset < length, index + offset < count {
                    scalar = scalar << 6 | UInt32(bytes[index + offset] & 0x3F)
                    offset += 1
                }
                index += length
            }
            if !step(scalar, state: &state) { return false }
        }
        return true
    }

    /// Glushkov's construction: positions, their follow sets, and each fragment's first and last
    /// positions and whether it matches empty.
    private struct Builder {
        var classes: [ScalarClass] = []
        var follow: [PositionSet] = []
        /// Nodes visited, bounded so that nested repetitions of empty groups cannot explode.
        var visits = 0

        struct Fragment {
            var first = PositionSet.empty
            var last = PositionSet.empty
            var nullable = true
        }

        static let maximumVisits = 20_000

        mutating func build(_ node: LinearSyntax.Node) -> Fragment? {
            visits += 1
            guard visits <= Self.maximumVisits else { return nil }
            switch node {
            case .empty:
                return Fragment()
            case .scalar(let scalarClass):
                guard classes.count < PositionSet.capacity else { return nil }
                let position = classes.count
                classes.append(scalarClass)
                follow.append(.empty)
                var set = PositionSet.empty
                set.insert(position)
                return Fragment(first: set, last: set, nullable: false)
            case .concatenation(let items):
                var result = Fragment()
                for item in items {
                    guard let next = build(item) else { return nil }
                    result = concatenate(result, next)
                }
                return result
            case .alternation(let branches):
                var result = Fragment(nullable: false)
                for branch in branches {
                    guard let next = build(branch) else { return nil }
                    result.first |= next.first
                    result.last |= next.last
                    result.nullable = result.nullable || next.nullable
                }
                return result
            case .repetition(let inner, let minimum, let maximum):
                var result = Fragment()
                if let maximum {
                    // r{n,m}: n copies, then m − n optional ones (r? r? … matches r⁰…r^(m−n)).
                    for _ in 0..<minimum {
                        guard let copy = build(inner) else { return nil }
                        result = concatenate(result, copy)
                    }
                    for _ in minimum..<maximum {
                        guard var copy = build(inner) else { return nil }
                        copy.nullable = true
                        result = concatenate(result, copy)
                    }
                } else {
                    // r{n,}: n − 1 copies, then one that may repeat (r+), or r* when n is 0.
                    for _ in 0..<Swift.max(0, minimum - 1) {
                        guard let copy = build(inner) else { return nil }
                        result = concatenate(result, copy)
                    }
                    guard var copy = build(inner) else { return nil }
                    loop(copy)
                    if minimum == 0 { copy.nullable = true }
                    result = concatenate(result, copy)
                }
                return result
            }
        }

        /// Lets a fragment repeat: its last positions may be followed by its first ones.
        mutating func loop(_ fragment: Fragment) {
            fragment.last.forEach { follow[$0] |= fragment.first }
        }

        mutating func concatenate(_ left: Fragment, _ right: Fragment) -> Fragment {
            left.last.forEach { follow[$0] |= right.first }
            return Fragment(
                first: left.nullable ? left.first | right.first : left.first,
                last: right.nullable ? left.last | right.last : right.last,
                nullable: left.nullable && right.nullable
            )
        }
    }
}
