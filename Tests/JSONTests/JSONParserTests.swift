import Foundation
import Testing
import PaymentFormJSON

@Suite("JSON parser")
struct JSONParserTests {
    @Test("keeps object member order and exact numbers")
    func orderAndNumbers() throws {
        let value = try JSONParser().parse(Array(#"{"z": 1, "a": 9223372036854775808, "m": -0.5e3}"#.utf8))
        let object = try #require(value.objectValue, "not an object")
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["a"] == .number("9223372036854775808"))
        #expect(object["m"]?.kind == .number)
        #expect(object["z"]?.kind == .integer)
    }

    @Test("decodes escapes, surrogate pairs and UTF-8")
    func strings() throws {
        let value = try JSONParser().parse(Array(#"["a\"b\\c\/\n\u00e9\ud83d\ude00", "日本"]"#.utf8))
        #expect(value == .array([.string("a\"b\\c/\né😀"), .string("日本")]))
    }

    @Test("writer and parser round-trip awkward strings")
    func writerRoundTrip() throws {
        let original: JSONValue = ["k\"ey": "line\nbreak \\ \u{01} \u{2028} 😀", "n": nil, "list": [true, false, 12]]
        let text = JSONWriter().string(from: original)
        #expect(try JSONParser().parse(Array(text.utf8)) == original)
        let pretty = JSONWriter(prettyPrinted: true).string(from: original)
        #expect(try JSONParser().parse(Array(pretty.utf8)) == original)
    }

    @Test("rejects malformed documents with a position", arguments: [
        (#"{"a": 1"#, "unexpected end of input"),
        (#"{"a" 1}"#, "unexpected character '1'"),
        (#"[1, 2,]"#, "unexpected character ']'"),
        (#"{"a": 01}"#, "unexpected character '1'"),
        (#"{"a": tru}"#, "unexpected character '}'"),
        (#"{"a": "\x"}"#, "invalid escape"),
        (#"{"a": "\ud800"}"#, "invalid escape"),
        ("{\"a\": \"tab\there\"}", "unescaped control character"),
        (#"{} {}"#, "unexpected content after"),
        ("", "unexpected end of input"),
        (#"-"#, "invalid number"),
        (#"1."#, "invalid number"),
    ])
    func malformed(input: String, message: String) {
        #expect {
            _ = try JSONParser().parse(Array(input.utf8))
        } throws: { error in
            String(describing: error).contains(message)
        }
    }

    @Test("rejects invalid UTF-8")
    func invalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser().parse([0x22, 0xE0, 0x80, 0xAF, 0x22]) }  // overlong
    }

    @Test("bounds nesting depth and document size")
    func limits() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect {
            _ = try JSONParser().parse(Array(deep.utf8))
        } throws: { error in
            (error as? JSONSyntaxError)?.reason == .nestingTooDeep(limit: 256)
        }
        let small = JSONParser(limits: .init(maximumDepth: 8, maximumBytes: 10))
        #expect(throws: JSONSyntaxError.self) { try small.parse(Array(#"["0123456789"]"#.utf8)) }
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        _ = try JSONParser().parse(Array(ok.utf8))
    }

    /// The reader keeps open arrays and objects on a stack of its own: a document at the depth limit
    /// reads on a thread with a 128 KiB stack, in a debug build too (a recursive reader took about
    /// 4 KB of stack per level there, and a 1 KB body 255 deep crashed a 1 MiB connection thread).
    @Test("a document at the depth limit reads on a 128 KiB stack")
    func noStackPerLevel() async throws {
        var text = ""
        for level in 0..<256 { text += level % 2 == 0 ? #"{"k":"# : "[" }
        text += "1"
        for level in (0..<256).reversed() { text += level % 2 == 0 ? "}" : "]" }
        let bytes = Array(text.utf8)
        let depth: Int = await withCheckedContinuation { continuation in
            let thread = Thread {
                var measured = 0
                if var value = try? JSONParser().parse(bytes) {
                    while true {
                        if case .object(let object) = value, let inner = object["k"] { value = inner } else if case .array(let items) = value, let inner = items.first { value = inner } else { break }
                        measured += 1
                    }
                }
                continuation.resume(returning: measured)
            }
            thread.stackSize = 128 << 10
            thread.start()
        }
        #expect(depth == 256)
    }

    @Test("reports line and column")
    func position() {
        #expect {
            _ = try JSONParser().parse(Array("{\n  \"a\": ?\n}".utf8))
        } throws: { error in
            guard let error = error as? JSONSyntaxError else { return false }
            return error.line == 2 && error.column == 8
        }
    }
}
