import Testing
import PaymentFormJSON

/// The writer's exact text, compact and pretty-printed: member order kept, numbers as read,
/// strings through the package's one escaper (with U+2028/U+2029 escaped), and bytes equal to the
/// string form.
struct JSONWriterTests {
    static let cases: [(value: JSONValue, compact: String, pretty: String)] = [
        (nil, "null", "null"),
        (true, "true", "true"),
        (.number("-0.50e+3"), "-0.50e+3", "-0.50e+3"),
        ("a\"\u{2028}é", #""a\"\u2028é""#, #""a\"\u2028é""#),
        ([], "[]", "[]"),
        (.object(JSONObject()), "{}", "{}"),
        (["z": 1, "a": [false, nil], "m": .object(JSONObject())],
         #"{"z":1,"a":[false,null],"m":{}}"#,
         "{\n  \"z\": 1,\n  \"a\": [\n    false,\n    null\n  ],\n  \"m\": {}\n}"),
        ([["k\n": "v"]], #"[{"k\n":"v"}]"#, "[\n  {\n    \"k\\n\": \"v\"\n  }\n]"),
    ]

    @Test(arguments: cases.indices)
    func exactText(index: Int) {
        let (value, compact, pretty) = Self.cases[index]
        #expect(JSONWriter().string(from: value) == compact, "case \(index), compact")
        #expect(JSONWriter().bytes(from: value) == Array(compact.utf8), "case \(index), compact bytes")
        #expect(JSONWriter(prettyPrinted: true).string(from: value) == pretty, "case \(index), pretty")
    }
}
