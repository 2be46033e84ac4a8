import PaymentFormJSON

/// The CLI's JSON output: ordered members, written with the engine's JSON writer (never by
/// string interpolation, so every value is escaped).
package typealias JSONValueBuilder = JSONValue

extension JSONValue {
    /// Two-space indented JSON text.
    package var prettyText: String { JSONWriter(prettyPrinted: true).string(from: self) }
}
