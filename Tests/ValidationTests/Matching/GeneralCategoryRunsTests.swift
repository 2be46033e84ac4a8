import Testing
@testable import PaymentFormValidation

/// The general category runs the page's engine reads instead of the standard library's table.
struct GeneralCategoryRunsTests {
    @Test("give the standard library's category for every scalar (a surrogate reads as Cs)")
    func everyScalar() {
        var differences: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            let expected = Unicode.Scalar(value).map { UInt8(GeneralCategories.bit($0.properties.generalCategory)) } ?? 27
            if GeneralCategoryRuns.bit(of: value) != expected { differences.append(value) }
        }
        #expect(differences.isEmpty, """
            the runs differ from this toolchain's Unicode at \(differences.prefix(10)) (\(differences.count) scalars): \
            make GeneralCategoryRuns.encoded afresh, as GeneralCategoryRunsTests.encoding() writes it
            """)
        if !differences.isEmpty { print(Self.encoding()) }
    }

    @Test("the literal is what encoding() writes for this toolchain")
    func literal() {
        #expect(GeneralCategoryRuns.encoded.map(\.description).joined() == Self.encoding())
    }

    /// The runs as this toolchain's standard library gives them, base64 of (LEB128 distance, bit)
    /// pairs: the text of ``GeneralCategoryRuns/encoded``.
    static func encoding() -> String {
        var bytes: [UInt8] = []
        var previousStart: UInt32 = 0
        var previousBit: UInt8 = 255
        for value in UInt32(0)...0x10FFFF {
            let bit = Unicode.Scalar(value).map { UInt8(GeneralCategories.bit($0.properties.generalCategory)) } ?? 27
            guard bit != previousBit else { continue }
            var delta = value - previousStart
            while delta >= 0x80 {
                bytes.append(UInt8(delta & 0x7F) | 0x80)
                delta >>= 7
            }
            bytes += [UInt8(delta), bit]
            previousStart = value
            previousBit = bit
        }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        for index in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[index...].prefix(3)
            let value = group.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                text.append(position <= group.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
        }
        return text
    }
}
