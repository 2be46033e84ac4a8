import Foundation
import Testing
@testable import PaymentFormValidation

/// The backtracking matcher's property lists and sets against the standard library (every
/// scalar) and ICU (every scalar ICU's Unicode knows).
struct UnicodeBinaryPropertiesTests {
    /// The scalars `includes` takes, as the ranges `[first, last, …]` the lists are written in.
    static func ranges(_ includes: (Unicode.Scalar) -> Bool) -> [UInt32] {
        var result: [UInt32] = []
        var start: UInt32?
        for value in UInt32(0)...0x110000 {
            if value <= 0x10FFFF, let scalar = Unicode.Scalar(value), includes(scalar) {
                if start == nil { start = value }
            } else if let first = start {
                result += [first, value - 1]
                start = nil
            }
        }
        return result
    }

    static func hex(_ ranges: [UInt32]) -> String {
        ranges.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ")
    }

    static func isCategory(_ scalar: Unicode.Scalar, _ names: String...) -> Bool {
        names.contains { GeneralCategories.named($0)?.intersects(GeneralCategories.of(scalar)) == true }
    }

    @Test("White_Space is the standard library's")
    func whiteSpace() {
        let expected = Self.ranges { $0.properties.isWhitespace }
        #expect(UnicodeBinaryProperties.whiteSpace == expected, "write: \(Self.hex(expected))")
    }

    @Test("Other_Alphabetic outside the letters, letter numbers and marks is the standard library's")
    func otherAlphabetic() {
        let expected = Self.ranges { $0.properties.isAlphabetic && !Self.isCategory($0, "L", "Nl", "M") }
        #expect(UnicodeBinaryProperties.otherAlphabeticOutsideMarks == expected, "write: \(Self.hex(expected))")
        // And the letters and letter numbers are all Alphabetic, so `\w` may take them by category.
        #expect(Self.ranges { !$0.properties.isAlphabetic && Self.isCategory($0, "L", "Nl") }.isEmpty)
    }

    @Test("Grapheme_Extend outside Mn and Me is the standard library's")
    func graphemeExtend() {
        let expected = Self.ranges { $0.properties.isGraphemeExtend && !Self.isCategory($0, "Mn", "Me") }
        #expect(UnicodeBinaryProperties.graphemeExtendOutsideMarks == expected, "write: \(Self.hex(expected))")
        #expect(Self.ranges { !$0.properties.isGraphemeExtend && Self.isCategory($0, "Mn", "Me") }.isEmpty)
    }

    /// `\w` is `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200c\u200d]` for every scalar.
    @Test("\\w is ICU's definition, scalar by scalar")
    func wordSet() {
        var differences: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.isAlphabetic || Self.isCategory(scalar, "M", "Nd", "Pc") || value == 0x200C || value == 0x200D
            if BacktrackingSet.word.contains(value) != expected { differences.append(value) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    /// ICU itself, on every scalar its Unicode (15.1 in the toolchain's ICU) has: `\w`, `\s`, `\d`
    /// as the backtracking matcher reads them. Scalars newer than ICU's Unicode are left out.
    @Test("\\w, \\s and \\d take what ICU's take", arguments: ["\\w", "\\s", "\\d"])
    func againstICU(escape: String) throws {
        var text = ""
        var scalars: [Unicode.Scalar] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, (age.major, age.minor) <= (15, 1) else { continue }
            scalars.append(scalar)
            text.unicodeScalars.append(scalar)
        }
        let expression = try NSRegularExpression(pattern: escape)
        var taken = Set<UInt32>()
        let utf16 = Array(text.utf16)
        for match in expression.matches(in: text, range: NSRange(location: 0, length: utf16.count)) {
            let unit = utf16[match.range.location]
            if match.range.length == 2 {
                taken.insert(0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(utf16[match.range.location + 1] & 0x3FF)))
            } else {
                taken.insert(UInt32(unit))
            }
        }
        let set: BacktrackingSet
        switch escape {
        case "\\w": set = .word
        case "\\s": set = .space
        default: set = .digit
        }
        let differences = scalars.map(\.value).filter { set.contains($0) != taken.contains($0) }
        #expect(differences.isEmpty, "\(escape): \(differences.prefix(10).map { String($0, radix: 16) })")
    }
}
