/// MGF1, the mask generation function of RFC 8017 Appendix B.2.1.
enum MGF1 {
    /// `length` bytes of Hash(seed ‖ counter₀) ‖ Hash(seed ‖ counter₁) ‖ …, 32-bit big-endian counters.
    /// The seed is absorbed once; each counter continues from a copy of that state.
    static func mask<Hash: HashFunction>(seed: some Collection<UInt8>, length: Int, hash: Hash.Type) -> [UInt8] {
        var seeded = Hash()
        seeded.update(seed)
        var output: [UInt8] = []
        output.reserveCapacity(length + Hash.digestByteCount)
        var counter: UInt32 = 0
        while output.count < length {
            var hasher = seeded
            withUnsafeBytes(of: counter.bigEndian) { hasher.update($0) }
            output.append(contentsOf: hasher.finalize())
            counter &+= 1
        }
        output.removeLast(output.count - length)
        return output
    }
}
