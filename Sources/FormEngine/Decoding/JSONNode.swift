package import PaymentFormJSON

/// A JSON value together with its path, with typed accessors that throw ``DefinitionError``s
/// naming that path. The building block of every `init(json:)` in the model.
///
/// The path is kept as the parent's path plus one step and only spelled out when it is needed
/// (an error, a diagnostic, a nested model): decoding a product looks up dozens of members, and
/// building a path array for each was a third of the time spent on the model.
///
/// It is the one typed JSON reader of the package: the processors' answers (Sips, Saferpay) are
/// read with it too, so every reading error has the same shape (`path: expected X, found Y`).
package struct JSONNode {
    package let value: JSONValue
    /// The path of the value's parent (or of the value itself when `step` is nil).
    private let parentPath: JSONPath
    /// The last step to the value, when not yet appended to `parentPath`.
    private let step: JSONPath.Component?

    package init(_ value: JSONValue, path: JSONPath = .root) {
        self.value = value
        self.parentPath = path
        self.step = nil
    }

    package init(_ value: JSONValue, parent: JSONPath, step: JSONPath.Component) {
        self.value = value
        self.parentPath = parent
        self.step = step
    }

    /// Where the value sits in the document.
    package var path: JSONPath {
        switch step {
        case nil: parentPath
        case .key(let key): parentPath.appending(key)
        case .index(let index): parentPath.appending(index)
        }
    }

    package func mismatch(_ expected: String) -> DefinitionError {
        DefinitionError(path: path, kind: .typeMismatch(expected: expected, found: value.kind.rawValue))
    }

    package func invalid(_ reason: String) -> DefinitionError {
        DefinitionError(path: path, kind: .invalidValue(reason))
    }

    package func object() throws(DefinitionError) -> JSONObjectNode {
        guard case .object(let object) = value else { throw mismatch("object") }
        return JSONObjectNode(object: object, path: path)
    }

    package func array() throws(DefinitionError) -> [JSONNode] {
        guard case .array(let elements) = value else { throw mismatch("array") }
        if elements.isEmpty { return [] }
        let path = self.path
        return elements.enumerated().map { JSONNode($1, parent: path, step: .index($0)) }
    }

    package func string() throws(DefinitionError) -> String {
        guard case .string(let text) = value else { throw mismatch("string") }
        return text
    }

    package func bool() throws(DefinitionError) -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("boolean") }
        return flag
    }

    /// An integer that fits `Int`; fractions, exponents and out-of-range values are errors.
    package func int() throws(DefinitionError) -> Int {
        guard case .number(let text) = value else { throw mismatch("integer") }
        guard value.kind == .integer else { throw mismatch("integer") }
        guard let number = Int(text) else { throw invalid("integer \(text) is out of range") }
        return number
    }

    /// A number (integer or not) as its JSON text, so no precision is lost (rates such as
    /// `0.66484161`).
    func number() throws(DefinitionError) -> String {
        guard case .number(let text) = value else { throw mismatch("number") }
        return text
    }

    /// An identifier the Client API sends as a JSON string or a JSON integer.
    package func identifier() throws(DefinitionError) -> String {
        switch value {
        case .string(let text): return text
        case .number(let text) where value.kind == .integer: return text
        default: throw mismatch("string or integer")
        }
    }

    package func strings() throws(DefinitionError) -> [String] {
        var result: [String] = []
        for element in try array() { result.append(try element.string()) }
        return result
    }
}

/// A JSON object with its path.
package struct JSONObjectNode {
    package let object: JSONObject
    package let path: JSONPath

    /// `object`, which sits at `path`.
    package init(object: JSONObject, path: JSONPath) {
        self.object = object
        self.path = path
    }

    /// The member `key`; absent and `null` are both "absent".
    package func optional(_ key: String) -> JSONNode? {
        guard let value = object[key] else { return nil }
        if case .null = value { return nil }
        return JSONNode(value, parent: path, step: .key(key))
    }

    package func required(_ key: String) throws(DefinitionError) -> JSONNode {
        guard let node = optional(key) else { throw DefinitionError(path: path.appending(key), kind: .missingKey) }
        return node
    }

    package func string(_ key: String) throws(DefinitionError) -> String? { try optional(key)?.string() }
    package func bool(_ key: String) throws(DefinitionError) -> Bool? { try optional(key)?.bool() }
    package func int(_ key: String) throws(DefinitionError) -> Int? { try optional(key)?.int() }
}

/// Decodes each element of an array, skipping (and reporting) the ones that fail, so one bad
/// element never empties the whole list.
func decodeTolerantly<Element>(
    _ node: JSONNode?,
    diagnostics: inout [DefinitionDiagnostic],
    _ decode: (JSONNode, inout [DefinitionDiagnostic]) throws(DefinitionError) -> Element
) throws(DefinitionError) -> [Element] {
    guard let node else { return [] }
    var result: [Element] = []
    for element in try node.array() {
        var elementDiagnostics: [DefinitionDiagnostic] = []
        do {
            result.append(try decode(element, &elementDiagnostics))
            diagnostics += elementDiagnostics
        } catch {
            diagnostics.append(DefinitionDiagnostic(path: element.path, kind: .skippedElement(error)))
        }
    }
    return result
}
