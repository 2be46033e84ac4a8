/// A set of positions of a ``LinearPattern`` (at most ``capacity``), as four 64-bit words, so
/// the matcher's step is a few word operations.
struct PositionSet: Sendable, Hashable {
    /// The most positions a linear pattern may have; longer patterns are left to ICU.
    static let capacity = 256

    private var words: (UInt64, UInt64, UInt64, UInt64)

    static let empty = PositionSet(words: (0, 0, 0, 0))

    private init(words: (UInt64, UInt64, UInt64, UInt64)) {
        self.words = words
    }

    @inline(__always)
    var isEmpty: Bool { (words.0 | words.1 | words.2 | words.3) == 0 }

    @inline(__always)
    mutating func insert(_ position: Int) {
        let bit: UInt64 = 1 << UInt64(position & 63)
        switch position >> 6 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    @inline(__always)
    func contains(_ position: Int) -> Bool {
        let word: UInt64
        switch position >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word >> UInt64(position & 63) & 1 == 1
    }

    @inline(__always)
    static func | (lhs: PositionSet, rhs: PositionSet) -> PositionSet {
        PositionSet(words: (lhs.words.0 | rhs.words.0, lhs.words.1 | rhs.words.1,
                            lhs.words.2 | rhs.words.2, lhs.words.3 | rhs.words.3))
    }

    @inline(__always)
    static func & (lhs: PositionSet, rhs: PositionSet) -> PositionSet {
        PositionSet(words: (lhs.words.0 & rhs.words.0, lhs.words.1 & rhs.words.1,
                            lhs.words.2 & rhs.words.2, lhs.words.3 & rhs.words.3))
    }

    @inline(__always)
    static func |= (lhs: inout PositionSet, rhs: PositionSet) { lhs = lhs | rhs }

    /// Calls `body` with each position in the set, in increasing order.
    @inline(__always)
    func forEach(_ body: (Int) -> Void) {
        var word = words.0
        while word != 0 { body(word.trailingZeroBitCount); word &= word &- 1 }
        word = words.1
        while word != 0 { body(64 + word.trailingZeroBitCount); word &= word &- 1 }
        word = words.2
        while word != 0 { body(128 + word.trailingZeroBitCount); word &= word &- 1 }
        word = words.3
        while word != 0 { body(192 + word.trailingZeroBitCount); word &= word &- 1 }
    }

    static func == (lhs: PositionSet, rhs: PositionSet) -> Bool {
        lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
