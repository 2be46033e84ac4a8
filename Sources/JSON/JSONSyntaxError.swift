/// Why a byte sequence is not a JSON document the engine accepts, and where.
package struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    package enum Reason: Sendable, Hashable {
        case unexpectedEndOfInput
        case unexpectedCharacter(Unicode.Scalar)
        case invalidUTF8
        case invalidEscape
        case invalidNumber
        case controlCharacterInString
        case trailingContent
        /// Nesting deeper than ``JSONParser/Limits/maximumDepth``.
        case nestingTooDeep(limit: Int)
        /// A document larger than ``JSONParser/Limits/maximumBytes``.
        case documentTooLarge(limit: Int)
    }

    package let reason: Reason
    /// Byte offset of the problem from the start of the document.
    package let offset: Int
    /// 1-based line of the problem.
    package let line: Int
    /// 1-based column (in bytes) of the problem.
    package let column: Int

    /// An error at `offset` (line and column given, as computed from the document).
    package init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    package var description: String {
        let what: String
        switch reason {
        case .unexpectedEndOfInput: what = "unexpected end of input (truncated JSON?)"
        case .unexpectedCharacter(let scalar):
            // Show printable ASCII only: the document may hold card data.
            what = scalar.isASCII && scalar.value >= 0x20 && scalar.value < 0x7F
                ? "unexpected character '\(Character(scalar))'" : "unexpected character U+\(String(scalar.value, radix: 16, uppercase: true))"
        case .invalidUTF8: what = "invalid UTF-8"
        case .invalidEscape: what = "invalid escape sequence in string"
        case .invalidNumber: what = "invalid number"
        case .controlCharacterInString: what = "unescaped control character in string"
        case .trailingContent: what = "unexpected content after the JSON value"
        case .nestingTooDeep(let limit): what = "nesting deeper than \(limit) levels"
        case .documentTooLarge(let limit): what = "document larger than \(limit) bytes"
        }
        return "malformed JSON at line \(line), column \(column): \(what)"
    }
}
