/// One position of a parsed mask: a literal character or a value slot.
///
/// A mask is parsed once into a flat array of these, so formatting never re-reads the pattern.
struct MaskElement: Sendable {
    /// What the position is.
    enum Kind: UInt8, Sendable {
        /// Literal text outside `{{ }}`, copied to the output.
        case literal
        /// `9`: one ASCII digit.
        case digit
        /// `a`: one ASCII lower-case letter.
        case lowercase
        /// `A`: one ASCII upper-case letter.
        case uppercase
        /// `*`: any one character.
        case any
        /// Any other character inside `{{ }}`: accepts nothing (and so swallows the rest of the input,
        /// exactly like the Connect formatter).
        case nothing
    }

    /// Sentinel for "not a single ASCII scalar"; ASCII bytes are all below 0x80.
    static let notASCII: UInt8 = 0xFF

    let kind: Kind
    /// The literal's byte when it is a single ASCII scalar, else ``notASCII``.
    let asciiByte: UInt8
    /// The literal's length in UTF-16 code units (0 for slots).
    let utf16Length: Int
    /// For literals: where its UTF-8 bytes and its `Character` are kept in ``MaskLiterals``.
    /// Elements hold no `Character` themselves so they stay trivial to copy in the hot loops.
    let literalIndex: Int
    /// For literals: the index one past the last element of the literal run this one belongs to.
    /// Format appends the rest of a run when the input ends inside or right before it.
    var runEnd: Int

    static func literal(_ character: Character, index: Int) -> MaskElement {
        MaskElement(kind: .literal, asciiByte: character.maskASCIIByte, utf16Length: character.utf16.count,
                    literalIndex: index, runEnd: 0)
    }

    static func slot(for placeholder: Character) -> MaskElement {
        let kind: Kind
        switch placeholder {
        case "9": kind = .digit
        case "a": kind = .lowercase
        case "A": kind = .uppercase
        case "*": kind = .any
        default: kind = .nothing
        }
        return MaskElement(kind: kind, asciiByte: notASCII, utf16Length: 0, literalIndex: -1, runEnd: 0)
    }

    var isLiteral: Bool { kind == .literal }

    /// Whether this slot takes `unit` as a value character. Literals take nothing.
    @inline(__always)
    func accepts<Unit: MaskUnit>(_ unit: Unit) -> Bool {
        switch kind {
        case .any: return true
        case .digit: let byte = unit.maskASCIIByte; return byte >= 0x30 && byte <= 0x39
        case .lowercase: let byte = unit.maskASCIIByte; return byte >= 0x61 && byte <= 0x7A
        case .uppercase: let byte = unit.maskASCIIByte; return byte >= 0x41 && byte <= 0x5A
        case .literal, .nothing: return false
        }
    }

}

/// The literal characters of a mask, kept apart from ``MaskElement`` so elements stay plain data.
struct MaskLiterals: Sendable {
    /// Each literal as a `Character`, for comparing with non-ASCII input.
    var characters: [Character] = []
    /// Each literal's UTF-8 bytes, concatenated; `utf8Ends[i]` is where literal `i` ends.
    var utf8: [UInt8] = []
    var utf8Ends: [Int] = []

    mutating func append(_ character: Character) -> Int {
        characters.append(character)
        utf8.append(contentsOf: character.utf8)
        utf8Ends.append(utf8.count)
        return characters.count - 1
    }

    /// Appends the literal's UTF-8 bytes.
    @inline(__always)
    func append(_ element: MaskElement, to output: inout [UInt8]) {
        if element.asciiByte != MaskElement.notASCII {
            output.append(element.asciiByte)
        } else if element.literalIndex >= 0 && element.literalIndex < utf8Ends.count {
            let start = element.literalIndex == 0 ? 0 : utf8Ends[element.literalIndex - 1]
            output.append(contentsOf: utf8[start..<utf8Ends[element.literalIndex]])
        }
    }

    /// The literal's character (a space for an element that is not a literal).
    @inline(__always)
    func character(of element: MaskElement) -> Character {
        element.literalIndex >= 0 && element.literalIndex < characters.count ? characters[element.literalIndex] : " "
    }
}
