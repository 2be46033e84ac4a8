/// A JSON document as a value, with object members kept in document order.
///
/// The engine reads Client API definitions through this type rather than `JSONDecoder` because
/// the order of a field's validators is meaningful (errors are reported in definition order),
/// because every problem must be reported with its JSON path, and because numbers must be read
/// exactly (a 64-bit bound must not pass through `Double`).
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as its JSON text so no precision is lost.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value, for error messages ("expected integer, found string").
    package var kind: JSONKind {
        switch self {
        case .null: .null
        case .bool: .boolean
        // A number's text is ASCII (the reader checked its grammar): bytes, not Characters.
        case .number(let text):
            text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) ? .number : .integer
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The member `key` of an object, or `nil` for other values and absent keys.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }
}

/// The kinds of JSON value, as error messages name them.
package enum JSONKind: String, Sendable, Hashable, CustomStringConvertible {
    case null, boolean, integer, number, string, array, object

    package var description: String { rawValue }
}

/// A JSON object: members in document order, looked up by key.
///
/// When a key occurs twice the last occurrence wins, as in JavaScript.
package struct JSONObject: Sendable, Hashable, Sequence {
    /// The members in document order.
    package private(set) var members: [(key: String, value: JSONValue)]

    /// An object with the given members, in order.
    package init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = members
    }

    /// The value of the last member named `key`.
    package subscript(key: String) -> JSONValue? {
        members.last(where: { $0.key == key })?.value
    }

    /// Appends a member (keeping document order).
    package mutating func append(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    /// The keys in document order.
    package var keys: [String] { members.map { $0.key } }

    package func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(String(value)) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
    package init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// A string, or `null` for `nil`.
    package static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// A JSON integer.
    package static func integer(_ value: Int) -> JSONValue { .number(String(value)) }
}
