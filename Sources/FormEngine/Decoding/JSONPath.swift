internal import PaymentFormJSON

/// Where a value sits in a JSON document: `fields[2].dataRestrictions.validators.length`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a document.
    package enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root.
    package var components: [Component]

    /// The path of the document itself.
    package static let root = JSONPath(components: [])

    /// A path made of the given steps.
    package init(components: [Component]) {
        self.components = components
    }

    /// This path extended by an object key.
    package func appending(_ key: String) -> JSONPath {
        appending(.key(key))
    }

    /// This path extended by an array index.
    package func appending(_ index: Int) -> JSONPath {
        appending(.index(index))
    }

    /// One allocation: the components copied once into storage with room for the new step.
    private func appending(_ component: Component) -> JSONPath {
        var extended: [Component] = []
        extended.reserveCapacity(components.count + 1)
        extended.append(contentsOf: components)
        extended.append(component)
        return JSONPath(components: extended)
    }

    /// Dotted keys and bracketed indices; `(root)` for the document itself. Keys that are not
    /// plain identifiers are quoted: `labels["a.b"]`.
    package var description: String {
        if components.isEmpty { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
                }
                if plain {
                    text += text.isEmpty ? key : "." + key
                } else {
                    var quoted: [UInt8] = []
                    JSONWriter.writeString(key, into: &quoted)
                    text += "[\(String(decoding: quoted, as: UTF8.self))]"
                }
            }
        }
        return text
    }
}
