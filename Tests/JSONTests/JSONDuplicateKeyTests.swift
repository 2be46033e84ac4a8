import Testing
import PaymentFormJSON

/// A parser that refuses repeated keys: the mode for inputs whose meaning must not depend on which
/// occurrence a reader picks (decrypted payloads, sealed messages, events).
@Suite("JSON parser refusing repeated keys")
struct JSONDuplicateKeyTests {
    @Test("a key repeated in any object is an error at the repetition, in small and large objects", arguments: [
        (#"{"a": 1, "a": 2}"#, "a", 1, 10),
        (#"{"x": {"k": [1, {"v": 1, "w": 2, "v": 3}]}}"#, "v", 1, 34),
        ("{\n  \"paymentValues\": [],\n  \"paymentValues\": []\n}", "paymentValues", 3, 3),
        // 40 members: past the size where the reader switches from comparing keys to a set.
        ("{" + (0..<40).map { #""k\#($0)": \#($0)"# }.joined(separator: ", ") + #", "k7": 0}"#, "k7", 1, 422),
    ])
    func refused(document: String, key: String, line: Int, column: Int) {
        do {
            _ = try JSONParser(rejectsDuplicateKeys: true).parse(Array(document.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.reason == .duplicateKey(key))
            #expect(error.line == line)
            #expect(error.column == column)
        }
        // By default the document parses, the last occurrence wins, and the repetition is noted.
        #expect((try? JSONParser().parseDocument(Array(document.utf8)))?.hasDuplicateKeys == true)
    }

    @Test("the message says what is ambiguous; keys that do not read as names are not quoted")
    func messages() throws {
        do {
            _ = try JSONParser(rejectsDuplicateKeys: true).parse(Array(#"{"seal": "a", "seal": "b"}"#.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description == #"ambiguous JSON at line 1, column 15: the key "seal" appears more than once in its object (which one counts would be a guess)"#)
        }
        do {
            _ = try JSONParser(rejectsDuplicateKeys: true).parse(Array("{\"\\u001b[2J\": 1, \"\\u001b[2J\": 2}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasSuffix("the key at this place appears more than once in its object (which one counts would be a guess)"))
        }
    }

    @Test("the same key in different objects, and documents without repetitions, are fine")
    func accepted() throws {
        let value = try JSONParser(rejectsDuplicateKeys: true).parse(Array(#"[{"key": "a", "value": "1"}, {"key": "a", "value": "2"}]"#.utf8))
        let entries = try #require(value.arrayValue, "not an array")
        #expect(entries.map { $0["key"] } == [.string("a"), .string("a")])
    }
}
