/// A Client API string enumeration whose unknown values are kept by name.
///
/// The API grows: a new form element type or field type must survive decoding as itself, not be
/// silently turned into a default that changes behaviour.
package protocol OpenEnumeration: Sendable, Hashable {
    /// The known value named `name` (the API's spelling), or `nil`.
    ///
    /// A switch in each type rather than a list of its values: each list is one more generic
    /// type for the runtime to build on a process's first decode. `OpenEnumerationTests` checks
    /// that every case's ``name`` leads back to it.
    static func known(named name: String) -> Self?
    /// The value for a name the engine does not know.
    static func other(_ name: String) -> Self
    /// The API's name for the value.
    var name: String { get }
}

extension OpenEnumeration {
    /// The value named `name`: a known one, or ``other(_:)``.
    package init(name: String) {
        self = Self.known(named: name) ?? .other(name)
    }

    /// Whether the engine knows this value.
    package var isKnown: Bool { Self.known(named: name) == self }

    /// Reads the value at `node`, reporting unknown names.
    static func decode(_ node: JSONNode, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) -> Self {
        let value = Self(name: try node.string())
        if !value.isKnown {
            diagnostics.append(DefinitionDiagnostic(path: node.path, kind: .unknownValue(value.name)))
        }
        return value
    }
}
