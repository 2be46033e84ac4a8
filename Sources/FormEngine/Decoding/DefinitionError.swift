internal import PaymentFormJSON

/// Why a Client API definition (product, group, account on file, key, ...) could not be read,
/// and where in the document.
///
/// Its description names the JSON path first:
/// `fields[2].dataRestrictions.validators.length.minLength: expected integer, found string`.
public struct DefinitionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// The bytes are not JSON (or exceed the parser's limits); the text says what and where
        /// (line and column), never the document's content.
        case malformedJSON(String)
        /// A value of the wrong JSON type (`found` names the JSON kind: `string`, `integer`, ...).
        case typeMismatch(expected: String, found: String)
        /// A required key is absent (or `null`).
        case missingKey
        /// The value has the right type but is not acceptable; the text says why.
        case invalidValue(String)
        /// The value is larger than a ``DefinitionLimit`` allows: `count` fields, options or
        /// bytes of text (never the text itself).
        case limitExceeded(DefinitionLimit, count: Int)
    }

    /// Where the problem is.
    package let path: JSONPath
    /// What the problem is.
    public let kind: Kind

    /// An error at `path`.
    package init(path: JSONPath, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Where the problem is in the document, as a JSON path (`fields[2].id`; empty for the
    /// document itself).
    public var jsonPath: String { path.description }

    /// A stable identifier for the kind of problem (used as the CLI's error code).
    public var code: String {
        switch kind {
        case .malformedJSON: "malformed_json"
        case .typeMismatch: "type_mismatch"
        case .missingKey: "missing_key"
        case .invalidValue: "invalid_value"
        case .limitExceeded: "limit_exceeded"
        }
    }

    /// The JSON path, then what was wrong: `fields[2].id: expected string, found integer`. Never a value from the document.
    public var description: String {
        switch kind {
        case .malformedJSON(let reason): reason
        case .typeMismatch(let expected, let found): "\(path): expected \(expected), found \(found)"
        case .missingKey: "\(path): required key is missing"
        case .invalidValue(let reason): "\(path): \(reason)"
        case .limitExceeded(let limit, let count): "\(path): \(limit.excess(count))"
        }
    }
}
