import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct BigUIntTests {
    @Test func bytesRoundTrip() {
        let bytes: [UInt8] = [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
        let value = BigUInt(bigEndianBytes: bytes)
        #expect(value.bitWidth == 73)
        #expect(value.bigEndianBytes(count: 12) == bytes)
        #expect(value.bigEndianBytes(count: 10) == Array(bytes.dropFirst(2)))
        #expect(value.bigEndianBytes(count: 9) == nil)
        #expect(BigUInt(bigEndianBytes: [0, 0]).isZero)
    }

    @Test func arithmetic() {
        let a = BigUInt(limbs: [UInt64.max, UInt64.max])
        let one = BigUInt(1)
        #expect((a + one).limbs == [0, 0, 1])
        #expect(BigUInt.subtracting(a + one, one) == a)
        #expect(BigUInt.subtracting(one, a) == nil)
        #expect((a * a).limbs == [1, 0, UInt64.max - 1, UInt64.max])
        #expect(BigUInt(1000).remainder(dividingBy: BigUInt(7)) == BigUInt(6))
        #expect((a * a + BigUInt(5)).remainder(dividingBy: a) == BigUInt(5))
    }

    /// Montgomery exponentiation against naive square-and-multiply with `*` and `remainder`, for
    /// random odd moduli of several sizes (seeded, reproducible).
    @Test(arguments: [64, 65, 200, 512, 1024])
    func montgomeryMatchesNaiveExponentiation(bits: Int) throws {
        var generator = SeededGenerator(seed: UInt64(bits))
        for _ in 0..<4 {
            var modulusBytes = RandomBytes.make(count: (bits + 7) / 8, using: &generator)
            modulusBytes[0] |= 0x80
            modulusBytes[modulusBytes.count - 1] |= 1
            let modulus = BigUInt(bigEndianBytes: modulusBytes)
            let context = try #require(MontgomeryContext(modulus: modulus))
            let base = BigUInt(bigEndianBytes: RandomBytes.make(count: modulusBytes.count + 3, using: &generator))
            let exponent = BigUInt(bigEndianBytes: RandomBytes.make(count: 9, using: &generator))
            var expected = BigUInt(1)
            let reducedBase = base.remainder(dividingBy: modulus)
            for bit in stride(from: exponent.bitWidth - 1, through: 0, by: -1) {
                expected = (expected * expected).remainder(dividingBy: modulus)
                if exponent.bit(at: bit) { expected = (expected * reducedBase).remainder(dividingBy: modulus) }
            }
            #expect(context.power(base, exponent) == expected)
            #expect(context.publicPower(base, exponent) == expected)
            #expect(context.power(base, BigUInt(0)) == BigUInt(1))
            #expect(context.publicPower(base, BigUInt(0)) == BigUInt(1))
        }
    }

    @Test func montgomeryRejectsEvenModuli() {
        #expect(MontgomeryContext(modulus: BigUInt(10)) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(1)) == nil)
        #expect(MontgomeryContext(modulus: BigUInt(0)) == nil)
    }
}
