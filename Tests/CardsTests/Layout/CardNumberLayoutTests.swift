import Testing
@testable import PaymentFormCards

@Suite("Card-number layout: grouping, maximum length, completeness")
struct CardNumberLayoutTests {
    func layout(_ number: String, productMinimumLength: Int = 0, productMaximumLength: Int? = nil) throws -> CardNumberLayout {
        CardNumberLayout(detection: try BrandDetector.shipped.detect(number),
                         productMinimumLength: productMinimumLength, productMaximumLength: productMaximumLength)
    }

    @Test("grouping follows the resolved brand", arguments: [
        ("378282246310005", "3782 822463 10005", "{{9999}} {{999999}} {{99999}}"),
        ("4111111111111111", "4111 1111 1111 1111", "{{9999}} {{9999}} {{9999}} {{9999999}}"),
        ("4111111111111111111", "4111 1111 1111 1111111", "{{9999}} {{9999}} {{9999}} {{9999999}}"),
        ("36227206271667", "3622 720627 1667", "{{9999}} {{999999}} {{999999999}}"),
        ("5555555555554444", "5555 5555 5555 4444", "{{9999}} {{9999}} {{9999}} {{9999}}"),
        ("135410014004955", "135410014004955", "{{999999999999999}}"),
        ("4571000000000001", "4571 0000 0000 0001", "{{9999}} {{9999}} {{9999}} {{9999}}"),
        ("0000000000000000000", "0000 0000 0000 0000 000", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"),
        ("3", "3", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"),
        ("3782", "3782", "{{9999}} {{999999}} {{99999}}"),
        ("37828", "3782 8", "{{9999}} {{999999}} {{99999}}"),
        ("", "", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"),
    ])
    func grouping(number: String, grouped: String, mask: String) throws {
        let layout = try layout(number)
        #expect(layout.grouped(number) == grouped)
        #expect(layout.mask.pattern == mask)
        #expect(layout.mask.capacity == layout.maximumLength)
        // The mask-based editor lays the digits out the same way.
        if !number.isEmpty {
            #expect(layout.mask.apply(.insert(number), to: "", selection: 0..<0).text == grouped)
        }
    }

    @Test("grouping drops anything but digits and cuts at the maximum")
    func regroup() throws {
        let amex = try layout("37")
        #expect(amex.grouped("3782 8224 6310 005") == "3782 822463 10005", "regrouped from 4-4-4-4")
        #expect(amex.grouped("3782-822463-10005-999") == "3782 822463 10005", "cut at 15")
        #expect(amex.grouped("37x82") == "3782")
    }

    @Test("the caret follows its digits", arguments: [
        ("3782822", 5, "3782 822", 6),      // after the 5th digit: the space before it counts
        ("3782822", 4, "3782 822", 5),      // after the 4th digit with a digit after it: past the space
        ("3782", 4, "3782", 4),             // at the end: no dangling space
        ("3782822", 0, "3782 822", 0),
        ("3782822", 99, "3782 822", 8),     // clamped
        ("3782 8224 6310 005", 10, "3782 822463 10005", 9), // 8 digits before the caret: 3782 8224|63
    ])
    func caret(text: String, cursor: Int, expected: String, expectedCursor: Int) throws {
        let result = try layout("37").grouped(text, cursor: cursor)
        #expect(result.text == expected)
        #expect(result.cursor == expectedCursor)
    }

    @Test("maximum length: the brand's longest, within the product's")
    func maximumLength() throws {
        #expect(try layout("37").maximumLength == 15)
        #expect(try layout("4").maximumLength == 19, "ambiguous: generic")
        #expect(try layout("41").maximumLength == 19, "ambiguous")
        #expect(try layout("411").maximumLength == 19, "Visa issues 19")
        #expect(try layout("411", productMaximumLength: 16).maximumLength == 16, "the product is tighter")
        #expect(try layout("37", productMaximumLength: 19).maximumLength == 15, "the brand is tighter")
        #expect(try layout("7").maximumLength == 19, "unknown: generic")
        #expect(CardNumberLayout.generic.maximumLength == 19)
        #expect(CardNumberLayout.generic.gaps == [4, 8, 12, 16])
    }

    @Test("complete: only at the brand's longest length, when no further digit can be accepted", arguments: [
        ("4111", 13, false), ("4111", 16, false), ("4111", 17, false), ("4111", 18, false), ("4111", 19, true), ("4111", 15, false),
        ("37", 15, true), ("37", 14, false),
        ("5555", 16, true), ("5555", 15, false),
        ("6759", 12, false), ("6759", 14, false), ("6759", 15, false), ("6759", 16, false), ("6759", 19, true),
        ("36", 14, false), ("36", 16, false), ("36", 19, true),
        ("7", 16, false), ("7", 19, true),
        ("4", 16, false), ("4", 19, true),
    ])
    func completeness(number: String, digits: Int, complete: Bool) throws {
        #expect(try layout(number).isComplete(digitCount: digits) == complete)
    }

    @Test("product limits narrow the allowed lengths")
    func productLimits() throws {
        let visa = try layout("4111", productMinimumLength: 13, productMaximumLength: 16)
        #expect(visa.allowedLengths == [16])
        #expect(visa.isComplete(digitCount: 16))
        let maestro = try layout("6759", productMinimumLength: 16)
        #expect(maestro.allowedLengths == [16, 17, 18, 19])
        #expect(!maestro.isComplete(digitCount: 15))
        #expect(!maestro.isComplete(digitCount: 16))
        // The product's maximum is the field's maximum: a Visa product of 13 to 16 digits is full at 16.
        #expect(try layout("4111", productMaximumLength: 16).isComplete(digitCount: 16))
        let tiny = try layout("4111", productMaximumLength: 0)
        #expect(tiny.maximumLength == 1)
    }

    @Test("explicit layouts drop gaps outside the number")
    func explicit() {
        let layout = CardNumberLayout(gaps: [0, 4, 4, 20], maximumLength: 8)
        #expect(layout.gaps == [4])
        #expect(layout.mask.pattern == "{{9999}} {{9999}}")
        #expect(layout.grouped("12345678") == "1234 5678")
    }
}
