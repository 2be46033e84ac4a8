/// MGF1, the mask generation function of RFC 8017 Appendix B.2.1.
enum MGF1 {
    /// `length` bytes of Hash(seed ‖ counter₀) ‖ Hash(seed ‖ counter₁) ‖ …, 32-bit big-endian counters.
    static func mask<Hash: HashFunction>(seed: some Collection<UInt8>, length: Int, hash: Hash.Type) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(length + Hash.digestByteCount)
        var counter: UInt32 = 0
        while output.count < length {
            var hasher = Hash()
            hasher.update(seed)
            var counterBytes: [UInt8] = []
            counterBytes.appendBigEndian(counter)
            hasher.update(counterBytes)
            output.append(contentsOf: hasher.finalize())
            counter &+= 1
        }
        return Array(output.prefix(length))
    }
}
