extension Character {
    /// The ASCII digit for a decimal digit of any script (Unicode general category Nd: Arabic-Indic,
    /// Devanagari, full-width, …); nil for anything else, ASCII digits included.
    var asciiDigitForNonASCIIDecimal: Character? {
        let scalars = unicodeScalars
        guard let scalar = scalars.first, !scalar.isASCII, scalars.count == 1,
              scalar.properties.numericType == .decimal,
              let numeric = scalar.properties.numericValue,
              numeric >= 0, numeric <= 9, numeric == Double(Int(numeric))
        else { return nil }
        return Character(Unicode.Scalar(UInt8(0x30) + UInt8(numeric)))
    }
}

extension String {
    /// The string with every non-ASCII decimal digit replaced by its ASCII digit. Returns `self`
    /// untouched (no copy) when it is ASCII.
    package var withASCIIDigits: String {
        var isASCII = true
        for byte in utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII { return self }
        var mapped = ""
        mapped.reserveCapacity(utf8.count)
        for character in self {
            mapped.append(character.asciiDigitForNonASCIIDecimal ?? character)
        }
        return mapped
    }
}
