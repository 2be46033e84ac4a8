import Foundation
import Testing
import PaymentFormJSON
import PaymentFormTestSupport

/// The byte-level parser against ``ReferenceJSONParser``, the original straightforward one: the
/// same documents must give the same value, or the same error at the same position.
@Suite("JSON parser against the reference parser")
struct JSONParserDifferentialTests {
    /// Pieces random documents are built from: every kind of value, escapes, multi-byte UTF-8,
    /// numbers at the edges, whitespace, long strings that the parser shares.
    static let strings = [
        "", "a", "id", "cardNumber", "usesRedirectionTo3rdParty", "{{9999}} {{9999}} {{9999}} {{9999}}",
        "é", "日本語のラベル", "😀", "tab\there", "quote\"inside", "back\\slash", "line\nbreak", "\u{01}",
        "templates/master/global/css/img/ppimages/pp_logo_1_v1.png", String(repeating: "x", count: 120),
    ]
    static let numbers = ["0", "-0", "1", "-12", "3.25", "1e9", "-2.5E-3", "9223372036854775808", "12345678901234567890"]

    static func randomValue(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 4 ? 4 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(numbers.randomElement(using: &random) ?? "0")
        case 3: return .string(strings.randomElement(using: &random) ?? "")
        case 4:
            return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            // Keys repeat on purpose (duplicate keys), and objects are sometimes wide.
            let count = Int.random(in: 0...(Int.random(in: 0..<8, using: &random) == 0 ? 40 : 6), using: &random)
            return .object(JSONObject((0..<count).map { _ in
                (key: strings.randomElement(using: &random) ?? "k", value: randomValue(&random, depth: depth + 1))
            }))
        }
    }

    /// A document and a few mutations of it: truncated, a byte replaced, a byte inserted.
    static func documents(_ random: inout SeededGenerator) -> [[UInt8]] {
        let value = randomValue(&random, depth: 0)
        let text = JSONWriter(prettyPrinted: Bool.random(using: &random)).string(from: value)
        let bytes = Array(text.utf8)
        var documents = [bytes, [0xEF, 0xBB, 0xBF] + bytes]
        let interesting: [UInt8] = [0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x20, 0x0A, 0x00, 0x1F, 0x2D,
                                    0x30, 0x65, 0x2E, 0x75, 0xC3, 0xA9, 0xE0, 0x80, 0xED, 0xA0, 0xF4, 0x90, 0xFF]
        for _ in 0..<6 where !bytes.isEmpty {
            var mutated = bytes
            let index = Int.random(in: 0..<mutated.count, using: &random)
            let byte = interesting.randomElement(using: &random) ?? 0
            switch Int.random(in: 0..<3, using: &random) {
            case 0: mutated = Array(mutated[..<index])
            case 1: mutated[index] = byte
            default: mutated.insert(byte, at: index)
            }
            documents.append(mutated)
        }
        return documents
    }

    @Test("same value or same error on 20,000 random and mutated documents")
    func agreesWithTheReference() {
        var random = SeededGenerator(seed: 0x4A53_4F4E)
        let limits = JSONParser.Limits(maximumDepth: 5, maximumBytes: 1 << 20)
        var compared = 0
        var failures = 0
        for _ in 0..<2_500 {
            for document in Self.documents(&random) {
                let expected = Result { () throws(JSONSyntaxError) in try ReferenceJSONParser(limits: limits).parse(document) }
                let actual = Result { () throws(JSONSyntaxError) in try JSONParser(limits: limits).parse(document) }
                compared += 1
                if expected != actual {
                    failures += 1
                    if failures <= 5 {
                        Issue.record("differs on \(String(decoding: document, as: UTF8.self).debugDescription): expected \(expected), got \(actual)")
                    }
                }
            }
        }
        #expect(compared >= 20_000)
        #expect(failures == 0)
    }

    @Test("reads any collection of bytes: arrays, Data, slices and non-contiguous sequences")
    func readsAnyCollection() throws {
        let text = #"{"a": [1, "é", {"b": null}], "c": "templates/master/global/css/img/ppimages/pp_logo_1_v1.png"}"#
        let expected = try ReferenceJSONParser().parse(Array(text.utf8))
        #expect(try JSONParser().parse(Array(text.utf8)) == expected)
        #expect(try JSONParser().parse(Data(text.utf8)) == expected)
        #expect(try JSONParser().parse(Array(("  " + text).utf8)[2...]) == expected)
        #expect(try JSONParser().parse(text.utf8) == expected)
        #expect(try JSONParser().parse(AnyCollection(Array(text.utf8))) == expected)
    }

    @Test("repeated long strings come back equal wherever they occur")
    func sharedStringsStayEqual() throws {
        let long = "templates/master/global/css/img/ppimages/pp_logo_1_v1.png"
        let items = (0..<300).map { #"{"logo": "\#(long)", "usesRedirectionTo3rdParty": \#($0 % 2 == 0)}"# }
        let value = try JSONParser().parse(Array(("[" + items.joined(separator: ",") + "]").utf8))
        let elements = try #require(value.arrayValue, "not an array")
        #expect(elements.count == 300)
        for (index, element) in elements.enumerated() {
            #expect(element["logo"] == .string(long))
            #expect(element["usesRedirectionTo3rdParty"] == .bool(index % 2 == 0))
        }
    }

    @Test("notices keys repeated within one object", arguments: [
        (#"{"a": 1, "b": 2}"#, false),
        (#"{"a": 1, "a": 2}"#, true),
        (#"{"a": {"x": 1}, "b": {"x": 2}}"#, false),
        (#"[{"a": 1}, {"a": 2}]"#, false),
        (#"{"a": [{"k": 1, "k": 2}]}"#, true),
        (#"{"cvv": {"maxLength": 4, "maxLength": 999}}"#, true),
        (#"{"\u00e9": 1, "é": 2}"#, true),
        ("{" + (0..<100).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + "}", false),
        ("{" + (0..<100).map { #""k\#($0)": \#($0)"# }.joined(separator: ",") + #", "k7": 0}"#, true),
    ])
    func duplicateKeys(document: String, hasDuplicates: Bool) throws {
        let parsed = try JSONParser().parseDocument(Array(document.utf8))
        #expect(parsed.hasDuplicateKeys == hasDuplicates)
        // The last occurrence wins on lookup.
        if case .object(let object) = parsed.root, let last = object.members.last {
            #expect(object[last.key] == last.value)
        }
    }
}
