/// The set of Unicode scalars one position of a ``LinearPattern`` accepts: a literal, a bracket
/// class (`[0-9]`, `[^\p{L} '-]`), `\d`, `\s` or `\p{…}`.
///
/// Matching is by scalar (code point), as ICU matches: `é` precomposed is one scalar, `e` and a
/// combining accent are two.
struct ScalarClass: Sendable, Hashable {
    /// One alternative of a class.
    enum Item: Sendable, Hashable {
        /// Scalars from `lower` through `upper` (values).
        case range(UInt32, UInt32)
        /// Scalars whose general category is in the set.
        case categories(GeneralCategories)
        /// Scalars whose general category is not in the set (`\P{…}`).
        case notCategories(GeneralCategories)
    }

    var items: [Item]
    /// `[^…]`: the complement of the items.
    var isNegated: Bool

    /// One scalar.
    static func scalar(_ value: UInt32) -> ScalarClass {
        ScalarClass(items: [.range(value, value)], isNegated: false)
    }

    /// The ASCII scalars in the class, as a 128-bit set: bit `c` of `low` for `c` < 64, bit
    /// `c − 64` of `high` for the others. Built from the items without testing each scalar, so
    /// compiling a pattern costs little per position.
    var asciiMembers: (low: UInt64, high: UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for item in items {
            switch item {
            case .range(let lower, let upper):
                guard lower < 128 else { continue }
                let (rangeLow, rangeHigh) = Self.bits(from: lower, through: Swift.min(upper, 127))
                low |= rangeLow
                high |= rangeHigh
            case .categories(let set):
                let members = GeneralCategories.asciiMembers(of: set)
                low |= members.low
                high |= members.high
            case .notCategories(let set):
                let members = GeneralCategories.asciiMembers(of: set)
                low |= ~members.low
                high |= ~members.high
            }
        }
        return isNegated ? (~low, ~high) : (low, high)
    }

    /// Bits `lower` through `upper` (both below 128) of a 128-bit set.
    private static func bits(from lower: UInt32, through upper: UInt32) -> (UInt64, UInt64) {
        func word(_ base: UInt32) -> UInt64 {
            let from = Swift.max(lower, base), to = Swift.min(upper, base + 63)
            guard from <= to else { return 0 }
            let count = to - from + 1
            let run: UInt64 = count == 64 ? ~0 : (1 << UInt64(count)) - 1
            return run << UInt64(from - base)
        }
        return (word(0), word(64))
    }

    /// Whether `scalar` is in the class; `category` gives its general category on demand.
    @inline(__always)
    func contains(_ scalar: UInt32, category: () -> GeneralCategories) -> Bool {
        var found = false
        for item in items {
            switch item {
            case .range(let lower, let upper): found = scalar >= lower && scalar <= upper
            case .categories(let set): found = set.intersects(category())
            case .notCategories(let set): found = !set.intersects(category())
            }
            if found { break }
        }
        return found != isNegated
    }
}

/// A set of Unicode general categories, one bit each.
struct GeneralCategories: OptionSet, Sendable, Hashable {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    @inline(__always)
    func intersects(_ other: GeneralCategories) -> Bool { rawValue & other.rawValue != 0 }

    /// The category of `scalar` as a one-bit set.
    static func of(_ scalar: Unicode.Scalar) -> GeneralCategories {
        GeneralCategories(rawValue: 1 << UInt32(categoryBit(scalar)))
    }

    /// The category bit of `scalar`: the standard library's answer, or in the page's WebAssembly
    /// engine the same read from ``GeneralCategoryRuns`` (which a test holds to it).
    static func categoryBit(_ scalar: Unicode.Scalar) -> UInt8 {
        #if PAYFORM_WEB_PAGE
        GeneralCategoryRuns.bit(of: scalar.value)
        #else
        UInt8(bit(scalar.properties.generalCategory))
        #endif
    }

    /// The category of the scalar with value `value` (a value that is no scalar — a surrogate,
    /// which a `String` never holds — reads as `Cs`).
    static func of(value: UInt32) -> GeneralCategories {
        if value < UInt32(tableCount) {
            return GeneralCategories(rawValue: 1 << UInt32(table[Int(value)]))
        }
        guard let scalar = Unicode.Scalar(value) else { return span(27...27) }
        return of(scalar)
    }

    /// The ASCII scalars whose general category is in `set`, as a 128-bit set (see
    /// ``ScalarClass/asciiMembers``).
    static func asciiMembers(of set: GeneralCategories) -> (low: UInt64, high: UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var remaining = set.rawValue
        while remaining != 0 {
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            let members = asciiMembersByCategory[bit]
            low |= members.low
            high |= members.high
        }
        return (low, high)
    }

    /// For each category bit, the ASCII scalars of that category, read off ``asciiCategoryBit(_:)``.
    private static let asciiMembersByCategory: [(low: UInt64, high: UInt64)] = {
        var members = [(low: UInt64, high: UInt64)](repeating: (0, 0), count: 32)
        for value in 0..<128 {
            let bit = Int(asciiCategoryBit(UInt8(value)))
            if value < 64 { members[bit].low |= 1 << UInt64(value) } else { members[bit].high |= 1 << UInt64(value - 64) }
        }
        return members
    }()

    /// The general category bit (see ``bit(_:)``) of an ASCII scalar, written out: ASCII's
    /// categories are fixed by Unicode, and compiling a pattern then needs no property lookup
    /// (a test compares every value with the standard library's answer).
    static func asciiCategoryBit(_ value: UInt8) -> UInt32 {
        switch value {
        case 0x41...0x5A: 0                                       // Lu: A–Z
        case 0x61...0x7A: 1                                       // Ll: a–z
        case 0x30...0x39: 8                                       // Nd: 0–9
        case 0x5F: 11                                             // Pc: _
        case 0x2D: 12                                             // Pd: -
        case 0x28, 0x5B, 0x7B: 13                                 // Ps: ( [ {
        case 0x29, 0x5D, 0x7D: 14                                 // Pe: ) ] }
        case 0x2B, 0x3C, 0x3D, 0x3E, 0x7C, 0x7E: 18               // Sm: + < = > | ~
        case 0x24: 19                                             // Sc: $
        case 0x5E, 0x60: 20                                       // Sk: ^ `
        case 0x20: 22                                             // Zs: space
        case 0x00...0x1F, 0x7F: 25                                // Cc: controls
        default: 17                                               // Po: ! " # % & ' * , . / : ; ? @ \
        }
    }

    /// Scalars below this value (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic: most names)
    /// take their category from ``table``: the standard library's lookup costs more than the
    /// rest of a matching step.
    private static let tableCount = 0x800

    /// The category bit of each scalar below ``tableCount``, built once per process.
    private static let table: [UInt8] = (0..<UInt32(tableCount)).map { value in
        // 0..<0x800 holds no surrogates, so every value is a scalar.
        Unicode.Scalar(value).map(categoryBit) ?? 29
    }

    static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
        switch category {
        case .uppercaseLetter: 0
        case .lowercaseLetter: 1
        case .titlecaseLetter: 2
        case .modifierLetter: 3
        case .otherLetter: 4
        case .nonspacingMark: 5
        case .spacingMark: 6
        case .enclosingMark: 7
        case .decimalNumber: 8
        case .letterNumber: 9
        case .otherNumber: 10
        case .connectorPunctuation: 11
        case .dashPunctuation: 12
        case .openPunctuation: 13
        case .closePunctuation: 14
        case .initialPunctuation: 15
        case .finalPunctuation: 16
        case .otherPunctuation: 17
        case .mathSymbol: 18
        case .currencySymbol: 19
        case .modifierSymbol: 20
        case .otherSymbol: 21
        case .spaceSeparator: 22
        case .lineSeparator: 23
        case .paragraphSeparator: 24
        case .control: 25
        case .format: 26
        case .surrogate: 27
        case .privateUse: 28
        case .unassigned: 29
        @unknown default: 29
        }
    }

    /// The categories whose bits are `bits` (the groups `L`, `M`, … are runs of bits).
    private static func span(_ bits: ClosedRange<UInt32>) -> GeneralCategories {
        GeneralCategories(rawValue: (UInt32.max >> (31 - bits.upperBound)) & (UInt32.max << bits.lowerBound))
    }

    /// The set a `\p{…}` name stands for: the one- and two-letter general category names. Other
    /// property names (scripts, binary properties, long names) are left to ICU (`nil`).
    static func named(_ name: String) -> GeneralCategories? {
        // A switch, not a dictionary: no table to build the first time a pattern is compiled.
        switch name {
        case "L": span(0...4)
        case "Lu": span(0...0)
        case "Ll": span(1...1)
        case "Lt": span(2...2)
        case "Lm": span(3...3)
        case "Lo": span(4...4)
        case "M": span(5...7)
        case "Mn": span(5...5)
        case "Mc": span(6...6)
        case "Me": span(7...7)
        case "N": span(8...10)
        case "Nd": span(8...8)
        case "Nl": span(9...9)
        case "No": span(10...10)
        case "P": span(11...17)
        case "Pc": span(11...11)
        case "Pd": span(12...12)
        case "Ps": span(13...13)
        case "Pe": span(14...14)
        case "Pi": span(15...15)
        case "Pf": span(16...16)
        case "Po": span(17...17)
        case "S": span(18...21)
        case "Sm": span(18...18)
        case "Sc": span(19...19)
        case "Sk": span(20...20)
        case "So": span(21...21)
        case "Z": span(22...24)
        case "Zs": span(22...22)
        case "Zl": span(23...23)
        case "Zp": span(24...24)
        case "C": span(25...29)
        case "Cc": span(25...25)
        case "Cf": span(26...26)
        case "Cs": span(27...27)
        case "Co": span(28...28)
        case "Cn": span(29...29)
        default: nil
        }
    }

    /// Every name ``named(_:)`` accepts (for tests).
    static let names = ["L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd",
                        "Ps", "Pe", "Pi", "Pf", "Po", "S", "Sm", "Sc", "Sk", "So", "Z", "Zs", "Zl", "Zp", "C", "Cc", "Cf",
                        "Cs", "Co", "Cn"]
}
