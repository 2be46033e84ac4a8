/// Fills `{name}` placeholders in a translated text, in one pass.
///
/// A placeholder is `{`, a name of ASCII letters, digits or `_`, then `}`. Anything else,
/// such as a lone brace, `{}`, `{ name }` or `%d`, is ordinary text. Inserted values are never
/// scanned again, so a value holding `{maxLength}`, braces or `%` appears exactly as given.
/// A placeholder without a value stays as written, so a missing parameter is visible, not silent.
enum PlaceholderTemplate {
    /// `template` with each known placeholder replaced by its value.
    static func fill(_ template: String, with values: [String: String]) -> String {
        // Fast path: nothing to fill, nothing to allocate.
        guard !values.isEmpty, template.utf8.contains(openBrace) else { return template }
        let bytes = template.utf8
        var result = ""
        result.reserveCapacity(bytes.count)
        var copiedUpTo = bytes.startIndex
        var cursor = bytes.startIndex
        while let placeholder = nextPlaceholder(in: template, from: cursor) {
            if let value = values[placeholder.name] {
                result += Substring(bytes[copiedUpTo..<placeholder.range.lowerBound])
                result += value
                copiedUpTo = placeholder.range.upperBound
            }
            cursor = placeholder.range.upperBound
        }
        result += Substring(bytes[copiedUpTo...])
        return result
    }

    /// The placeholder names `template` uses, e.g. `["minLength", "maxLength"]`.
    static func placeholderNames(in template: String) -> Set<String> {
        var names: Set<String> = []
        var cursor = template.utf8.startIndex
        while let placeholder = nextPlaceholder(in: template, from: cursor) {
            names.insert(placeholder.name)
            cursor = placeholder.range.upperBound
        }
        return names
    }

    /// The first well-formed placeholder at or after `start`: its name and its range, braces included.
    private static func nextPlaceholder(
        in template: String, from start: String.Index
    ) -> (name: String, range: Range<String.Index>)? {
        let bytes = template.utf8
        var cursor = start
        while let open = bytes[cursor...].firstIndex(of: openBrace) {
            let nameStart = bytes.index(after: open)
            let nameEnd = bytes[nameStart...].firstIndex(where: { !isNameByte($0) }) ?? bytes.endIndex
            if nameEnd != bytes.endIndex, bytes[nameEnd] == closeBrace, nameStart != nameEnd {
                // Every index here sits on an ASCII byte, so slicing never splits a character.
                let name = String(Substring(bytes[nameStart..<nameEnd]))
                return (name, open..<bytes.index(after: nameEnd))
            }
            // Not a placeholder: go on right after this `{`, which may be followed by a real one.
            cursor = nameStart
        }
        return nil
    }

    private static let openBrace = UInt8(ascii: "{")
    private static let closeBrace = UInt8(ascii: "}")

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
