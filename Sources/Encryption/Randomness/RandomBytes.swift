/// Random bytes from any `RandomNumberGenerator`: the system's secure generator in production, a
/// seeded one in tests.
enum RandomBytes {
    static func make(count: Int, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        return Array(bytes.prefix(count))
    }
}
