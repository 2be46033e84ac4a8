import Testing
@testable import PaymentFormMasking

/// The runs of decimal digits the page's engine uses instead of the standard library's property tables.
struct DecimalDigitsTests {
    @Test("gives the value properties.numericType and numericValue give, for every scalar outside ASCII")
    func everyScalar() {
        var differences: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let expected = properties.numericType == .decimal ? properties.numericValue.map { UInt8($0) } : nil
            if DecimalDigits.value(of: scalar) != expected { differences.append(value) }
        }
        #expect(differences.isEmpty, "scalars where the runs and the standard library disagree: \(differences.prefix(20))")
    }

    @Test("maps other scripts' digits to ASCII, one character at a time", arguments: [
        ("٤١١١", "4111"), ("４１", "41"), ("१२/३०", "12/30"), ("𝟘𝟡", "09"), ("4111", "4111"), ("a٣\u{301}", "a٣\u{301}"),
    ])
    func mapping(input: String, expected: String) {
        #expect(input.withASCIIDigits == expected)
    }
}
