/// The one rule for text that goes to a log line: the sandbox's request log and the
/// `ClientSessionConfiguration.observer`'s exchanges go through it, so card numbers are hidden
/// the same way in both.
package enum LogRedaction {
    /// `text` safe for one log line: digits that could be a card number replaced by `[digits]`
    /// (any run of 12 or more digits, separated by up to four characters of any kind, percent
    /// escapes and any script's digits read as a browser would: ``CardNumberRuns``), then
    /// printable ASCII only, at most 200 characters.
    package static func loggable(_ text: String) -> String {
        loggable(text, allowingSpaces: false, limit: 200)
    }

    /// A sentence (spaces kept) safe for a log line, by the same rule: an explanation a log line
    /// ends with, at most `limit` characters.
    package static func loggableSentence(_ text: String, limit: Int = 800) -> String {
        loggable(text, allowingSpaces: true, limit: limit)
    }

    private static func loggable(_ text: String, allowingSpaces: Bool, limit: Int) -> String {
        // The whole text is scanned (a request head is bounded): a cut first could leave part
        // of a number too short to be masked.
        let masked = CardNumberRuns(text, separators: .anyNonDigit).masked(minimumDigits: 12, with: "[digits]")
        let lowest: UInt32 = allowingSpaces ? 0x20 : 0x21
        let line = String(String.UnicodeScalarView(masked.unicodeScalars.map { $0.value >= lowest && $0.value < 0x7F ? $0 : "?" }))
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}
