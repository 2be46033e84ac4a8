/// Turns a machine identifier into a short, readable English label, for when no translation exists.
///
/// `cardholderName` → `Cardholder name`, `expiryDate` → `Expiry date`,
/// `IBANCode` → `IBAN code`, `address_line2` → `Address line 2`.
enum ReadableIdentifier {
    /// The readable form of `identifier`; empty when it holds no letters or digits.
    static func label(for identifier: String) -> String {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(identifier)
        func finishWord() {
            if !current.isEmpty { words.append(String(current)) }
            current.removeAll(keepingCapacity: true)
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                finishWord()  // `_`, `-`, `.`, spaces separate words
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    (previous.isLowercase && character.isUppercase)                   // cardholder|Name
                    || (previous.isUppercase && character.isUppercase && next?.isLowercase == true)  // IBAN|Code
                    || (previous.isNumber != character.isNumber)                       // line|2
                if startsWord { finishWord() }
            }
            current.append(character)
        }
        finishWord()
        return words.enumerated().map { position, word in
            // Acronyms keep their capitals; other words are lower-case except the very first letter.
            let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
            if isAcronym { return word }
            let lower = word.lowercased()
            return position == 0 ? lower.prefix(1).uppercased() + lower.dropFirst() : lower
        }
        .joined(separator: " ")
    }
}
