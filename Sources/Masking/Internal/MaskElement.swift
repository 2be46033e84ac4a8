/// One position of a parsed mask: a literal character or a value slot.
///
/// A mask is parsed once into a flat array of these, so formatting never re-reads the pattern.
/// Elements are eight bytes of plain data (no references): a 1,000-slot mask is 8 KB that the
/// hot loops read without retains and that stays in the first-level cache. What only the rare
/// non-ASCII literals need is kept apart, in ``MaskLiterals``.
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

    /// The most elements a mask holds: run ends are stored in 32 bits. (A pattern past four
    /// billion characters is read up to there; no definition comes near, the JSON limit being
    /// 32 MiB. On a 32-bit platform, such as wasm32, `Int` itself is the bound.)
    static let maximumCount = Int(clamping: UInt32.max)

    let kind: Kind
    /// The literal's byte when it is a single ASCII scalar, else ``notASCII``.
    let asciiByte: UInt8
    /// A slot takes an ASCII byte `b` when `b &- acceptedLow < acceptedCount`: one compare per
    /// character instead of a switch (`any` takes every ASCII byte; literals and `nothing` none).
    let acceptedLow: UInt8
    let acceptedCount: UInt8
    /// See ``runEnd``.
    private var storedRunEnd: UInt32 = 0

    /// The index one past the last element of the run this one belongs to. For literals, the
    /// literal run: format appends the rest of it when the input ends inside or right before it.
    /// For slots, the run of consecutive slots of the same kind: ASCII format fills such a run
    /// eight bytes at a time.
    @inline(__always)
    var runEnd: Int {
        get { Int(storedRunEnd) }
        set { storedRunEnd = UInt32(clamping: newValue) }
    }

    private init(kind: Kind, asciiByte: UInt8, acceptedLow: UInt8, acceptedCount: UInt8) {
        self.kind = kind
        self.asciiByte = asciiByte
        self.acceptedLow = acceptedLow
        self.acceptedCount = acceptedCount
    }

    /// A literal that is one ASCII byte (the common case: spaces, slashes, dashes), or
    /// ``notASCII`` for any other literal character (kept in ``MaskLiterals``).
    static func literal(ascii byte: UInt8) -> MaskElement {
        MaskElement(kind: .literal, asciiByte: byte, acceptedLow: 0, acceptedCount: 0)
    }

    /// The slot for the placeholder character written as the ASCII byte `placeholder`
    /// (``MaskElement/notASCII`` for a non-ASCII one, which accepts nothing).
    static func slot(for placeholder: UInt8) -> MaskElement {
        switch placeholder {
        case UInt8(ascii: "9"): MaskElement(kind: .digit, asciiByte: notASCII, acceptedLow: 0x30, acceptedCount: 10)
        case UInt8(ascii: "a"): MaskElement(kind: .lowercase, asciiByte: notASCII, acceptedLow: 0x61, acceptedCount: 26)
        case UInt8(ascii: "A"): MaskElement(kind: .uppercase, asciiByte: notASCII, acceptedLow: 0x41, acceptedCount: 26)
        case UInt8(ascii: "*"): MaskElement(kind: .any, asciiByte: notASCII, acceptedLow: 0, acceptedCount: 0x80)
        default: MaskElement(kind: .nothing, asciiByte: notASCII, acceptedLow: 0, acceptedCount: 0)
        }
    }

    @inline(__always)
    var isLiteral: Bool { kind == .literal }

    /// Whether `next`, right after this element, belongs to the same run: literals with
    /// literals, slots with slots of the same kind.
    @inline(__always)
    func continuesRun(with next: MaskElement) -> Bool {
        kind == .literal ? next.kind == .literal : next.kind == kind
    }

    /// Whether this slot takes `unit` as a value character. Literals take nothing.
    @inline(__always)
    func accepts<Unit: MaskUnit>(_ unit: Unit) -> Bool {
        // A unit that is not one ASCII scalar reads as 0xFF, outside every ASCII range: only `*`
        // takes it. Literals and `nothing` have an empty range.
        kind == .any || unit.maskASCIIByte &- acceptedLow < acceptedCount
    }
}

/// The literals of a mask that are not single ASCII bytes (`€`, `😀`, "\r\n"), kept apart from
/// ``MaskElement`` so elements stay small plain data. Most masks have none, and then hold no
/// table at all (`nil`), so the walks take no reference count for it.
final class MaskLiterals: Sendable {
    /// Each such literal as a `Character`, for comparing with non-ASCII input.
    private let characters: [Character]
    /// Each literal's UTF-8 bytes, concatenated; `utf8Ends[i]` is where literal `i` ends.
    private let utf8: [UInt8]
    private let utf8Ends: [Int]
    private let utf16Lengths: [Int]
    /// For each element of the mask, the index of its literal here, or -1.
    private let literalOfElement: [Int]

    /// Collects the literals while a pattern is parsed.
    struct Builder {
        var characters: [Character] = []
        var utf8: [UInt8] = []
        var utf8Ends: [Int] = []
        var utf16Lengths: [Int] = []
        var literalOfElement: [Int] = []

        /// Records `character` as the literal of the element at `elementIndex`.
        mutating func append(_ character: Character, forElementAt elementIndex: Int) {
            while literalOfElement.count < elementIndex { literalOfElement.append(-1) }
            literalOfElement.append(characters.count)
            characters.append(character)
            utf8.append(contentsOf: character.utf8)
            utf8Ends.append(utf8.count)
            utf16Lengths.append(character.utf16.count)
        }

        /// The table, or `nil` when no literal was recorded.
        func build() -> MaskLiterals? {
            characters.isEmpty ? nil : MaskLiterals(self)
        }
    }

    private init(_ builder: Builder) {
        characters = builder.characters
        utf8 = builder.utf8
        utf8Ends = builder.utf8Ends
        utf16Lengths = builder.utf16Lengths
        literalOfElement = builder.literalOfElement
    }

    private func literal(at elementIndex: Int) -> Int {
        elementIndex >= 0 && elementIndex < literalOfElement.count ? literalOfElement[elementIndex] : -1
    }

    /// Writes the UTF-8 bytes of the non-ASCII literal at `elementIndex`.
    func write<Sink: ByteSink>(at elementIndex: Int, to sink: inout Sink) {
        let index = literal(at: elementIndex)
        guard index >= 0 && index < utf8Ends.count else { return }
        let start = index == 0 ? 0 : utf8Ends[index - 1]
        for byte in utf8[start..<utf8Ends[index]] { sink.append(byte) }
    }

    /// The UTF-16 length of the non-ASCII literal at `elementIndex`.
    func utf16Length(at elementIndex: Int) -> Int {
        let index = literal(at: elementIndex)
        return index >= 0 && index < utf16Lengths.count ? utf16Lengths[index] : 0
    }

    /// The character of the non-ASCII literal at `elementIndex` (a space for any other).
    func character(at elementIndex: Int) -> Character {
        let index = literal(at: elementIndex)
        return index >= 0 && index < characters.count ? characters[index] : " "
    }
}

extension Optional where Wrapped == MaskLiterals {
    /// Writes the UTF-8 bytes of the literal element `element` at `elementIndex`.
    @inline(__always)
    func write<Sink: ByteSink>(_ element: MaskElement, at elementIndex: Int, to sink: inout Sink) {
        if element.asciiByte != MaskElement.notASCII {
            sink.append(element.asciiByte)
        } else {
            self?.write(at: elementIndex, to: &sink)
        }
    }

    /// The UTF-16 length of the literal element `element` at `elementIndex`.
    @inline(__always)
    func utf16Length(of element: MaskElement, at elementIndex: Int) -> Int {
        element.asciiByte != MaskElement.notASCII ? 1 : (self?.utf16Length(at: elementIndex) ?? 0)
    }

    /// The character of the non-ASCII literal element at `elementIndex` (a space for any other).
    func character(at elementIndex: Int) -> Character {
        self?.character(at: elementIndex) ?? " "
    }
}
