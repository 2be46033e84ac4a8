import Testing
@testable import PaymentFormLocalization

@Suite("PlaceholderTemplate")
struct PlaceholderTemplateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let template: String
        let values: [String: String]
        let expected: String
        var testDescription: String { template }
    }

    @Test("fills in one pass", arguments: [
        Case(template: "Between {minLength} and {maxLength}.", values: ["minLength": "2", "maxLength": "4"],
             expected: "Between 2 and 4."),
        // Values are inserted literally and never expanded again.
        Case(template: "A {x} B", values: ["x": "{maxLength}", "maxLength": "9"], expected: "A {maxLength} B"),
        Case(template: "A {x} B", values: ["x": "{x}"], expected: "A {x} B"),
        Case(template: "{a}{b}", values: ["a": "{", "b": "b}"], expected: "{b}"),
        Case(template: "{a}{b}", values: ["a": "}", "b": "{"], expected: "}{"),
        Case(template: "Save {p}", values: ["p": "100%d %@ %1$s"], expected: "Save 100%d %@ %1$s"),
        // Repeated placeholders are all filled.
        Case(template: "{n}, {n} and {n}", values: ["n": "7"], expected: "7, 7 and 7"),
        // Unknown placeholders stay as written.
        Case(template: "{known} {unknown}", values: ["known": "k"], expected: "k {unknown}"),
        // Not placeholders: lone braces, empty braces, spaces, non-ASCII names, `%`.
        Case(template: "{ x } {} { {x", values: ["x": "X"], expected: "{ x } {} { {x"),
        Case(template: "{{x}}", values: ["x": "X"], expected: "{X}"),
        Case(template: "}x{x}{", values: ["x": "X"], expected: "}xX{"),
        Case(template: "{nämé}", values: ["nämé": "X"], expected: "{nämé}"),
        Case(template: "50% of {x}%", values: ["x": "10"], expected: "50% of 10%"),
        // Non-ASCII text around placeholders survives byte-exactly.
        Case(template: "Prélèvement {id} – 👍🏽é", values: ["id": "Ünï"], expected: "Prélèvement Ünï – 👍🏽é"),
        Case(template: "", values: ["x": "X"], expected: ""),
        Case(template: "{x}", values: ["x": ""], expected: ""),
        Case(template: "no braces", values: [:], expected: "no braces"),
        Case(template: "{x}", values: [:], expected: "{x}"),
    ])
    func fill(_ testCase: Case) {
        #expect(PlaceholderTemplate.fill(testCase.template, with: testCase.values) == testCase.expected)
    }

    @Test("lists the placeholder names a text uses")
    func names() {
        #expect(PlaceholderTemplate.placeholderNames(in: "{a} {b_2} {a} { c } {} {") == ["a", "b_2"])
        #expect(PlaceholderTemplate.placeholderNames(in: "none") == [])
    }

    @Test("a filled value never changes what follows it (seeded property)")
    func propertyValuesAreLiteral() {
        var generator = SplitMix64(seed: 0x5EED_10CA)
        let alphabet = Array("ab{}%x_ 1é")
        for _ in 0..<500 {
            let value = String((0..<Int(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let prefix = String((0..<Int(generator.next() % 6)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            // `value` is inserted verbatim whatever it contains; the lone text around stays as is.
            let template = "<{v}>" + prefix.filter { $0 != "{" }
            let filled = PlaceholderTemplate.fill(template, with: ["v": value, "x": "X", "a": "A"])
            #expect(filled == "<" + value + ">" + prefix.filter { $0 != "{" })
        }
    }
}

/// A small deterministic generator, so property tests reproduce exactly.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
