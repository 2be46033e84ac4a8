internal import PaymentFormJSON

/// A bound on the size of a product's or group's form, checked while its definition is decoded
/// (natively and in WebAssembly alike), so that a hostile or broken definition cannot make a
/// form that takes seconds to open or to draw. Real products have fewer than 30 fields with
/// labels of a sentence; the bounds are far above that.
///
/// Past a bound the definition is refused with ``DefinitionError/Kind/limitExceeded(_:count:)``
/// (code `limit_exceeded`) at the JSON path of what is too large:
/// `fields: 501 fields, more than the 500 a product or group may have`.
///
/// ```swift
/// if product.fields.count == DefinitionLimit.fields.maximum { print("a form at the bound") }
/// ```
public enum DefinitionLimit: Sendable, Hashable {
    /// The fields of one product or group: 500.
    case fields
    /// The options of one list field (`displayHints.formElement.valueMapping`): 1,000.
    case options
    /// The UTF-8 bytes of one text a field carries: its id, label, placeholder, tooltip (text and
    /// image), link, and each option's value, label and display elements: 4,096. A field's mask
    /// and its validators' parameters are not texts a form shows and have bounds of their own
    /// (docs/limits.md).
    case textBytes

    /// The largest number allowed.
    public var maximum: Int {
        switch self {
        case .fields: 500
        case .options: 1_000
        case .textBytes: 4_096
        }
    }

    /// What the error says of `count`: `501 fields, more than the 500 a product or group may have`.
    package func excess(_ count: Int) -> String {
        switch self {
        case .fields: "\(count) fields, more than the \(maximum) a product or group may have"
        case .options: "\(count) options, more than the \(maximum) a list field may have"
        case .textBytes: "\(count) bytes, more than the \(maximum) a field's text may have"
        }
    }
}

extension JSONNode {
    /// The string here, refused past ``DefinitionLimit/textBytes``.
    func fieldText() throws(DefinitionError) -> String {
        let text = try string()
        let count = text.utf8.count
        if count > DefinitionLimit.textBytes.maximum {
            throw DefinitionError(path: path, kind: .limitExceeded(.textBytes, count: count))
        }
        return text
    }

    /// The elements of the array here, refused past `limit` before any is decoded.
    func array(upTo limit: DefinitionLimit) throws(DefinitionError) -> [JSONNode] {
        if case .array(let elements) = value, elements.count > limit.maximum {
            throw DefinitionError(path: path, kind: .limitExceeded(limit, count: elements.count))
        }
        return try array()
    }
}

extension JSONObjectNode {
    /// The member `key` as a field's text (``JSONNode/fieldText()``); `nil` when absent or `null`.
    func fieldText(_ key: String) throws(DefinitionError) -> String? {
        try optional(key)?.fieldText()
    }
}
