/// A small, strict reading of the tags and attributes in an HTML document, for checking that
/// escaped values never turn into markup.
///
/// It reads the way an HTML tokenizer does for the subset the engine writes: `<name attr="v"
/// attr='v' attr=v attr>` tags, `</name>` end tags, `<!DOCTYPE ...>`, text in between, and the raw
/// text of `<style>` and `<title>` elements. It works on Unicode scalars, like a browser.
package struct HTMLStructure: Sendable {
    /// One start or end tag.
    package struct Tag: Sendable, Hashable {
        /// Lower-case tag name, with `/` first for end tags (`/div`) and `!doctype` for the doctype.
        package var name: String
        /// Attributes in order: lower-case name and value (`nil` without `=`).
        package var attributes: [Attribute]
    }

    /// One attribute of a tag.
    package struct Attribute: Sendable, Hashable {
        package var name: String
        package var value: String?
    }

    /// The tags in document order.
    package private(set) var tags: [Tag] = []
    /// Problems a browser would repair silently (an unterminated tag or attribute value).
    package private(set) var problems: [String] = []

    /// Reads `html`.
    package init(_ html: String) {
        let scalars = Array(html.unicodeScalars)
        var index = 0
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" || s == "\u{0C}" }
        while index < scalars.count {
            guard scalars[index] == "<" else { index += 1; continue }
            index += 1
            guard index < scalars.count else { problems.append("'<' at the end"); break }
            var name = ""
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" {
                if scalars[index] == "/" && !name.isEmpty { break }
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            name = name.lowercased()
            guard let first = name.unicodeScalars.first, first == "/" || first == "!" || first.properties.isAlphabetic else {
                // A lone "<" in text (not a tag): browsers keep it as text.
                problems.append("'<' not followed by a tag name")
                continue
            }
            var attributes: [Attribute] = []
            var closed = false
            while index < scalars.count {
                let scalar = scalars[index]
                if isSpace(scalar) || scalar == "/" { index += 1; continue }
                if scalar == ">" { index += 1; closed = true; break }
                var attribute = ""
                while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">", scalars[index] != "=", scalars[index] != "/" {
                    attribute.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var value: String?
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        index += 1
                        var text = ""
                        while index < scalars.count, scalars[index] != quote {
                            text.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        if index == scalars.count { problems.append("unterminated attribute value in <\(name)>") }
                        index += 1
                        value = text
                    } else {
                        var text = ""
                        while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" {
                            text.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        value = text
                    }
                }
                attributes.append(Attribute(name: attribute.lowercased(), value: value))
            }
            if !closed { problems.append("unterminated tag <\(name)>") }
            tags.append(Tag(name: name, attributes: attributes))
            // Raw-text elements: skip to their end tag.
            if name == "style" || name == "title" || name == "script" || name == "textarea" {
                let end = Array("</\(name)".unicodeScalars)
                var found = false
                while index + end.count <= scalars.count {
                    if Array(scalars[index..<index + end.count]).map({ Character($0).lowercased() }) == end.map({ Character($0).lowercased() }) {
                        found = true
                        break
                    }
                    index += 1
                }
                if !found { problems.append("<\(name)> is never closed") }
            }
        }
    }

    /// The names of every attribute of every tag.
    package var attributeNames: Set<String> {
        Set(tags.flatMap { $0.attributes.map(\.name) })
    }

    /// The names of every tag.
    package var tagNames: Set<String> {
        Set(tags.map(\.name))
    }
}
