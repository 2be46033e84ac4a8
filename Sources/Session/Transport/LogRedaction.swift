/// The one rule for text that goes to a log line: the sandbox's request log and the
/// `ClientSessionConfiguration.observer`'s exchanges go through it, so card numbers are hidden
/// the same way in both.
package enum LogRedaction {
    /// `text` safe for one log line: printable ASCII only, at most 200 characters, and digits
    /// that could be a card number replaced by `[digits]`: 12 or more digits in a row, also when
    /// grouped by up to three separators between the groups (`4111-1111-1111-1111`,
    /// `4111%201111%201111%201111`, `4111 - 1111 ...`), a percent escape counting as one.
    package static func loggable(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars.prefix(400))
        var output = String.UnicodeScalarView()
        func printable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            scalar.value >= 0x21 && scalar.value < 0x7F ? scalar : "?"
        }
        var index = 0
        while index < scalars.count {
            guard isDigit(scalars[index]) else {
                output.append(printable(scalars[index]))
                index += 1
                continue
            }
            // The run of digit groups starting here, and where its last digit ends.
            var digits = 0
            var end = index
            var cursor = index
            while cursor < scalars.count {
                if isDigit(scalars[cursor]) {
                    digits += 1
                    cursor += 1
                    end = cursor
                    continue
                }
                var gap = cursor
                var separators = 0
                while gap < scalars.count, separators < 3, let length = separatorLength(scalars, at: gap) {
                    gap += length
                    separators += 1
                }
                guard gap > cursor, gap < scalars.count, isDigit(scalars[gap]) else { break }
                cursor = gap
            }
            if digits >= 12 {
                output.append(contentsOf: "[digits]".unicodeScalars)
            } else {
                for scalar in scalars[index..<end] { output.append(printable(scalar)) }
            }
            index = end
        }
        let line = String(output)
        return line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The length of the separator at `index` between digit groups: 3 for a percent escape
    /// (`%20`), 1 for any other character but a letter or digit; `nil` for a letter or digit.
    private static func separatorLength(_ scalars: [Unicode.Scalar], at index: Int) -> Int? {
        let scalar = scalars[index]
        if scalar == "%", index + 2 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit, scalars[index + 2].properties.isASCIIHexDigit {
            return 3
        }
        if isDigit(scalar) || (scalar.isASCII && scalar.properties.isAlphabetic) { return nil }
        return 1
    }
}
