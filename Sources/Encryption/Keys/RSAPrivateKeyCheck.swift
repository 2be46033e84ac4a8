/// The consistency checks a private key must pass when it is read, the ones OpenSSL's
/// `RSA_check_key` makes: n = p·q with p and q prime, d·e ≡ 1 (mod λ(n)), exponent1 = d mod (p−1),
/// exponent2 = d mod (q−1), coefficient = q⁻¹ mod p.
///
/// Without them an inconsistent key loads and then fails every decryption with the same
/// "authentication failed" as a forged token. The checks run once per key and are not constant
/// time (a one-off cost an observer cannot repeat); decryption is.
enum RSAPrivateKeyCheck {
    /// Miller–Rabin rounds per prime. Enough to catch a wrong or corrupted prime with certainty in
    /// practice; a key's owner gains nothing by crafting a pseudoprime.
    static let primalityRounds = 2

    /// The Montgomery contexts of p and q, or the first inconsistency found.
    static func check(
        modulus n: BigUInt, publicExponent e: BigUInt, privateExponent d: BigUInt,
        p: BigUInt, q: BigUInt, dP: BigUInt, dQ: BigUInt, qInv: BigUInt
    ) throws(KeyError) -> (p: MontgomeryContext, q: MontgomeryContext) {
        // n is odd (the public key checked it), so p·q = n makes both odd.
        guard p * q == n, let contextP = MontgomeryContext(modulus: p), let contextQ = MontgomeryContext(modulus: q) else {
            throw .inconsistentPrivateKey(.modulusIsNotProductOfPrimes)
        }
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        guard contextP.isProbablePrime(rounds: primalityRounds, using: &generator),
              contextQ.isProbablePrime(rounds: primalityRounds, using: &generator)
        else { throw .inconsistentPrivateKey(.primeIsComposite) }
        let one = BigUInt(1)
        let pMinusOne = BigUInt.subtracting(p, one) ?? one
        let qMinusOne = BigUInt.subtracting(q, one) ?? one
        // λ(n) = lcm(p−1, q−1): d·e ≡ 1 mod λ(n) exactly when it holds mod p−1 and mod q−1.
        let product = d * e
        guard product.remainder(dividingBy: pMinusOne) == one, product.remainder(dividingBy: qMinusOne) == one else {
            throw .inconsistentPrivateKey(.privateExponentMismatch)
        }
        let expectedP = d.remainder(dividingBy: pMinusOne)
        let expectedQ = d.remainder(dividingBy: qMinusOne)
        let coefficientFits = qInv < p && (qInv * q).remainder(dividingBy: p) == one
        guard dP == expectedP, dQ == expectedQ, coefficientFits else {
            // Name the usual culprit precisely: CRT values written for the other order of primes.
            let swappedCoefficient = qInv < q && (qInv * p).remainder(dividingBy: q) == one
            if dP == expectedQ, dQ == expectedP, swappedCoefficient || !coefficientFits {
                throw .inconsistentPrivateKey(.primesSwapped)
            }
            if dP != expectedP { throw .inconsistentPrivateKey(.firstExponentMismatch) }
            if dQ != expectedQ { throw .inconsistentPrivateKey(.secondExponentMismatch) }
            throw .inconsistentPrivateKey(.coefficientMismatch)
        }
        return (contextP, contextQ)
    }
}
