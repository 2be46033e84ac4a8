extension BigUInt {
    /// `self⁻¹ mod modulus` for an odd modulus, or `nil` when they share a factor.
    ///
    /// Binary extended Euclid: fast, but its running time depends on the value. Use it only on
    /// values that are random and independent of any secret (the RSA blinding inverts r·t for a
    /// fresh random t, then multiplies the result by t), never on a secret itself.
    func inverse(modulo modulus: BigUInt) -> BigUInt? {
        guard modulus.isOdd, modulus.bitWidth > 1 else { return nil }
        let k = modulus.limbs.count + 1
        let reduced = self < modulus ? self : remainder(dividingBy: modulus)
        guard !reduced.isZero else { return nil }
        var u = reduced.limbs(paddedTo: k), v = modulus.limbs(paddedTo: k)
        var x1 = [UInt64](repeating: 0, count: k), x2 = [UInt64](repeating: 0, count: k)
        x1[0] = 1
        let n = modulus.limbs(paddedTo: k)
        func isOne(_ words: [UInt64]) -> Bool { words[0] == 1 && !words[1...].contains { $0 != 0 } }
        func isZero(_ words: [UInt64]) -> Bool { !words.contains { $0 != 0 } }
        /// words /= 2 (x: the matching coefficient, halved modulo n).
        func halve(_ words: inout [UInt64], _ x: inout [UInt64]) {
            while words[0] & 1 == 0 {
                Self.shiftRightOne(&words)
                if x[0] & 1 == 1 { Self.addInPlace(&x, n) }
                Self.shiftRightOne(&x)
            }
        }
        while !isOne(u), !isOne(v) {
            guard !isZero(u), !isZero(v) else { return nil }
            halve(&u, &x1)
            halve(&v, &x2)
            if BigUInt.compare(u, v) >= 0 {
                Self.subtractInPlace(&u, v)
                Self.subtractModulo(&x1, x2, n)
            } else {
                Self.subtractInPlace(&v, u)
                Self.subtractModulo(&x2, x1, n)
            }
        }
        return BigUInt(limbs: isOne(u) ? x1 : x2)
    }

    private static func shiftRightOne(_ words: inout [UInt64]) {
        for index in words.indices {
            let next = index + 1 < words.count ? words[index + 1] : 0
            words[index] = words[index] >> 1 | next << 63
        }
    }

    private static func addInPlace(_ a: inout [UInt64], _ b: [UInt64]) {
        var carry: UInt64 = 0
        for index in a.indices { (a[index], carry) = LimbArithmetic.add(a[index], b[index], carry: carry) }
    }

    private static func subtractInPlace(_ a: inout [UInt64], _ b: [UInt64]) {
        var borrow: UInt64 = 0
        for index in a.indices { (a[index], borrow) = LimbArithmetic.subtract(a[index], b[index], borrow: borrow) }
    }

    /// a = (a − b) mod n for a, b < n.
    private static func subtractModulo(_ a: inout [UInt64], _ b: [UInt64], _ n: [UInt64]) {
        if compare(a, b) < 0 { addInPlace(&a, n) }
        subtractInPlace(&a, b)
    }
}
