package import PaymentFormJSON

/// A stored value of an account on file (a card number, an expiry date, ...) and whether the
/// customer may, or must, change it.
///
/// ```swift
/// if let account = product.accountsOnFile.first {
///     for attribute in account.attributes {
///         switch attribute.status {
///         case .readOnly, .other: break       // shown, not editable, not sent
///         case .canWrite: break               // prefilled, editable; kept when left empty
///         case .mustWrite: break              // entered again (attribute.mustWriteReason says why)
///         }
///     }
/// }
/// ```
///
/// Its description, debug description and mirror never show the value.
public struct AccountOnFileAttribute: ClientAPIModel, JSONModel, Hashable, CustomStringConvertible, CustomDebugStringConvertible
{
    /// What a customer may do with a stored value.
    public enum Status: OpenEnumeration, Sendable, Hashable {
        /// Shown, not editable, not sent again.
        case readOnly
        /// Editable; when left empty the stored value is kept.
        case canWrite
        /// Must be entered again (a CVV, an expired date).
        case mustWrite
        /// A status the engine does not know, kept by name; treated as read-only (nothing sent).
        case other(String)

        /// The known value the Client API calls `name`, if any (the inverse of ``name``).
        package static func known(named name: String) -> Status? {
            switch name {
            case "READ_ONLY": .readOnly
            case "CAN_WRITE": .canWrite
            case "MUST_WRITE": .mustWrite
            default: nil
            }
        }

        /// The Client API name (`READ_ONLY`, ...), or the unknown name as sent.
        package var name: String {
            switch self {
            case .readOnly: "READ_ONLY"
            case .canWrite: "CAN_WRITE"
            case .mustWrite: "MUST_WRITE"
            case .other(let name): name
            }
        }
    }

    /// The field id this attribute belongs to.
    public var key: String
    /// The stored value, usually partly hidden (`************4242`).
    public var value: String?
    /// Whether the stored value is used as is, may be replaced, or must be entered again.
    public var status: Status
    /// Why the customer must write the value again (`EXPIRED`, `IN_THE_PAST`), when the API says.
    public var mustWriteReason: String?

    /// An attribute.
    package init(key: String, value: String? = nil, status: Status, mustWriteReason: String? = nil) {
        self.key = key
        self.value = value
        self.status = status
        self.mustWriteReason = mustWriteReason
    }

    /// Redacted: stored values can be card data.
    public var description: String {
        "AccountOnFileAttribute(key: \(key), status: \(status.name), value: \(value == nil ? "nil" : "<redacted>"))"
    }

    /// Same as ``description``: stored values (expiry date, masked number) stay out of logs.
    public var debugDescription: String { description }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        key = try object.required("key").string()
        value = try object.string("value")
        status = try Status.decode(object.required("status"), diagnostics: &diagnostics)
        mustWriteReason = try object.string("mustWriteReason")
    }

    package var json: JSONValue {
        jsonObject([
            ("key", .string(key)),
            ("value", .from(value)),
            ("status", .string(status.name)),
            ("mustWriteReason", .from(mustWriteReason)),
        ])
    }
}
