/// Random (version 4) UUID strings, for the fresh `nonce` of each encrypted payment request.
///
/// ```swift
/// let nonce = RandomUUID.make()   // "3F2504E0-4F89-41D3-9A0C-0305E82C3301"
/// ```
package enum RandomUUID {
    /// A UUID string (RFC 4122 §4.4: 122 random bits, version 4, variant 10), upper-case with
    /// hyphens, 36 characters, from the system's secure generator.
    package static func make() -> String {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        return make(using: &generator)
    }

    /// The same from `generator` (inject a seeded one in tests).
    package static func make(using generator: inout some RandomNumberGenerator) -> String {
        var bytes = RandomBytes.make(count: 16, using: &generator)
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
