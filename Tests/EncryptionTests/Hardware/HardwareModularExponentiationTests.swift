import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The AVX-512 IFMA kernels of RSA-2048 against the Swift Montgomery code: the two halves of a
/// private operation on random 16-word moduli (full and with shorter top words) with bases and
/// exponents at the edges, the public operation on random 32-word moduli with public exponents
/// of every shape, and whole public and private operations on both paths. Skipped on a CPU
/// without IFMA (there the Swift code is the only implementation and the other tests cover it).
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
        let key = try Fixtures.demoRSAPrivateKey()
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

    /// The public kernel (32-word moduli: 1,985 to 2,048 bits) against the Swift exponentiation,
    /// for the exponents keys use (3, 65537), wide and multi-word ones, and the trivial ones (0, 1,
    /// 2), with bases 0, 1, n − 1 and random.
    @Test(.enabled(if: PrimitiveImplementation.fastestModularExponentiation == .hardware, "this CPU has no AVX-512 IFMA"), arguments: [64, 63, 33, 1])
    func publicPowerMatchesTheSwiftExponentiation(topBits: Int) throws {
        var generator = SeededGenerator(seed: 0x2048 &+ UInt64(topBits))
        let exponents: [[UInt64]] = [
            [65537], [3], [0], [1], [2], [0xFFFF_FFFF_FFFF_FFFF], [generator.next() | 1],
            [generator.next(), generator.next(), generator.next() | 1 << 63], [0, 0, 1], [65537, 0, 0],
        ]
        for (round, exponent) in exponents.enumerated() {
            let n = MontgomeryKernelTests.modulus(words: 32, topBits: topBits, using: &generator)
            let context = try #require(MontgomeryContext(modulus: n))
            for baseCase in 0..<4 {
                let base: BigUInt = switch baseCase {
                case 0: BigUInt(limbs: [])
                case 1: BigUInt(1)
                case 2: BigUInt(limbs: [n.limbs[0] - 1] + n.limbs.dropFirst())
                default: MontgomeryKernelTests.below(n, using: &generator)
                }
                let expected = context.publicPower(base, BigUInt(limbs: exponent))
                #expect(Self.hardwarePublicPower(context, base.limbs(paddedTo: 32), exponent) == expected.limbs(paddedTo: 32),
                        "exponent \(round), base \(baseCase)")
            }
        }
    }

    /// Public operations (RSAEP) of 2048-bit keys on both paths: random moduli and messages,
    /// messages at the edges, and the refusal of a message not below the modulus.
    @Test(.enabled(if: PrimitiveImplementation.fastestModularExponentiation == .hardware, "this CPU has no AVX-512 IFMA"))
    func publicOperationMatchesTheSwiftPath() throws {
        var generator = SeededGenerator(seed: 0xE65537)
        var keys = [try Fixtures.demoRSAPrivateKey().publicKey]
        for exponent: UInt64 in [3, 65537, 0xFFFF_FFFF_FFFF_FFFF] {
            let n = MontgomeryKernelTests.modulus(words: 32, using: &generator)
            keys.append(try RSAPublicKey(modulus: n, exponent: BigUInt(exponent), policy: .standard))
        }
        for key in keys {
            let k = key.byteCount
            for round in 0..<12 {
                var message = (0..<k).map { _ in UInt8.random(in: 0...255, using: &generator) }
                message[0] &= 0x7F
                if round == 0 { message = [UInt8](repeating: 0, count: k) }
                if round == 1 { message = [UInt8](repeating: 0, count: k - 1) + [1] }
                if round == 2 { message = try #require(BigUInt.subtracting(key.modulus, BigUInt(1))?.bigEndianBytes(count: k)) }
                let hardware = key.rawEncrypt(message, implementation: .hardware)
                #expect(hardware != nil)
                #expect(hardware == key.rawEncrypt(message, implementation: .portable), "round \(round)")
            }
            let modulusBytes = try #require(key.modulus.bigEndianBytes(count: k))
            #expect(key.rawEncrypt(modulusBytes, implementation: .hardware) == nil)
            #expect(key.rawEncrypt([UInt8](repeating: 0xFF, count: k), implementation: .hardware) == nil)
        }
    }

    static func hardwarePublicPower(_ context: MontgomeryContext, _ base: [UInt64], _ exponent: [UInt64]) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: 32)
        context.withWorkspace(extra: 0) { n in
            base.withUnsafeBufferPointer { b in
                exponent.withUnsafeBufferPointer { e in
                    result.withUnsafeMutableBufferPointer { r in
                        HardwareModularExponentiation.publicPower(
                            b.baseAddress!, exponent: e.baseAddress!, exponentCount: e.count, modulus: n, into: r.baseAddress!)
                    }
                }
            }
        }
        return result
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
