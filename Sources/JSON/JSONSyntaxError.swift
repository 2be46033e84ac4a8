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
        /// A key repeated within one object, for a parser that refuses them
        /// (``JSONParser/rejectsDuplicateKeys``).
        case duplicateKey(String)
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
        case .duplicateKey(let key):
            // The key is shown when it reads as a name; a document's keys could hold anything.
            let shown = key.utf8.count <= 64 && !key.isEmpty && key.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "\"" }
            what = "the key \(shown ? "\"\(key)\"" : "at this place") appears more than once in its object (which one counts would be a guess)"
        }
        // A repeated key is well-formed JSON, but its meaning depends on the reader.
        let kind = if case .duplicateKey = reason { "ambiguous JSON" } else { "malformed JSON" }
        return "\(kind) at line \(line), column \(column): \(what)"
    }
}
