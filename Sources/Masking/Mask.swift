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
    /// The parsed pattern, shared by every copy of this mask. Immutable once parsed, so sharing
    /// it across threads is safe (see ``MaskStorage``).
    nonisolated(unsafe) let storage: MaskStorage

    /// The pattern the mask was parsed from, exactly as given.
    public var pattern: String { storage.pattern }

    /// Parses `pattern`. Never fails: every string is a mask (see the type's documentation for how
    /// unusual patterns read).
    ///
    /// A plain-ASCII pattern (every mask the Client API sends) is parsed byte by byte into one
    /// flat array of slots and literals.
    public init(_ pattern: String) {
        storage = MaskParser.parse(pattern)
    }

    /// The number of value characters the mask holds (its placeholder count).
    ///
    /// `Mask("{{99}}/{{99}}").capacity == 4`.
    public var capacity: Int { storage.slotCount }

    /// The length, in UTF-16 code units, of the text a completely filled field shows while editing:
    /// every placeholder and every literal up to the last placeholder (the editor never shows
    /// literals after the last value character). Placeholders count one unit each, exact for
    /// digits and letters. What a text field can be sized to; not a limit that cuts input (an HTML
    /// `maxlength`): the engine keeps a longer pasted value and reports it as a `length` error.
    ///
    /// ```swift
    /// Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}").formattedCapacity   // 23
    /// Mask("{{99}}/{{99}}").formattedCapacity                                  // 5
    /// ```
    public var formattedCapacity: Int {
        let literals = storage.literals
        return storage.withElements { elements in
            var length = 0
            var lengthAtLastSlot = 0
            for (index, element) in elements.enumerated() {
                if element.isLiteral {
                    length += literals.utf16Length(of: element, at: index)
                } else {
                    length += 1
                    lengthAtLastSlot = length
                }
            }
            return lengthAtLastSlot
        }
    }

    /// Whether the mask has at least one placeholder; a mask without one holds no value.
    package var hasPlaceholders: Bool { storage.slotCount > 0 }

    /// The same mask with every character inside braces turned into `*`, braces and literals kept.
    ///
    /// Used for account-on-file labels, whose stored values are already partly hidden:
    /// `Mask("{{9999}} {{9999}}").relaxed.pattern == "{{****}} {{****}}"`, which formats
    /// `"************4242"` where the strict mask would drop the asterisks.
    package var relaxed: Mask { Mask(MaskParser.relaxedPattern(of: pattern)) }

    /// Masks are equal when their patterns are (two copies of one mask share their storage, which
    /// answers without comparing the patterns).
    public static func == (lhs: Mask, rhs: Mask) -> Bool { lhs.storage === rhs.storage || lhs.pattern == rhs.pattern }

    /// Hashes the pattern.
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

extension Mask: CustomStringConvertible, CustomDebugStringConvertible {
    /// The pattern. A mask describes a field's shape, never a value, so it is safe to print.
    public var description: String { pattern }

    /// `Mask("…pattern…")`.
    public var debugDescription: String { "Mask(\(pattern.debugDescription))" }
}
