import Testing
@testable import PaymentFormJSON

/// The White_Space list the page's engine uses instead of the standard library's property tables.
struct UnicodeWhiteSpaceTests {
    @Test("answers as properties.isWhitespace for every scalar")
    func everyScalar() {
        var differences: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if UnicodeWhiteSpace.contains(scalar) != scalar.properties.isWhitespace { differences.append(value) }
        }
        #expect(differences.isEmpty, "scalars where the list and the standard library disagree: \(differences.prefix(20))")
    }
}
