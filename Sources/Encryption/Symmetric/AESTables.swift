/// Lookup tables for AES (FIPS 197), derived at first use from the field arithmetic rather than
/// typed in, so a typo cannot hide in them.
///
/// Table lookups indexed by secret bytes are not constant time on CPUs with data caches. On
/// x86-64 CPUs with AES-NI, ``AES256CBC`` does not use these tables at all: its blocks go through
/// the AES instructions (no lookups, no key- or data-dependent timing). Elsewhere (Apple arm64,
/// other platforms) these tables run; the AES key is a fresh random CEK used once on the client,
/// so the exposure is small, but a server decrypting many tokens under attacker timing on such a
/// CPU should use a platform AES implementation.
enum AESTables {
    /// S-box (FIPS 197 §5.1.1).
    static let sBox: [UInt8] = makeSBox()
    /// Inverse S-box (FIPS 197 §5.3.2).
    static let inverseSBox: [UInt8] = {
        var inverse = [UInt8](repeating: 0, count: 256)
        for (input, output) in makeSBox().enumerated() { inverse[Int(output)] = UInt8(input) }
        return inverse
    }()

    /// SubBytes + MixColumns for one byte in each row position, four tables of 256 words
    /// (the row-1..3 tables are byte rotations of row 0).
    static let encryptionTables: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 1024)
        for x in 0..<256 {
            let s = sBox[x]
            let word = UInt32(multiply(s, 2)) << 24 | UInt32(s) << 16 | UInt32(s) << 8 | UInt32(multiply(s, 3))
            for row in 0..<4 { table[row * 256 + x] = word.rotatedRight(by: UInt32(8 * row)) }
        }
        return table
    }()

    /// InvSubBytes + InvMixColumns, laid out like ``encryptionTables``.
    static let decryptionTables: [UInt32] = {
        var table = [UInt32](repeating: 0, count: 1024)
        for x in 0..<256 {
            let s = inverseSBox[x]
            let word = UInt32(multiply(s, 0x0E)) << 24 | UInt32(multiply(s, 0x09)) << 16
                | UInt32(multiply(s, 0x0D)) << 8 | UInt32(multiply(s, 0x0B))
            for row in 0..<4 { table[row * 256 + x] = word.rotatedRight(by: UInt32(8 * row)) }
        }
        return table
    }()

    /// Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var a = a, b = b, product: UInt8 = 0
        for _ in 0..<8 {
            if b & 1 != 0 { product ^= a }
            let carry = a & 0x80
            a <<= 1
            if carry != 0 { a ^= 0x1B }
            b >>= 1
        }
        return product
    }

    private static func makeSBox() -> [UInt8] {
        var box = [UInt8](repeating: 0, count: 256)
        for x in 0..<256 {
            // Multiplicative inverse (0 maps to 0): x^254 = x^-1 in GF(2^8).
            var inverse: UInt8 = x == 0 ? 0 : 1
            if x != 0 {
                var base = UInt8(x), exponent = 254
                while exponent > 0 {
                    if exponent & 1 == 1 { inverse = multiply(inverse, base) }
                    base = multiply(base, base)
                    exponent >>= 1
                }
            }
            let b = inverse
            box[x] = b ^ rotateLeft(b, 1) ^ rotateLeft(b, 2) ^ rotateLeft(b, 3) ^ rotateLeft(b, 4) ^ 0x63
        }
        return box
    }

    private static func rotateLeft(_ value: UInt8, _ count: UInt8) -> UInt8 {
        (value << count) | (value >> (8 - count))
    }
}
