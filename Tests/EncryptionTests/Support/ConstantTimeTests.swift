import Testing
@testable import PaymentFormEncryption

struct ConstantTimeTests {
    @Test func equality() {
        #expect(ConstantTime.equals([UInt8](), [UInt8]()))
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([0, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        // Every single-bit difference anywhere is seen.
        let base = [UInt8](repeating: 0x5A, count: 32)
        for index in base.indices {
            for bit in 0..<8 {
                var other = base
                other[index] ^= 1 << bit
                #expect(!ConstantTime.equals(base, other))
            }
        }
    }

    @Test func helpers() {
        for value in 0...255 {
            #expect(ConstantTime.isZero(UInt8(value)) == (value == 0 ? 1 : 0))
        }
        #expect(ConstantTime.select(1, 7, 9) == 7)
        #expect(ConstantTime.select(0, 7, 9) == 9)
    }
}
