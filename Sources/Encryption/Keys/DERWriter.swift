/// Builds the DER of RSA public keys (for export); the inverse of the parts of ``DERReader``
/// that keys need.
enum DERWriter {
    static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [tag]
        let length = content.count
        if length < 0x80 {
            out.append(UInt8(length))
        } else {
            var lengthBytes: [UInt8] = []
            var remaining = length
            while remaining > 0 {
                lengthBytes.insert(UInt8(truncatingIfNeeded: remaining), at: 0)
                remaining >>= 8
            }
            out.append(0x80 | UInt8(lengthBytes.count))
            out.append(contentsOf: lengthBytes)
        }
        return out + content
    }

    static func unsignedInteger(_ value: BigUInt) -> [UInt8] {
        let byteCount = max(1, (value.bitWidth + 7) / 8)
        var content = value.bigEndianBytes(count: byteCount) ?? [0]
        if let first = content.first, first & 0x80 != 0 { content.insert(0, at: 0) }
        return element(DERReader.Tag.integer, content)
    }
}
