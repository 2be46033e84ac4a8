import PaymentFormJSON

/// `iban`: whitespace dropped and ASCII letters upper-cased, the value is 2 letters (country),
/// 2 digits (check digits) and 11–30 letters or digits (15–34 characters in all), and its
/// ISO 7064 mod-97 (first four characters moved to the end, A = 10 … Z = 35) is 1.
///
/// Only ASCII letters are upper-cased: full Unicode case mapping would turn `ß` into `SS` or the
/// ligature `ﬀ` into `FF` and let non-ASCII text pass as an IBAN.
enum IBANRule {
    static let minimumLength = 15
    static let maximumLength = 34

    /// The value without whitespace, upper-cased, as ASCII bytes; `nil` at the first character
    /// that cannot be part of an IBAN at its position, or once it is longer than 34.
    private static func normalized(_ value: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(maximumLength)
        // Fast path for ASCII text, where every byte is a character ("\r\n" is one character
        // but both halves are whitespace, so dropping them byte by byte is the same).
        if value.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in value.utf8 where !isASCIIWhitespace(byte) {
                guard append(byte, to: &bytes) else { return nil }
            }
            return bytes
        }
        // A character counts as whitespace only when all its scalars are: a space carrying a
        // combining mark is not silently dropped.
        for character in value where !character.unicodeScalars.allSatisfy(UnicodeWhiteSpace.contains) {
            guard character.utf8.count == 1, let byte = character.utf8.first, append(byte, to: &bytes)
            else { return nil }
        }
        return bytes
    }

    /// Upper-cases an ASCII byte and appends it when it fits the next position; `false` otherwise.
    @inline(__always)
    private static func append(_ byte: UInt8, to bytes: inout [UInt8]) -> Bool {
        let upper = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
        guard bytes.count < maximumLength, fits(upper, at: bytes.count) else { return false }
        bytes.append(upper)
        return true
    }

    /// Tab, line feed, vertical tab, form feed, carriage return, space (the ASCII whitespace).
    @inline(__always)
    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// Whether an upper-cased byte may stand at `position` of an IBAN.
    private static func fits(_ byte: UInt8, at position: Int) -> Bool {
        switch position {
        case 0, 1: isLetter(byte)
        case 2, 3: ASCIIDigits.digit(byte) != nil
        default: isLetter(byte) || ASCIIDigits.digit(byte) != nil
        }
    }

    /// The ISO 7064 mod-97 remainder of the rearranged IBAN, computed digit by digit (no big ints).
    private static func remainder(_ bytes: [UInt8]) -> Int {
        var remainder = 0
        for byte in bytes.dropFirst(4) { remainder = appending(byte, to: remainder) }
        for byte in bytes.prefix(4) { remainder = appending(byte, to: remainder) }
        return remainder
    }

    @inline(__always)
    private static func appending(_ byte: UInt8, to remainder: Int) -> Int {
        if let digit = ASCIIDigits.digit(byte) {
            return (remainder * 10 + digit) % 97
        }
        return (remainder * 100 + Int(byte - UInt8(ascii: "A")) + 10) % 97
    }

    static func isValid(_ value: String) -> Bool {
        guard let bytes = normalized(value), bytes.count >= minimumLength else { return false }
        return remainder(bytes) == 1
    }

    /// Why a value fails: `incomplete` when its characters fit an IBAN's structure but are fewer
    /// than the shortest IBAN's 15; `nil` otherwise (a character out of place, wrong check digits).
    static func reason(_ value: String) -> ValidationReason? {
        guard let bytes = normalized(value), bytes.count < minimumLength else { return nil }
        return .incomplete
    }

    /// Incomplete when the characters so far fit the IBAN structure and appending characters can
    /// still fix the check digits. Up to 32 characters two more digits always can (appending
    /// `dd` to the account part reaches every remainder mod 97); at 33 characters each of the 36
    /// possible last characters is tried; at 34 nothing more can be added.
    static func inputState(of value: String) -> InputState {
        guard let bytes = normalized(value) else { return .invalid }
        if bytes.count >= minimumLength, remainder(bytes) == 1 { return .valid }
        switch bytes.count {
        case ..<(maximumLength - 1):
            return .incomplete
        case maximumLength - 1:
            let candidates = Array(UInt8(ascii: "0")...UInt8(ascii: "9")) + Array(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            return candidates.contains { remainder(bytes + [$0]) == 1 } ? .incomplete : .invalid
        default:
            return .invalid
        }
    }
}
