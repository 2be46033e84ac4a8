import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The AVX-512 IFMA kernel for the two halves of an RSA-2048 private operation against the Swift
/// Montgomery code: random 16-word moduli (full and with shorter top words), bases and exponents
/// at the edges, and whole private operations on both paths. Skipped on a CPU without IFMA
/// (there the Swift code is the only implementation and the other tests cover it).
struct HardwareModularExponentiationTests {
    /// Bits in the modulus's top word: full 1,024-bit primes, one bit short, and smaller moduli
    /// that still take 16 words (the kernel's R = 2^1040 only needs 4m < R).
    @Test(.enabled(if: PrimitiveImplementation.fastestModularExponentiation == .hardware, "this CPU has no AVX-512 IFMA"), arguments: [64, 63, 33, 1])
    func matchesTheSwiftExponentiation(topBits: Int) throws {
        var generator = SeededGenerator(seed: 0x1F3A &+ UInt64(topBits))
        for round in 0..<12 {
            let moduli = (0..<2).map { _ in MontgomeryKernelTests.modulus(words: 16, topBits: topBits, using: &generator) }
            let contexts = try moduli.map { try #require(MontgomeryContext(modulus: $0)) }
            let bases: [BigUInt] = moduli.map { modulus in
                switch round {
                case 0: BigUInt(limbs: [])                                                   // zero
                case 1: BigUInt(1)
                case 2: BigUInt(limbs: [modulus.limbs[0] - 1] + modulus.limbs.dropFirst())   // m − 1
                default: MontgomeryKernelTests.below(modulus, using: &generator)
                }
            }
            let exponents: [[UInt64]] = (0..<2).map { side in
                switch (round + side) % 6 {
                case 0: [UInt64](repeating: 0, count: 16)
                case 1: [UInt64](repeating: .max, count: 16)
                case 2: [1] + [UInt64](repeating: 0, count: 15)
                default: (0..<16).map { _ in generator.next() }
                }
            }
            let expected = (0..<2).map { contexts[$0].power(bases[$0], BigUInt(limbs: exponents[$0])) }
            let results = Self.hardwarePower(contexts, bases.map { $0.limbs(paddedTo: 16) }, exponents)
            #expect(results[0] == expected[0].limbs(paddedTo: 16), "round \(round), first")
            #expect(results[1] == expected[1].limbs(paddedTo: 16), "round \(round), second")
        }
    }

    /// The same private operations on both paths: every ciphertext decrypts to its message, and
    /// the paths agree on those that do not decrypt.
    @Test(.enabled(if: PrimitiveImplementation.fastestModularExponentiation == .hardware, "this CPU has no AVX-512 IFMA"))
    func privateOperationMatchesTheSwiftPath() throws {
        let key = try TestKeys.demoPrivateKey()
        let k = key.publicKey.byteCount
        var generator = SeededGenerator(seed: 0xC127)
        for round in 0..<40 {
            var message = (0..<k).map { _ in UInt8.random(in: 0...255, using: &generator) }
            message[0] = round == 0 ? 0 : message[0] & 0x7F
            if round == 1 { message = [UInt8](repeating: 0, count: k - 1) + [1] }
            let ciphertext = try #require(key.publicKey.rawEncrypt(message))
            #expect(key.rawDecrypt(ciphertext, implementation: .hardware) == message, "round \(round)")
            #expect(key.rawDecrypt(ciphertext, implementation: .portable) == message, "round \(round)")
        }
        let tooLarge = [UInt8](repeating: 0xFF, count: k)
        #expect(key.rawDecrypt(tooLarge, implementation: .hardware) == nil)
        #expect(key.rawDecrypt([UInt8](repeating: 0, count: k), implementation: .hardware) == [UInt8](repeating: 0, count: k))
    }

    static func hardwarePower(_ contexts: [MontgomeryContext], _ bases: [[UInt64]], _ exponents: [[UInt64]]) -> [[UInt64]] {
        var result0 = [UInt64](repeating: 0, count: 16), result1 = result0
        contexts[0].withWorkspace(extra: 0) { p in
            contexts[1].withWorkspace(extra: 0) { q in
                bases[0].withUnsafeBufferPointer { b0 in
                    bases[1].withUnsafeBufferPointer { b1 in
                        exponents[0].withUnsafeBufferPointer { e0 in
                            exponents[1].withUnsafeBufferPointer { e1 in
                                result0.withUnsafeMutableBufferPointer { r0 in
                                    result1.withUnsafeMutableBufferPointer { r1 in
                                        HardwareModularExponentiation.power(
                                            b0.baseAddress!, b1.baseAddress!, exponents: e0.baseAddress!, e1.baseAddress!,
                                            moduli: p, q, bitCount: 1024, into: r0.baseAddress!, r1.baseAddress!)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return [result0, result1]
    }
}
