import Foundation
import Testing
@testable import PaymentFormJSON

/// JSON string literals as the payload, the meta info, the JWE header and the JSON writer write
/// them: exact escapes for known cases, and every string read back by Foundation's parser unchanged.
struct JSONStringEscapingTests {
    static let cases: [(text: String, literal: String)] = [
        ("", #""""#),
        ("4111 1111 1111 1111", #""4111 1111 1111 1111""#),
        (#"say "hi""#, #""say \"hi\"""#),
        (#"\"#, #""\\""#),
        (#"a\b"#, #""a\\b""#),
        ("\"", #""\"""#),
        ("\u{0}", #""\u0000""#),
        ("\u{8}\u{C}\n\r\t", #""\b\f\n\r\t""#),
        ("\u{1}\u{1F}", #""\u0001\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("a/b", #""a/b""#),
        ("Müller €", "\"Müller €\""),
        ("👍🏽 e\u{301}", "\"👍🏽 e\u{301}\""),
        ("\"start and end\"", #""\"start and end\"""#),
        ("\n", #""\n""#),
    ]

    @Test(arguments: cases.indices)
    func knownEscapes(index: Int) {
        let (text, literal) = Self.cases[index]
        var output: [UInt8] = [0x5B]
        JSONStringEscaping.append(text, to: &output)
        #expect(output == [0x5B] + Array(literal.utf8), "case \(index)")
    }

    /// U+2028 and U+2029 are escaped only when asked (the writer asks), wherever they stand, and
    /// the bytes around them are kept.
    static let lineSeparatorCases: [(text: String, plain: String, escaped: String)] = [
        ("\u{2028}", "\"\u{2028}\"", #""\u2028""#),
        ("a\u{2029}b", "\"a\u{2029}b\"", #""a\u2029b""#),
        ("\u{2028}\u{2029}\n", "\"\u{2028}\u{2029}\\n\"", #""\u2028\u2029\n""#),
        ("\u{2027}\u{202A}€", "\"\u{2027}\u{202A}€\"", "\"\u{2027}\u{202A}€\""),
        ("x\u{2028}", "\"x\u{2028}\"", #""x\u2028""#),
    ]

    @Test(arguments: lineSeparatorCases.indices)
    func lineSeparators(index: Int) {
        let (text, plain, escaped) = Self.lineSeparatorCases[index]
        var output: [UInt8] = []
        JSONStringEscaping.append(text, to: &output)
        #expect(output == Array(plain.utf8), "case \(index), plain")
        output = []
        JSONStringEscaping.append(text, to: &output, escapingLineSeparators: true)
        #expect(output == Array(escaped.utf8), "case \(index), escaped")
    }

    /// Every string of up to three pieces from a set of plain, escaped and multi-byte pieces,
    /// through Foundation's JSON parser: the same string comes back.
    @Test func roundTripsThroughFoundation() throws {
        let pieces = ["", "a", "\"", "\\", "\u{0}", "\n", "\u{1F}", " ", "é", "€", "👍🏽", "abc def", "\u{7F}", "/", "\u{2028}"]
        var checked = 0
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    for escapingLineSeparators in [false, true] {
                        var output: [UInt8] = []
                        JSONStringEscaping.append(text, to: &output, escapingLineSeparators: escapingLineSeparators)
                        let parsed = try JSONSerialization.jsonObject(with: Data(output), options: .fragmentsAllowed)
                        #expect(parsed as? String == text)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == pieces.count * pieces.count * pieces.count)
    }
}
