extension MontgomeryContext {
    /// Whether the modulus passes `rounds` Miller–Rabin tests with random bases (FIPS 186-5
    /// B.3.1): a composite passes one round with probability at most 1/4, a prime always passes.
    ///
    /// For checking keys when they are read (as OpenSSL's `RSA_check_key` checks the primes), not
    /// for generating primes. The exponentiation is the constant-time one; the comparisons that
    /// follow it are not, which reveals at most how many squarings a prime's test took, once per
    /// key load.
    func isProbablePrime(rounds: Int, using generator: inout some RandomNumberGenerator) -> Bool {
        let n = modulus
        guard n.bitWidth > 3 else { return n == BigUInt(3) || n == BigUInt(5) || n == BigUInt(7) }
        // n − 1 = 2^s · odd
        let nMinusOne = BigUInt.subtracting(n, BigUInt(1)) ?? BigUInt(0)
        var twos = 0
        while !nMinusOne.bit(at: twos) { twos += 1 }
        let odd = nMinusOne.shiftedRight(by: twos)
        let k = count
        let oddWords = odd.limbs(paddedTo: k)
        return withPowerWorkspace { workspace, temporary in
            let base = temporary, x = base + k, one = x + k, minusOne = one + k, rest = minusOne + k
            workspace.montgomeryOne(into: one, temporary: rest)
            _ = LimbArithmetic.subtract(workspace.modulus, one, into: minusOne, count: k)
            func equal(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>) -> Bool {
                (0..<k).allSatisfy { a[$0] == b[$0] }
            }
            for _ in 0..<rounds {
                // A random base other than 0, 1 and n − 1 (in Montgomery form).
                repeat {
                    for index in 0..<k { rest[index] = generator.next() }
                    workspace.toMontgomery(rest, count: k, into: base, temporary: rest + k)
                } while (0..<k).allSatisfy({ base[$0] == 0 }) || equal(base, one) || equal(base, minusOne)
                oddWords.withUnsafeBufferPointer { e in
                    workspace.power(base, exponent: e.baseAddress.unsafelyUnwrapped, exponentCount: k, bitCount: n.bitWidth, into: x, temporary: rest)
                }
                if equal(x, one) || equal(x, minusOne) { continue }
                var passed = false
                for _ in 1..<max(twos, 1) {
                    workspace.square(x, into: x)
                    if equal(x, minusOne) { passed = true; break }
                    if equal(x, one) { break }
                }
                if !passed { return false }
            }
            return true
        }
    }
}

extension BigUInt {
    /// `self >> count`.
    func shiftedRight(by count: Int) -> BigUInt {
        let wordShift = count / 64, bitShift = UInt64(count % 64)
        guard wordShift < limbs.count else { return BigUInt(limbs: []) }
        var words = [UInt64](repeating: 0, count: limbs.count - wordShift)
        for index in words.indices {
            let low = limbs[index + wordShift] >> bitShift
            let high = bitShift == 0 || index + wordShift + 1 >= limbs.count ? 0 : limbs[index + wordShift + 1] << (64 - bitShift)
            words[index] = low | high
        }
        return BigUInt(limbs: words)
    }
}
