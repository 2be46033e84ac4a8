/// Serializes ``JSONValue``s as JSON text, keeping object member order.
///
/// Strings are escaped per RFC 8259 (quotes, backslashes and control characters); everything
/// else is written as UTF-8. Used for the CLI's output and for re-encoding definitions.
package struct JSONWriter: Sendable {
    /// Whether to break lines and indent (two spaces) for people to read.
    package var prettyPrinted: Bool

    /// A writer; compact by default.
    package init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// The JSON text of `value`.
    package func string(from value: JSONValue) -> String {
        var output = ""
        write(value, into: &output, indent: 0)
        return output
    }

    private func write(_ value: JSONValue, into output: inout String, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(into: &output, indent: indent + 1)
                write(element, into: &output, indent: indent + 1)
            }
            newline(into: &output, indent: indent)
            output += "]"
        case .object(let object):
            if object.members.isEmpty { output += "{}"; return }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                newline(into: &output, indent: indent + 1)
                Self.writeString(member.key, into: &output)
                output += prettyPrinted ? ": " : ":"
                write(member.value, into: &output, indent: indent + 1)
            }
            newline(into: &output, indent: indent)
            output += "}"
        }
    }

    private func newline(into output: inout String, indent: Int) {
        guard prettyPrinted else { return }
        output += "\n"
        output += String(repeating: "  ", count: indent)
    }

    package static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
