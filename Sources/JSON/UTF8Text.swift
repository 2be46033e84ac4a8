/// Reading text that must be UTF-8 (a file, standard input, a JSON string's bytes).
package enum UTF8Text {
    /// The text `bytes` spell, or `nil` when they are not well-formed UTF-8. (Decoding alone
    /// would repair ill-formed bytes with U+FFFD; text that does not come back byte for byte was
    /// not UTF-8.)
    package static func decode(_ bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }
}
