/// The header fields of an HTTP message, in order, with lookup by name that ignores case:
/// the one header list of the Client API client's requests and answers and of the sandbox's.
///
/// ```swift
/// var headers: HTTPHeaders = [HTTPHeaderField("Content-Type", "application/json")]
/// headers.append(HTTPHeaderField("Vary", "Origin"))
/// headers["content-type"]   // "application/json"
/// ```
///
/// Repeated names stay separate fields, in the order sent: the subscript answers the first,
/// ``values(named:)`` all of them.
package struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, RangeReplaceableCollection, ExpressibleByArrayLiteral {
    /// The fields, in order.
    package private(set) var fields: [HTTPHeaderField]

    /// No fields.
    package init() {
        fields = []
    }

    /// `fields`, in their order.
    package init(_ fields: [HTTPHeaderField]) {
        self.fields = fields
    }

    /// The fields of the literal, in its order.
    package init(arrayLiteral fields: HTTPHeaderField...) {
        self.fields = fields
    }

    /// The value of the first field named `name` (ASCII case-insensitive), or `nil`.
    package subscript(name: String) -> String? {
        fields.first { $0.hasName(name) }?.value
    }

    /// The values of every field named `name` (ASCII case-insensitive), in order.
    package func values(named name: String) -> [String] {
        fields.filter { $0.hasName(name) }.map(\.value)
    }

    // RandomAccessCollection and RangeReplaceableCollection, on the array.

    /// The first field's position.
    package var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    package var endIndex: Int { fields.endIndex }

    /// The field at `position`.
    package subscript(position: Int) -> HTTPHeaderField {
        fields[position]
    }

    /// Replaces the fields in `range` by `newFields`.
    package mutating func replaceSubrange(_ range: Range<Int>, with newFields: some Collection<HTTPHeaderField>) {
        fields.replaceSubrange(range, with: newFields)
    }
}
