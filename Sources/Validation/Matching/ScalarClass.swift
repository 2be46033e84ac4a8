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

    /// Whether the class needs a scalar's general category (the one costly lookup).
    var usesCategories: Bool {
        items.contains { item in
            if case .range = item { return false }
            return true
        }
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
        GeneralCategories(rawValue: 1 << bit(scalar.properties.generalCategory))
    }

    /// The category of the scalar with value `value` (a value that is no scalar — a surrogate,
    /// which a `String` never holds — reads as `Cs`).
    static func of(value: UInt32) -> GeneralCategories {
        if value < UInt32(tableCount) {
            return GeneralCategories(rawValue: 1 << UInt32(table[Int(value)]))
        }
        guard let scalar = Unicode.Scalar(value) else { return named["Cs"] ?? [] }
        return of(scalar)
    }

    /// Scalars below this value (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic: most names)
    /// take their category from ``table``: the standard library's lookup costs more than the
    /// rest of a matching step.
    private static let tableCount = 0x800

    /// The category bit of each scalar below ``tableCount``, built once per process.
    private static let table: [UInt8] = (0..<UInt32(tableCount)).map { value in
        // 0..<0x800 holds no surrogates, so every value is a scalar.
        Unicode.Scalar(value).map { UInt8(bit($0.properties.generalCategory)) } ?? 29
    }

    private static func bit(_ category: Unicode.GeneralCategory) -> UInt32 {
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

    private static func bits(_ values: UInt32...) -> GeneralCategories {
        GeneralCategories(rawValue: values.reduce(0) { $0 | 1 << $1 })
    }

    /// The names `\p{…}` accepts here: the one- and two-letter general category names. Other
    /// property names (scripts, binary properties, long names) are left to ICU.
    static let named: [String: GeneralCategories] = [
        "L": bits(0, 1, 2, 3, 4), "Lu": bits(0), "Ll": bits(1), "Lt": bits(2), "Lm": bits(3), "Lo": bits(4),
        "M": bits(5, 6, 7), "Mn": bits(5), "Mc": bits(6), "Me": bits(7),
        "N": bits(8, 9, 10), "Nd": bits(8), "Nl": bits(9), "No": bits(10),
        "P": bits(11, 12, 13, 14, 15, 16, 17), "Pc": bits(11), "Pd": bits(12), "Ps": bits(13), "Pe": bits(14),
        "Pi": bits(15), "Pf": bits(16), "Po": bits(17),
        "S": bits(18, 19, 20, 21), "Sm": bits(18), "Sc": bits(19), "Sk": bits(20), "So": bits(21),
        "Z": bits(22, 23, 24), "Zs": bits(22), "Zl": bits(23), "Zp": bits(24),
        "C": bits(25, 26, 27, 28, 29), "Cc": bits(25), "Cf": bits(26), "Cs": bits(27), "Co": bits(28), "Cn": bits(29),
    ]
}
