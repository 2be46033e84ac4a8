/// A display mask from a payment product field (`displayHints.mask`), parsed once.
///
/// The grammar is the Connect Client API's: `{{` … `}}` hold placeholders, everything else is
/// literal text. Inside braces `9` takes one ASCII digit, `a` one ASCII lower-case letter, `A` one
/// ASCII upper-case letter and `*` any one character; any other character there accepts nothing.
/// Outside braces every character, `9 a A *` included, is literal, and so is a lone `{` or `}`.
/// An unclosed `{{` runs to the end of the pattern (as the Connect formatter reads it).
///
/// A `Mask` is an immutable value: parse it once and share it freely across threads.
///
/// ```swift
/// let card = Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
/// card.format("4111111111111111")          // "4111 1111 1111 1111 "
/// card.unformat("4111 1111 1111 1111")     // "4111111111111111"
/// card.capacity                            // 19
/// ```
public struct Mask: Sendable, Hashable {
    /// The pattern the mask was parsed from, exactly as given.
    public let pattern: String

    /// The pattern's literals and slots, in order.
    let elements: [MaskElement]
    /// The literals' characters and bytes, apart from the elements.
    let literals: MaskLiterals
    /// Index into `elements` of each slot, in order.
    let slotElementIndices: [Int]
    /// UTF-8 bytes of all literals, to size output buffers once.
    let literalUTF8Count: Int

    /// Parses `pattern`. Never fails: every string is a mask (see the type's documentation for how
    /// unusual patterns read).
    public init(_ pattern: String) {
        self.pattern = pattern
        let parsed = MaskParser.parse(pattern)
        elements = parsed.elements
        literals = parsed.literals
        slotElementIndices = parsed.slotElementIndices
        literalUTF8Count = parsed.literals.utf8.count
    }

    /// The number of value characters the mask holds (its placeholder count).
    ///
    /// `Mask("{{99}}/{{99}}").capacity == 4`.
    public var capacity: Int { slotElementIndices.count }

    /// The length, in UTF-16 code units, of the text a completely filled field shows while editing:
    /// every placeholder and every literal up to the last placeholder (the editor never shows
    /// literals after the last value character). Placeholders count one unit each, exact for
    /// digits and letters. What an HTML `maxlength` or a text field's length limit should be.
    ///
    /// ```swift
    /// Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}").formattedCapacity   // 23
    /// Mask("{{99}}/{{99}}").formattedCapacity                                  // 5
    /// ```
    public var formattedCapacity: Int {
        guard let last = slotElementIndices.last else { return 0 }
        var length = 0
        for element in elements[...last] {
            length += element.isLiteral ? element.utf16Length : 1
        }
        return length
    }

    /// Whether the mask has at least one placeholder; a mask without one holds no value.
    public var hasPlaceholders: Bool { !slotElementIndices.isEmpty }

    /// The same mask with every character inside braces turned into `*`, braces and literals kept.
    ///
    /// Used for account-on-file labels, whose stored values are already partly hidden:
    /// `Mask("{{9999}} {{9999}}").relaxed.pattern == "{{****}} {{****}}"`, which formats
    /// `"************4242"` where the strict mask would drop the asterisks.
    public var relaxed: Mask { Mask(MaskParser.relaxedPattern(of: pattern)) }

    /// Masks are equal when their patterns are.
    public static func == (lhs: Mask, rhs: Mask) -> Bool { lhs.pattern == rhs.pattern }

    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

extension Mask: CustomStringConvertible, CustomDebugStringConvertible {
    /// The pattern. A mask describes a field's shape, never a value, so it is safe to print.
    public var description: String { pattern }

    /// `Mask("…pattern…")`.
    public var debugDescription: String { "Mask(\(String(reflecting: pattern)))" }
}
