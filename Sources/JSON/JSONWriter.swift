/// Serializes ``JSONValue``s as JSON text, keeping object member order.
///
/// Strings are escaped by ``JSONStringEscaping`` (quotes, backslashes, control characters, and
/// U+2028/U+2029 so the text can stand in any JavaScript source); everything else is written as
/// UTF-8. Used for the CLI's output, the WebAssembly engine's answers and for re-encoding
/// definitions. It writes bytes: appending to a `String` piece by piece was half of a
/// WebAssembly form's opening.
package struct JSONWriter: Sendable {
    /// Whether to break lines and indent (two spaces) for people to read.
    package var prettyPrinted: Bool

    /// A writer; compact by default.
    package init(prettyPrinted: Bool = false) {
        self.prettyPrinted = prettyPrinted
    }

    /// The JSON text of `value`.
    package func string(from value: JSONValue) -> String {
        String(decoding: bytes(from: value), as: UTF8.self)
    }

    /// The JSON text of `value`, as UTF-8.
    package func bytes(from value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output, indent: 0)
        return output
    }

    private func write(_ value: JSONValue, into output: inout [UInt8], indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            if elements.isEmpty { output.append(contentsOf: "[]".utf8); return }
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                write(element, into: &output, indent: indent + 1)
            }
            newline(into: &output, indent: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.members.isEmpty { output.append(contentsOf: "{}".utf8); return }
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if prettyPrinted { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, indent: indent + 1)
            }
            newline(into: &output, indent: indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(into output: inout [UInt8], indent: Int) {
        guard prettyPrinted else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }

    /// Appends `text` as a JSON string literal, as the writer writes strings.
    package static func writeString(_ text: String, into output: inout [UInt8]) {
        JSONStringEscaping.append(text, to: &output, escapingLineSeparators: true)
    }
}
