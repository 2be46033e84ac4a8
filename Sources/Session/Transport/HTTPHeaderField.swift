/// One HTTP header field, as the Client API client sends and reads it and as the sandbox parses
/// and writes it.
package struct HTTPHeaderField: Sendable, Hashable {
    /// The field name (`Authorization`), as written.
    package var name: String
    /// The field value.
    package var value: String

    /// A header field.
    package init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Whether the field is named `name`, ignoring ASCII case as HTTP does (field names are
    /// ASCII tokens; any other byte must match exactly).
    package func hasName(_ name: String) -> Bool {
        self.name.utf8.elementsEqual(name.utf8) { Self.asciiLowercased($0) == Self.asciiLowercased($1) }
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
