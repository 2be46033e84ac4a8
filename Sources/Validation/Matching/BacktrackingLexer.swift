/// The characters of a pattern as ICU's pattern scanner hands them to its parser: `\Q…\E`
/// quoting, free-spacing whitespace and `#` comments under `(?x)`, and the escapes that stand
/// for one character (`\t`, `\x{41}`, `\u00e9`, `\0101`, …) already read. Any other escape
/// comes as ``Token/escape(_:)`` with the character after the backslash, read as it is.
struct BacktrackingLexer {
    /// One character of the pattern, as the parser sees it.
    enum Token: Equatable {
        /// The end of the pattern.
        case end
        /// A character; `quoted` when it came from an escape or a `\Q…\E` quote, so it stands
        /// for itself whatever it is (`\x{2A}` is a star, not a quantifier).
        case character(UInt32, quoted: Bool)
        /// A backslash and the character after it (`\d`, `\p`, `\1`, `\.`), left to the parser.
        case escape(UInt32)
    }

    private let scalars: [UInt32]
    private var index = 0
    /// Inside `\Q…\E`.
    private var quoting = false
    /// `(?x)`: whitespace and `#` comments between the pattern's characters are skipped.
    var freeSpacing = false
    /// Set by the parser after `(?`: the next character is never the start of a `#` comment.
    var suppressesComment = false
    /// Inside a bracket class, where `\Q` is refused (its reading there is ICU's own).
    var inClass = false

    init(_ scalars: [UInt32]) {
        self.scalars = scalars
    }

    /// Where the reader is, in scalars from the start (for messages).
    var offset: Int { index }

    /// The next scalar as it is, without any skipping (what ICU peeks at for back-reference
    /// digits and property names).
    func peekRaw() -> UInt32? {
        index < scalars.count ? scalars[index] : nil
    }

    /// Takes the next scalar as it is.
    mutating func takeRaw() -> UInt32? {
        guard index < scalars.count else { return nil }
        index += 1
        return scalars[index - 1]
    }

    /// The next token.
    mutating func next() throws(BacktrackingSyntax.Refusal) -> Token {
        while true {
            if quoting {
                guard let scalar = takeRaw() else {
                    quoting = false
                    return .end
                }
                if scalar == 0x5C, peekRaw() == 0x45 {  // \E
                    index += 1
                    quoting = false
                    continue
                }
                return .character(scalar, quoted: true)
            }
            guard var scalar = takeRaw() else { return .end }
            if freeSpacing {
                while true {
                    if scalar == 0x23, !suppressesComment {  // '#' to the end of the line
                        while let next = takeRaw() {
                            scalar = next
                            if next == 0x0A || next == 0x0D || next == 0x85 || next == 0x2028 { break }
                        }
                        if index >= scalars.count, !Self.isPatternWhiteSpace(scalar) {
                            suppressesComment = false
                            return .end
                        }
                    }
                    guard Self.isPatternWhiteSpace(scalar) else { break }
                    guard let next = takeRaw() else {
                        suppressesComment = false
                        return .end
                    }
                    scalar = next
                }
            }
            suppressesComment = false
            guard scalar == 0x5C else { return .character(scalar, quoted: false) }
            guard let letter = peekRaw() else {
                throw BacktrackingSyntax.Refusal("a backslash ends the pattern", at: index)
            }
            switch letter {
            case 0x51:  // \Q
                guard !inClass else { throw BacktrackingSyntax.Refusal("\\Q inside a bracket class", at: index) }
                index += 1
                quoting = true
                continue
            case 0x30:  // \0 and 1 to 3 octal digits, at most 0377
                index += 1
                return .character(try octal(), quoted: true)
            case 0x61, 0x65, 0x66, 0x6E, 0x72, 0x74, 0x75, 0x55, 0x78, 0x63:  // a e f n r t u U x c
                index += 1
                return .character(try unescaped(letter), quoted: true)
            default:
                index += 1
                return .escape(letter)
            }
        }
    }

    /// ICU's Pattern_White_Space, which `(?x)` skips.
    static func isPatternWhiteSpace(_ scalar: UInt32) -> Bool {
        (0x09...0x0D).contains(scalar) || scalar == 0x20 || scalar == 0x85 || scalar == 0x200E || scalar == 0x200F
            || scalar == 0x2028 || scalar == 0x2029
    }

    /// `\0` followed by one to three octal digits, the last dropped when it would pass 0377.
    private mutating func octal() throws(BacktrackingSyntax.Refusal) -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 3, let scalar = peekRaw(), (0x30...0x37).contains(scalar) {
            let next = value << 3 | (scalar - 0x30)
            guard next <= 0xFF else { break }
            value = next
            index += 1
            digits += 1
        }
        guard digits > 0 else { throw BacktrackingSyntax.Refusal("\\0 without octal digits", at: index) }
        return value
    }

    /// The character an escape of ICU's unescaping stands for (after the backslash and
    /// `letter`): `\a` `\e` `\f` `\n` `\r` `\t`, `\uhhhh`, `\Uhhhhhhhh`, `\xhh`, `\x{h…}`. `\cX`
    /// and escapes that name a surrogate are refused.
    private mutating func unescaped(_ letter: UInt32) throws(BacktrackingSyntax.Refusal) -> UInt32 {
        switch letter {
        case 0x61: return 0x07
        case 0x65: return 0x1B
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        case 0x63: throw BacktrackingSyntax.Refusal("the control escape \\c", at: index)
        default: break
        }
        var minimum = 1, maximum = 2, braces = false
        if letter == 0x75 { minimum = 4; maximum = 4 }
        if letter == 0x55 { minimum = 8; maximum = 8 }
        if letter == 0x78, peekRaw() == 0x7B {
            index += 1
            braces = true
            maximum = 8
        }
        var value: UInt32 = 0
        var digits = 0
        while digits < maximum, let scalar = peekRaw(), let digit = Self.hexadecimal(scalar) {
            value = value << 4 | digit
            index += 1
            digits += 1
        }
        guard digits >= minimum else { throw BacktrackingSyntax.Refusal("an escape without its hexadecimal digits", at: index) }
        if braces {
            // ICU wants the closing brace right after the digits, and no more than 7 of them.
            guard digits < maximum, peekRaw() == 0x7D else {
                throw BacktrackingSyntax.Refusal("\\x{ without its closing brace", at: index)
            }
            index += 1
        }
        guard value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
            throw BacktrackingSyntax.Refusal("an escape that names no character (or a surrogate)", at: index)
        }
        return value
    }

    private static func hexadecimal(_ scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x30...0x39: scalar - 0x30
        case 0x41...0x46: scalar - 0x41 + 10
        case 0x61...0x66: scalar - 0x61 + 10
        default: nil
        }
    }
}
