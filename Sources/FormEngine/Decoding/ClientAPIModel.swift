package import PaymentFormJSON

/// A value the Client API sends as JSON: products, groups, lists, accounts on file, IIN details,
/// public keys, directories.
///
/// Every model type reads its JSON the same way, with the JSON path of any problem in the error
/// (``DefinitionError``). Each model type is `Codable` too, in the same Client API shape, so it
/// can be cached with any encoder.
///
/// ```swift
/// let product = try PaymentProduct(jsonEncoded: productData)
/// ```
public protocol ClientAPIModel: Sendable, Hashable {
    /// Reads the value from the bytes of a JSON document (UTF-8). Problems that do not stop the
    /// read (an unknown validator, a repeated key) are tolerated; the definition's own rules
    /// still apply where they can.
    ///
    /// Documents over 32 MiB or nested deeper than 256 levels are refused.
    init(jsonEncoded bytes: some Collection<UInt8>) throws(DefinitionError)
}

/// How the model types read and write their JSON inside the package: from and to the
/// order-preserving ``JSONValue``, with the path of each value for error messages.
package protocol JSONModel: ClientAPIModel {
    /// Reads the value from JSON; `path` is where `json` sits (for error messages); problems that
    /// do not stop the read are appended to `diagnostics`.
    init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError)

    /// The value in its Client API JSON shape.
    var json: JSONValue { get }
}

/// A decoded value with the problems noticed while reading it.
package struct Decoded<Value: Sendable>: Sendable {
    /// What was read.
    package let value: Value
    /// What was noticed and tolerated (never silently): unknown kinds, skipped elements, ...
    package let diagnostics: [DefinitionDiagnostic]
}

extension Decoded: Equatable where Value: Equatable {}

extension JSONModel {
    /// Reads the value from the bytes of a JSON document, with the JSON path of any problem;
    /// problems that do not stop the read are dropped (``decode(from:limits:)`` returns them).
    public init(jsonEncoded bytes: some Collection<UInt8>) throws(DefinitionError) {
        var diagnostics: [DefinitionDiagnostic] = []
        try self.init(jsonEncoded: bytes, diagnostics: &diagnostics)
    }

    /// Reads the value from the bytes of a JSON document, with the JSON path of any problem,
    /// appending the problems that do not stop the read to `diagnostics`.
    package init(jsonEncoded bytes: some Collection<UInt8>, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let document = try Self.parse(bytes, limits: .standard)
        if document.hasDuplicateKeys { diagnostics += duplicateKeyDiagnostics(in: document.root, at: .root) }
        try self.init(json: document.root, at: .root, diagnostics: &diagnostics)
    }

    /// The JSON document in `bytes`, or the error that says why it is not one.
    private static func parse(_ bytes: some Collection<UInt8>, limits: JSONParser.Limits) throws(DefinitionError) -> JSONDocument {
        do {
            return try JSONParser(limits: limits).parseDocument(bytes)
        } catch {
            throw DefinitionError(path: .root, kind: .malformedJSON(error.description))
        }
    }

    /// The value as JSON text in its Client API shape, members in the definition's order.
    package func jsonString(prettyPrinted: Bool = false) -> String {
        JSONWriter(prettyPrinted: prettyPrinted).string(from: json)
    }

    /// Decodes the value from JSON bytes, with the parser's limits and the diagnostics (keys
    /// repeated within an object first: the last occurrence is used, and each repetition is
    /// reported).
    package static func decode(
        from bytes: some Collection<UInt8>, limits: JSONParser.Limits = .standard
    ) throws(DefinitionError) -> Decoded<Self> {
        let document = try parse(bytes, limits: limits)
        var diagnostics = document.hasDuplicateKeys ? duplicateKeyDiagnostics(in: document.root, at: .root) : []
        let value = try Self(json: document.root, at: .root, diagnostics: &diagnostics)
        return Decoded(value: value, diagnostics: diagnostics)
    }

    /// Decodes the value from an already parsed JSON value.
    package static func decode(from json: JSONValue) throws(DefinitionError) -> Decoded<Self> {
        var diagnostics: [DefinitionDiagnostic] = []
        let value = try Self(json: json, at: .root, diagnostics: &diagnostics)
        return Decoded(value: value, diagnostics: diagnostics)
    }
}

/// Builds a JSON object from optional members, leaving out the `nil` ones.
func jsonObject(_ members: [(String, JSONValue?)]) -> JSONValue {
    .object(JSONObject(members.compactMap { key, value in value.map { (key: key, value: $0) } }))
}

extension JSONValue {
    static func from(_ text: String?) -> JSONValue? { text.map { .string($0) } }
    static func from(_ number: Int?) -> JSONValue? { number.map { .number(String($0)) } }
    /// `true` is written, `false` left out (the Client API's default).
    static func flag(_ flag: Bool) -> JSONValue? { flag ? .bool(true) : nil }
}

/// The Connect SDKs' fixed validator order; other keys rank after them.
package func canonicalValidatorRank(_ name: String) -> Int {
    let order = [
        "luhn", "expirationDate", "range", "length", "fixedList", "emailAddress", "residentIdNumber",
        "regularExpression", "termsAndConditions", "iban", "boletoBancarioRequiredness",
    ]
    return order.firstIndex(of: name) ?? order.count
}
