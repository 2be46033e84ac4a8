/// Turns a machine identifier into a short, readable English label, for when no translation exists.
///
/// `cardholderName` → `Cardholder name`, `expiryDate` → `Expiry date`,
/// `IBANCode` → `IBAN code`, `address_line2` → `Address line 2`.
///
/// Words split and change case by ASCII rules: `A`–`Z` and `a`–`z` are letters with a case,
/// `0`–`9` digits, other ASCII characters separate words, and a character outside ASCII
/// (`é`, `ß`, `٣`) is a letter without case, kept as written (`numéroCarte` → `Numéro carte`).
/// (Full Unicode case rules would take the standard library's property tables, some 40 KB, into
/// the page's WebAssembly engine for a label that identifiers in ASCII are the whole use of.)
enum ReadableIdentifier {
    /// The readable form of `identifier`; empty when it holds no letters or digits.
    static func label(for identifier: String) -> String {
        var words: [[Character]] = []
        var current: [Character] = []
        let characters = Array(identifier)
        func finishWord() {
            if !current.isEmpty { words.append(current) }
            current.removeAll(keepingCapacity: true)
        }
        for (index, character) in characters.enumerated() {
            let kind = Kind(character)
            guard kind != .separator else {
                finishWord()  // `_`, `-`, `.`, spaces separate words
                continue
            }
            if let previous = current.last.map(Kind.init) {
                let next = index + 1 < characters.count ? Kind(characters[index + 1]) : nil
                let startsWord =
                    (previous == .lowercase && kind == .uppercase)                        // cardholder|Name
                    || (previous == .uppercase && kind == .uppercase && next == .lowercase)  // IBAN|Code
                    || ((previous == .digit) != (kind == .digit))                          // line|2
                if startsWord { finishWord() }
            }
            current.append(character)
        }
        finishWord()
        return words.enumerated().map { position, word in
            // Acronyms keep their capitals; other words are lower-case except the very first letter.
            let isAcronym = word.count > 1 && word.allSatisfy { Kind($0) == .uppercase || Kind($0) == .digit }
            if isAcronym { return String(word) }
            let lower = word.map { Kind($0) == .uppercase ? Kind.changingCase($0) : $0 }
            guard position == 0, let first = lower.first else { return String(lower) }
            return String(Kind(first) == .lowercase ? Kind.changingCase(first) : first) + String(lower.dropFirst())
        }
        .joined(separator: " ")
    }

    /// What a character is to the word rules.
    private enum Kind: Equatable {
        case uppercase, lowercase, digit, separator
        /// Outside ASCII: a letter without case.
        case other

        init(_ character: Character) {
            guard character.utf8.count == 1, let byte = character.utf8.first else {
                // `\r\n` is ASCII (a separator); anything else of more bytes is a letter.
                self = character.utf8.allSatisfy({ $0 < 0x80 }) ? .separator : .other
                return
            }
            switch byte {
            case 0x41...0x5A: self = .uppercase
            case 0x61...0x7A: self = .lowercase
            case 0x30...0x39: self = .digit
            default: self = .separator
            }
        }

        /// An ASCII letter in the other case.
        static func changingCase(_ letter: Character) -> Character {
            Character(Unicode.Scalar((letter.utf8.first ?? 0) ^ 0x20))
        }
    }
}
