import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The Montgomery kernels against plain big-integer arithmetic, for word counts around the
/// special cases (1 word, the unrolled 16, odd counts, 2048 bits), with operands at the edges;
/// the half-word kernels WebAssembly runs against the word kernels.
struct MontgomeryKernelTests {
    static let wordCounts = [1, 2, 3, 5, 15, 16, 17, 24, 32, 33]

    /// A random odd modulus of exactly `k` words; `topBits` sets how full the top word is.
    static func modulus(words k: Int, topBits: Int = 64, using generator: inout SeededGenerator) -> BigUInt {
        var words = (0..<k).map { _ in generator.next() }
        words[k - 1] = topBits == 64 ? words[k - 1] | 1 << 63 : (words[k - 1] >> UInt64(64 - topBits)) | 1 << UInt64(topBits - 1)
        words[0] |= 1
        if k == 1, words[0] == 1 { words[0] = 3 }
        return BigUInt(limbs: words)
    }

    static func below(_ n: BigUInt, using generator: inout SeededGenerator) -> BigUInt {
        BigUInt(limbs: (0..<n.limbs.count).map { _ in generator.next() }).remainder(dividingBy: n)
    }

    /// R = 2^(64k) mod n and its inverse, by plain arithmetic.
    static func r(_ context: MontgomeryContext) -> BigUInt {
        var words = [UInt64](repeating: 0, count: context.count + 1)
        words[context.count] = 1
        return BigUInt(limbs: words).remainder(dividingBy: context.modulus)
    }

    /// Runs `body` with raw buffers for a context's kernels.
    static func withBuffers(_ context: MontgomeryContext, _ body: (MontgomeryContext.Workspace, UnsafeMutablePointer<UInt64>) -> Void) {
        context.withWorkspace(extra: 4 * context.count) { workspace in body(workspace, workspace.extra) }
    }

    @Test(arguments: wordCounts)
    func multiplicationAndSquaringMatchPlainArithmetic(words k: Int) throws {
        var generator = SeededGenerator(seed: UInt64(100 + k))
        for topBits in [64, 33, 1] where !(k == 1 && topBits == 1) {
            let n = Self.modulus(words: k, topBits: topBits, using: &generator)
            let context = try #require(MontgomeryContext(modulus: n))
            let r = Self.r(context)
            var cases: [(BigUInt, BigUInt)] = (0..<6).map { _ in (Self.below(n, using: &generator), Self.below(n, using: &generator)) }
            let nMinusOne = try #require(BigUInt.subtracting(n, BigUInt(1)))
            cases += [(BigUInt(0), nMinusOne), (nMinusOne, nMinusOne), (BigUInt(1), BigUInt(1))]
            for (a, b) in cases {
                let aWords = a.limbs(paddedTo: k), bWords = b.limbs(paddedTo: k)
                var product = [UInt64](), halfWordProduct = [UInt64](), squares = [[UInt64]]()
                Self.withBuffers(context) { workspace, buffer in
                    let x = buffer, y = buffer + k, out = buffer + 2 * k
                    aWords.withUnsafeBufferPointer { x.update(from: $0.baseAddress!, count: k) }
                    bWords.withUnsafeBufferPointer { y.update(from: $0.baseAddress!, count: k) }
                    workspace.multiply(x, y, into: out)
                    product = Array(UnsafeBufferPointer(start: out, count: k))
                    MontgomeryContext.multiplyHalfWords(x, y, into: out, modulus: workspace.modulus, inverse: workspace.inverse, count: k, scratch: workspace.scratch)
                    halfWordProduct = Array(UnsafeBufferPointer(start: out, count: k))
                    MontgomeryContext.squareHalfWords(x, into: out, modulus: workspace.modulus, inverse: workspace.inverse, count: k, scratch: workspace.scratch)
                    squares.append(Array(UnsafeBufferPointer(start: out, count: k)))
                    MontgomeryContext.squarePortable(x, into: out, modulus: workspace.modulus, inverse: workspace.inverse, count: k, scratch: workspace.scratch)
                    squares.append(Array(UnsafeBufferPointer(start: out, count: k)))
                    MontgomeryContext.squareWide(x, into: out, modulus: workspace.modulus, inverse: workspace.inverse, count: k, scratch: workspace.scratch)
                    squares.append(Array(UnsafeBufferPointer(start: out, count: k)))
                    if k == 16 {
                        MontgomeryContext.square16(x, into: out, modulus: workspace.modulus, inverse: workspace.inverse, scratch: workspace.scratch)
                        squares.append(Array(UnsafeBufferPointer(start: out, count: k)))
                    }
                    // In place, as the exponentiation uses them.
                    workspace.square(x, into: x)
                    squares.append(Array(UnsafeBufferPointer(start: x, count: k)))
                }
                // result·R ≡ a·b (mod n), and the result is fully reduced.
                let result = BigUInt(limbs: product)
                #expect(result < n)
                #expect(halfWordProduct == product)
                #expect((result * r).remainder(dividingBy: n) == (a * b).remainder(dividingBy: n))
                let square = BigUInt(limbs: squares[0])
                #expect((square * r).remainder(dividingBy: n) == (a * a).remainder(dividingBy: n))
                for other in squares { #expect(other == squares[0]) }
            }
        }
    }

    /// The first operand of a multiplication may be any k-word value, not only one below n
    /// (conversions into Montgomery form rely on it).
    @Test(arguments: [1, 16, 17])
    func firstOperandMayExceedTheModulus(words k: Int) throws {
        var generator = SeededGenerator(seed: UInt64(200 + k))
        let n = Self.modulus(words: k, topBits: 40, using: &generator)
        let context = try #require(MontgomeryContext(modulus: n))
        let a = BigUInt(limbs: [UInt64](repeating: .max, count: k))
        let b = Self.below(n, using: &generator)
        var product = [UInt64](), halfWordProduct = [UInt64]()
        Self.withBuffers(context) { workspace, buffer in
            a.limbs.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: k) }
            b.limbs(paddedTo: k).withUnsafeBufferPointer { (buffer + k).update(from: $0.baseAddress!, count: k) }
            workspace.multiply(buffer, buffer + k, into: buffer + 2 * k)
            product = Array(UnsafeBufferPointer(start: buffer + 2 * k, count: k))
            MontgomeryContext.multiplyHalfWords(buffer, buffer + k, into: buffer + 2 * k, modulus: workspace.modulus, inverse: workspace.inverse, count: k, scratch: workspace.scratch)
            halfWordProduct = Array(UnsafeBufferPointer(start: buffer + 2 * k, count: k))
        }
        let result = BigUInt(limbs: product)
        #expect(result < n)
        #expect(halfWordProduct == product)
        #expect((result * Self.r(context)).remainder(dividingBy: n) == (a * b).remainder(dividingBy: n))
    }

    /// R² mod n, computed by doubling and squaring, against long division.
    @Test(arguments: wordCounts)
    func rSquared(words k: Int) throws {
        var generator = SeededGenerator(seed: UInt64(300 + k))
        for topBits in [64, 17, 2] where !(k == 1 && topBits < 3) {
            let context = try #require(MontgomeryContext(modulus: Self.modulus(words: k, topBits: topBits, using: &generator)))
            var words = [UInt64](repeating: 0, count: 2 * k + 1)
            words[2 * k] = 1
            #expect(BigUInt(limbs: context.rSquared) == BigUInt(limbs: words).remainder(dividingBy: context.modulus))
        }
    }

    /// Conversion into Montgomery form of values longer than the modulus (Horner's rule).
    @Test(arguments: [1, 16, 17])
    func toMontgomeryReducesLongValues(words k: Int) throws {
        var generator = SeededGenerator(seed: UInt64(400 + k))
        let context = try #require(MontgomeryContext(modulus: Self.modulus(words: k, using: &generator)))
        for length in [0, 1, k - 1, k, k + 1, 2 * k, 3 * k + 2] where length >= 0 {
            let value = (0..<length).map { _ in generator.next() }
            var converted = [UInt64]()
            context.withWorkspace(extra: 3 * k) { workspace in
                value.withUnsafeBufferPointer { words in
                    workspace.toMontgomery(words.baseAddress ?? UnsafePointer(workspace.extra), count: length, into: workspace.extra, temporary: workspace.extra + k)
                }
                workspace.fromMontgomery(workspace.extra, into: workspace.extra + k, temporary: workspace.extra + 2 * k)
                converted = Array(UnsafeBufferPointer(start: workspace.extra + k, count: k))
            }
            #expect(BigUInt(limbs: converted) == BigUInt(limbs: value).remainder(dividingBy: context.modulus))
        }
    }

    /// The public exponentiation ending in normal form (its last multiplication by the base out
    /// of Montgomery form) gives the same as converting out afterwards, for odd, even and tiny
    /// exponents.
    @Test(arguments: [1, 16, 32])
    func publicPowerIntoNormalForm(words k: Int) throws {
        var generator = SeededGenerator(seed: UInt64(700 + k))
        let n = Self.modulus(words: k, using: &generator)
        let context = try #require(MontgomeryContext(modulus: n))
        for exponent in [BigUInt(0), BigUInt(1), BigUInt(2), BigUInt(3), BigUInt(65537), BigUInt(65536), BigUInt(limbs: [generator.next(), 1])] {
            let base = Self.below(n, using: &generator)
            var direct = [UInt64]()
            context.withWorkspace(extra: 5 * k) { workspace in
                let normal = workspace.extra, montgomery = normal + k, out = montgomery + k, temporary = out + k
                base.limbs(paddedTo: k).withUnsafeBufferPointer { normal.update(from: $0.baseAddress!, count: k) }
                workspace.toMontgomery(normal, count: k, into: montgomery, temporary: temporary)
                exponent.limbs(paddedTo: 2).withUnsafeBufferPointer {
                    workspace.publicPower(montgomery, exponent: $0.baseAddress!, exponentCount: 2, into: out, temporary: temporary, normalBase: normal)
                }
                direct = Array(UnsafeBufferPointer(start: out, count: k))
            }
            #expect(BigUInt(limbs: direct) == context.publicPower(base, exponent), "exponent \(exponent.limbs)")
        }
    }

    @Test func bulkSystemRandom() {
        var generator = BulkSystemRandomNumberGenerator()
        let words = (0..<100).map { _ in generator.next() }   // crosses two refills
        #expect(Set(words).count == 100)
        generator.wipe()
        #expect(generator.next() != 0)
    }

    @Test func modularInverse() throws {
        var generator = SeededGenerator(seed: 500)
        for k in [1, 4, 16, 32] {
            let n = Self.modulus(words: k, using: &generator)
            for _ in 0..<5 {
                let a = Self.below(n, using: &generator)
                guard let inverse = a.inverse(modulo: n) else { continue }   // a shares a factor with n
                #expect(inverse < n)
                #expect((a * inverse).remainder(dividingBy: n) == BigUInt(1))
            }
        }
        #expect(BigUInt(6).inverse(modulo: BigUInt(9)) == nil)
        #expect(BigUInt(0).inverse(modulo: BigUInt(9)) == nil)
        #expect(BigUInt(3).inverse(modulo: BigUInt(10)) == nil)   // even modulus: not supported
        #expect(BigUInt(10).inverse(modulo: BigUInt(7)) == BigUInt(5))
    }

    /// The batched binary GCD on the moduli it serves: the primes and the modulus of a real key
    /// (every value not sharing a factor has an inverse), values at the edges and above the
    /// modulus, and multiples of a prime factor (no inverse).
    @Test func modularInverseOnPrimeAndRSAModuli() throws {
        let key = try Fixtures.demoRSAPrivateKey()
        let p = key.primeP.modulus, q = key.primeQ.modulus, n = key.publicKey.modulus
        var generator = SeededGenerator(seed: 501)
        for modulus in [p, q, n] {
            let k = modulus.limbs.count
            for round in 0..<40 {
                let a: BigUInt = switch round {
                case 0: BigUInt(1)
                case 1: BigUInt(2)
                case 2: try #require(BigUInt.subtracting(modulus, BigUInt(1)))
                case 3: BigUInt(limbs: [UInt64](repeating: 0, count: k - 1) + [1 << 20])        // a power of two
                case 4: BigUInt(limbs: [UInt64](repeating: .max, count: k - 1))                  // all ones, one word short
                case 5: modulus + BigUInt(3)                                                      // above the modulus
                default: Self.below(modulus, using: &generator)
                }
                let inverse = try #require(a.inverse(modulo: modulus), "\(modulus.bitWidth)-bit modulus, round \(round)")
                #expect(inverse < modulus)
                #expect((a * inverse).remainder(dividingBy: modulus) == BigUInt(1), "\(modulus.bitWidth)-bit modulus, round \(round)")
            }
        }
        for _ in 0..<8 {
            #expect((p * Self.below(q, using: &generator)).inverse(modulo: n) == nil)
            #expect((q * Self.below(p, using: &generator)).inverse(modulo: n) == nil)
        }
    }

    /// Small moduli, where the greatest common divisor is cheap to check: an inverse exactly when
    /// it is 1.
    @Test(arguments: [1, 2, 3])
    func modularInverseAgreesWithEuclid(words k: Int) {
        var generator = SeededGenerator(seed: 502 &+ UInt64(k))
        func gcd(_ a: BigUInt, _ b: BigUInt) -> BigUInt {
            var (x, y) = (a, b)
            while !y.isZero { (x, y) = (y, x.remainder(dividingBy: y)) }
            return x
        }
        for round in 0..<200 {
            let n = Self.modulus(words: k, topBits: round % 2 == 0 ? 64 : 17, using: &generator)
            // Small odd factors shared on purpose every few rounds.
            let a = round % 5 == 0 ? BigUInt(3) * Self.below(n, using: &generator) : Self.below(n, using: &generator)
            let reduced = a.remainder(dividingBy: n)
            let inverse = a.inverse(modulo: n)
            if gcd(reduced, n) == BigUInt(1) {
                #expect(inverse.map { ($0 < n) && (reduced * $0).remainder(dividingBy: n) == BigUInt(1) } == true, "round \(round)")
            } else {
                #expect(inverse == nil, "round \(round)")
            }
        }
    }

    @Test func millerRabin() throws {
        var generator = SeededGenerator(seed: 600)
        let primes: [BigUInt] = [
            BigUInt(3), BigUInt(5), BigUInt(7), BigUInt(65537), BigUInt((1 << 61) - 1),
            BigUInt(limbs: [UInt64.max, (1 << 63) - 1]),                          // 2^127 − 1
            BigUInt(bigEndianBytes: Hex.bytes(OAEPVectors.key10.p)),
            BigUInt(bigEndianBytes: Hex.bytes(OAEPVectors.key10.q)),
        ]
        for prime in primes {
            let context = try #require(MontgomeryContext(modulus: prime))
            #expect(context.isProbablePrime(rounds: 8, using: &generator), "\(prime.bitWidth)-bit prime")
        }
        // Carmichael numbers, a strong pseudoprime to base 2 (2047), products of primes.
        let composites: [BigUInt] = [
            BigUInt(9), BigUInt(561), BigUInt(41041), BigUInt(825265), BigUInt(2047), BigUInt(3215031751),
            BigUInt(65537) * BigUInt(65539),
            BigUInt(bigEndianBytes: Hex.bytes(OAEPVectors.key10.n)),
        ]
        for composite in composites {
            let context = try #require(MontgomeryContext(modulus: composite))
            #expect(!context.isProbablePrime(rounds: 8, using: &generator), "\(composite.bitWidth)-bit composite")
        }
    }

    @Test func wordEncoding() {
        let bytes: [UInt8] = [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09]
        let words = WordEncoding.words(bigEndian: bytes, count: 3)
        #expect(words == [0x0203_0405_0607_0809, 0x01, 0])
        words.withUnsafeBufferPointer {
            #expect(WordEncoding.bigEndianBytes($0.baseAddress!, wordCount: 3, byteCount: 12) == [0, 0, 0] + bytes)
            #expect(WordEncoding.bigEndianBytes($0.baseAddress!, wordCount: 3, byteCount: 9) == bytes)
        }
        let small: [UInt64] = [5, 7], large: [UInt64] = [4, 8], same: [UInt64] = [5, 7]
        #expect(WordEncoding.isLess(small, large, count: 2) == 1)
        #expect(WordEncoding.isLess(large, small, count: 2) == 0)
        #expect(WordEncoding.isLess(small, same, count: 2) == 0)
    }
}
