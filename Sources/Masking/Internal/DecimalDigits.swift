extension Character {
    /// The ASCII digit for a decimal digit of any script (Unicode general category Nd: Arabic-Indic,
    /// Devanagari, full-width, …); nil for anything else, ASCII digits included.
    var asciiDigitForNonASCIIDecimal: Character? {
        let scalars = unicodeScalars
        guard let scalar = scalars.first, !scalar.isASCII, scalars.count == 1, let value = DecimalDigits.value(of: scalar) else { return nil }
        return Character(Unicode.Scalar(UInt8(0x30) + value))
    }
}

/// Unicode's decimal digits (`Numeric_Type=Decimal`, the same as general category `Nd`) outside
/// ASCII, without the standard library's property tables (some 5 KB of them in the page's
/// WebAssembly engine, for this alone): Unicode encodes them in runs of ten, `0` to `9`, so the
/// list of each run's `0` says which scalars are digits and their value.
///
/// The list is the toolchain's Unicode (16.0): a test compares it with
/// `properties.numericType` and `numericValue` for every scalar, so another Unicode version fails
/// the test before it changes a result.
package enum DecimalDigits {
    /// The first scalar (`0`) of each run of ten decimal digits outside ASCII, ascending.
    package static let zeros: [UInt32] = [
        0x660, 0x6F0, 0x7C0, 0x966, 0x9E6, 0xA66, 0xAE6, 0xB66, 0xBE6, 0xC66, 0xCE6, 0xD66, 0xDE6, 0xE50, 0xED0, 0xF20,
        0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0, 0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900,
        0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x10D40, 0x11066, 0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450,
        0x114D0, 0x11650, 0x116C0, 0x116D0, 0x116DA, 0x11730, 0x118E0, 0x11950, 0x11BF0, 0x11C50, 0x11D50, 0x11DA0, 0x11DE0,
        0x11F50, 0x16130, 0x16A60, 0x16AC0, 0x16B50, 0x16D70, 0x1CCF0, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140,
        0x1E2F0, 0x1E4F0, 0x1E5F1, 0x1E950, 0x1FBF0,
    ]

    /// The digit's value (0–9) when `scalar` is a decimal digit outside ASCII, else `nil`.
    package static func value(of scalar: Unicode.Scalar) -> UInt8? {
        // The last run starting at or before the scalar.
        var low = 0, high = zeros.count
        while low < high {
            let middle = (low + high) / 2
            if zeros[middle] <= scalar.value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let offset = scalar.value - zeros[low - 1]
        return offset <= 9 ? UInt8(offset) : nil
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
