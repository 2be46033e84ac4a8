/// `residentIdNumber` (Chinese resident identity card): 15 ASCII digits, or 17 ASCII digits and
/// the ISO 7064 MOD 11-2 check character (check value 10 is written `X` or `x`).
enum ResidentIdNumberRule {
    /// Weight of digit `i` (0-based) among the first 17: 2^(17 − i) mod 11.
    private static let weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]

    static func isValid(_ value: String) -> Bool {
        let bytes = value.utf8
        switch bytes.count {
        case 15:
            return bytes.allSatisfy { ASCIIDigits.digit($0) != nil }
        case 18:
            var sum = 0
            for (byte, weight) in zip(bytes.prefix(17), weights) {
                guard let digit = ASCIIDigits.digit(byte) else { return false }
                sum += digit * weight
            }
            let check = (12 - sum % 11) % 11
            guard let last = bytes.last else { return false }
            if check == 10 { return last == UInt8(ascii: "X") || last == UInt8(ascii: "x") }
            return ASCIIDigits.digit(last) == check
        default:
            return false
        }
    }

    /// Incomplete while up to 17 ASCII digits are typed (15 digits are already valid, and 16 or
    /// 17 can still take the 18-digit form); an 18-character value is complete either way.
    static func inputState(of value: String) -> InputState {
        if isValid(value) { return .valid }
        let bytes = value.utf8
        return bytes.count < 18 && bytes.allSatisfy({ ASCIIDigits.digit($0) != nil }) ? .incomplete : .invalid
    }
}
