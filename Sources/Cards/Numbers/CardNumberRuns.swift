import PaymentFormValidation
/// Where a text may hold a card number, however it is written: the one rule behind the sandbox's
/// log masker, the session observer's redaction and the Sips `MD` check.
///
/// The text is read as a browser or a log reader would see it: percent escapes are decoded
/// (`%34` is `4`, `%20` a space, `%EF%BC%94` a full-width `4`), `+` is a separator, and every
/// Unicode decimal digit counts as its ASCII digit (full-width `４`, Arabic-Indic `٤`). A run is
/// digits with at most ``maximumGap`` separator characters between two of them:
/// `4532----0151----1283----0366`, `4532 . 0151`, and with ``Separators/anyNonDigit`` also
/// `4532a0151a1283a0366`.
///
/// What no scan of text can see: a number in another encoding (base64, hex, encrypted), split
/// by longer gaps, or spelled out in words.
package struct CardNumberRuns {
    /// Which characters may stand between the digits of one run.
    package enum Separators: Sendable {
        /// Any character but a digit (letters too): for masking logs, where hiding too much is
        /// harmless.
        case anyNonDigit
        /// Anything but a digit or a letter (spaces, `-`, `.`, `+`, `/`, ...): for refusing a
        /// value, where letters between digits are more likely an identifier than a card number.
        case punctuation
    }

    /// One run: where it lies in the text's Unicode scalars and the ASCII digits it holds.
    package struct Run: Sendable, Hashable {
        /// The scalars of the original text the run spans (escapes included).
        package var scalars: Range<Int>
        /// Its digits, as ASCII bytes.
        package var digits: [UInt8]

        /// The digits without leading zeros (`0004111…` is `4111…` to a card reader).
        package var significantDigits: ArraySlice<UInt8> {
            digits.drop { $0 == UInt8(ascii: "0") }
        }
    }

    /// The most separator characters between two digits of one run.
    package static let maximumGap = 4

    /// The text's Unicode scalars, as read.
    package let scalars: [Unicode.Scalar]
    /// The runs, in order.
    package let runs: [Run]

    /// The runs of `text` whose digits are separated as `separators` allows.
    package init(_ text: String, separators: Separators) {
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var runs: [Run] = []
        var current: Run?
        var gap = 0
        var index = 0
        while index < scalars.count {
            let (scalar, length) = Self.decoded(scalars, at: index)
            defer { index += length }
            if let digit = Self.asciiDigit(scalar) {
                var run = current ?? Run(scalars: index..<index, digits: [])
                run.digits.append(digit)
                run.scalars = run.scalars.lowerBound..<(index + length)
                current = run
                gap = 0
                continue
            }
            guard current != nil else { continue }
            gap += 1
            let separates = switch separators {
            case .anyNonDigit: true
            case .punctuation: !scalar.properties.isAlphabetic
            }
            if !separates || gap > Self.maximumGap, let run = current {
                runs.append(run)
                current = nil
            }
        }
        if let current { runs.append(current) }
        self.runs = runs
    }

    /// Whether the text holds a card number in clear: a run whose digits, leading zeros aside,
    /// number 13 to 19 and pass the Luhn check (a 25-digit order number is not one).
    package var holdsCardNumber: Bool {
        runs.contains { run in
            let digits = run.significantDigits
            return (13...19).contains(digits.count) && LuhnRule.isValid(String(decoding: digits, as: UTF8.self))
        }
    }

    /// The text with every run of at least `minimumDigits` digits replaced by `replacement`.
    package func masked(minimumDigits: Int, with replacement: String) -> String {
        var output = String.UnicodeScalarView()
        var next = 0
        for run in runs where run.digits.count >= minimumDigits {
            output.append(contentsOf: scalars[next..<run.scalars.lowerBound])
            output.append(contentsOf: replacement.unicodeScalars)
            next = run.scalars.upperBound
        }
        output.append(contentsOf: scalars[next...])
        return String(output)
    }

    /// The scalar at `index` as read (a percent escape, or a run of them that is one UTF-8
    /// character, decoded) and how many scalars of the text it takes.
    private static func decoded(_ scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int) {
        guard let first = escapedByte(scalars, at: index) else { return (scalars[index], 1) }
        let count = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        var bytes = [first]
        while bytes.count < count, let byte = escapedByte(scalars, at: index + 3 * bytes.count) { bytes.append(byte) }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if bytes.count == count, case .scalarValue(let scalar) = decoder.decode(&iterator) { return (scalar, 3 * count) }
        return ("%", 3)
    }

    /// The byte of a percent escape `%XX` at `index`, if one is there.
    private static func escapedByte(_ scalars: [Unicode.Scalar], at index: Int) -> UInt8? {
        guard index + 2 < scalars.count, scalars[index] == "%",
              let high = hexValue(scalars[index + 1]), let low = hexValue(scalars[index + 2]) else { return nil }
        return high << 4 | low
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 0x30)
        case "a"..."f": UInt8(scalar.value - 0x61 + 10)
        case "A"..."F": UInt8(scalar.value - 0x41 + 10)
        default: nil
        }
    }

    /// The ASCII digit a decimal digit of any script stands for; `nil` for anything else.
    private static func asciiDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.isASCII { return ("0"..."9").contains(scalar) ? UInt8(scalar.value) : nil }
        guard scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue, (0...9).contains(value) else {
            return nil
        }
        return UInt8(ascii: "0") + UInt8(value)
    }
}
