import Testing
import PaymentFormValidation
import PaymentFormTestSupport

/// Seeded random inputs for every validator: nothing traps, `inputState` agrees with `validate`,
/// and no prefix of a valid value is ever called `invalid` (that would show a red error while
/// the user is typing a correct value).
@Suite("Validator properties")
struct ValidatorPropertyTests {
    static let patterns = [
        "(?:0[1-9]|1[0-2])[0-9]{2}", "(?i)[a-z]+", "\\p{L}[\\p{L} '-]*", "[0-9]*", "", "a|ab", "\\d{3,5}",
    ]

    static var validators: [Validator] {
        var validators: [Validator] = [
            .length(minLength: 2, maxLength: 8), .length(minLength: 0, maxLength: nil),
            .range(minValue: -50, maxValue: 1_000), .range(minValue: Int.min, maxValue: Int.max),
            .range(minValue: nil, maxValue: 0), .range(minValue: 500, maxValue: nil),
            .luhn, .expirationDate, .emailAddress, .fixedList(allowedValues: ["visa", "", "é"]),
            .iban, .termsAndConditions, .residentIdNumber,
            .boletoBancarioRequiredness(fiscalNumberLength: 11), .unknown(name: "x"),
        ]
        for pattern in patterns {
            if let expression = try? RegularExpression(pattern) { validators.append(.regularExpression(expression)) }
        }
        return validators
    }

    /// Building blocks: ASCII, digits of several scripts, emoji (also ZWJ and flags), combining
    /// marks, NUL, whitespace and the separators validators care about.
    static let pieces: [String] = [
        "0", "1", "4", "9", "5", "a", "z", "A", "X", "x", "G", "B", " ", "  ", "\t", "\n", "\r\n", "\u{0}",
        "@", ".", "-", "+", "/", "e", "true", "١", "٤", "４", "９", "०", "😀", "👨‍👩‍👧‍👦", "🇫🇷", "\u{301}",
        "\u{308}", "é", "ß", "ﬀ", "\u{00A0}", "\u{200B}", "\u{FFFD}", "\u{10FFFF}", "Ω", "中", "\\", "(",
    ]

    static func randomString(using generator: inout SeededGenerator) -> String {
        let length = Int.random(in: 0...24, using: &generator)
        var text = ""
        for _ in 0..<length {
            if let piece = pieces.randomElement(using: &generator) { text += piece }
        }
        return text
    }

    @Test func randomStringsNeverTrapAndStatesAgree() {
        var generator = SeededGenerator(seed: 0x5EED_CAFE)
        let validators = Self.validators
        let contexts = [context("2026-12"), context("2099-12"), context("0001-01"), context("9999-12")]
        var checked = 0
        for round in 0..<3_000 {
            let value = Self.randomString(using: &generator)
            let context = contexts[round % contexts.count]
            for validator in validators {
                let error = validator.validate(value, in: context)
                let state = validator.inputState(of: value, in: context)
                #expect((error == nil) == (state == .valid), "\(validator.name) disagrees on a random value (round \(round))")
                if let error { #expect(error.id == validator.name) }
                checked += 1
            }
        }
        #expect(checked == 3_000 * validators.count)
    }

    @Test func hugeInputsNeverTrap() {
        let huge = [
            String(repeating: "9", count: 200_000),
            String(repeating: "4111 ", count: 40_000),
            String(repeating: "😀", count: 50_000),
            String(repeating: "a\u{301}", count: 50_000),
            String(repeating: "\u{0}", count: 100_000),
            "-" + String(repeating: "9", count: 100_000),
            String(repeating: "a.", count: 50_000) + "@b.cd",
        ]
        for value in huge {
            for validator in Self.validators {
                let error = validator.validate(value, in: anyContext)
                let state = validator.inputState(of: value, in: anyContext)
                #expect((error == nil) == (state == .valid))
            }
        }
    }

    /// Valid values built at random, whose every prefix must be `valid` or `incomplete`.
    static func validSamples(using generator: inout SeededGenerator) -> [(Validator, String)] {
        var samples: [(Validator, String)] = []
        // Luhn: random digits plus the check digit that completes them.
        for _ in 0..<200 {
            let digits = (0..<Int.random(in: 1...19, using: &generator)).map { _ in Int.random(in: 0...9, using: &generator) }
            var sum = 0
            for (offset, digit) in digits.reversed().enumerated() {
                let doubled = offset % 2 == 0 ? digit * 2 : digit
                sum += doubled > 9 ? doubled - 9 : doubled
            }
            let check = (10 - sum % 10) % 10
            samples.append((.luhn, digits.map(String.init).joined() + String(check)))
        }
        // Expiry: every month of the window, both forms.
        for year in 2026...2051 {
            for month in 1...12 where (year, month) >= (2026, 12) {
                let mm = month < 10 ? "0\(month)" : "\(month)"
                samples.append((.expirationDate, mm + String(year % 100)))
                samples.append((.expirationDate, mm + String(year)))
            }
        }
        // Range: random values inside the bounds.
        for _ in 0..<200 {
            let value = Int.random(in: -50...1_000, using: &generator)
            samples.append((.range(minValue: -50, maxValue: 1_000), String(value)))
            samples.append((.range(minValue: Int.min, maxValue: Int.max), String(Int.random(in: Int.min...Int.max, using: &generator))))
        }
        for iban in ["NO9386011117947", "GB82 WEST 1234 5698 7654 32", "QA50ABCDEFGHIJ1234567890KLMNOPQRST", "fr1420041010050500013m02606"] {
            samples.append((.iban, iban))
        }
        for email in ["a@b.cd", "john.doe@mail.example.com", "\"Fred Bloggs\"@example.com"] {
            samples.append((.emailAddress, email))
        }
        for id in ["11010519491231002X", "11010519491231002x", "123456789012345", "440524188001010014"] {
            samples.append((.residentIdNumber, id))
        }
        samples.append((.termsAndConditions, "true"))
        samples.append((.fixedList(allowedValues: ["visa", "mastercard"]), "mastercard"))
        samples.append((.length(minLength: 3, maxLength: 5), "a😀e\u{301}"))
        for (pattern, value) in [("(?:0[1-9]|1[0-2])[0-9]{2}", "1230"), ("(?i)[a-z]+", "HeLLo"), ("\\d{3,5}", "12345"), ("a|ab", "ab")] {
            if let expression = try? RegularExpression(pattern) { samples.append((.regularExpression(expression), value)) }
        }
        return samples
    }

    @Test func noPrefixOfAValidValueIsInvalid() {
        var generator = SeededGenerator(seed: 42)
        let now = context("2026-12")
        for (validator, value) in Self.validSamples(using: &generator) {
            #expect(validator.validate(value, in: now) == nil, "sample for \(validator.name) should be valid")
            var prefix = ""
            for character in value {
                #expect(validator.inputState(of: prefix, in: now) != .invalid, "a prefix of a valid \(validator.name) value")
                prefix.append(character)
            }
        }
    }
}
