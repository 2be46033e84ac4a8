extension RSAPrivateKey {
    /// `m = c^d mod n` (RFC 8017 §5.1.2 RSADP) on big-endian integers of exactly
    /// ``RSAPublicKey/byteCount`` bytes, or `nil` when the ciphertext has another size, is not
    /// below the modulus, or the result fails the re-encryption check (a fault).
    ///
    /// What an observer could time is independent of the secrets and of the plaintext:
    /// 1. blinding: c·rᵉ mod n for a random r (``RSABlinding``);
    /// 2. CRT: the blinded value reduced modulo p and q (Horner's rule in Montgomery form), then
    ///    raised to exponent1 and exponent2 by the fixed-window exponentiation, which scans its
    ///    whole table for every window;
    /// 3. recombination by Garner's formula, m = m₂ + q·((m₁ − m₂)·qInv mod p), with modular
    ///    subtraction and multiplication by mask, never by comparing secrets;
    /// 4. unblinding by r⁻¹, then mᵉ is compared with c before anything is returned (a fault in
    ///    the CRT computation would otherwise leak a factor of n).
    /// Only the public exponent's bits (in the re-encryption) and the sizes steer the control flow.
    ///
    /// `implementation` chooses the code for the two exponentiations (step 2) and the
    /// re-encryption (step 4): `.hardware` runs both exponentiations at once on AVX-512 IFMA when
    /// the primes are 1,024 bits or less (16 words, as in every 2048-bit key) and the CPU has the
    /// instructions, and the re-encryption there too for a 2048-bit modulus; else the Swift
    /// kernels run. Tests pass each explicitly to compare them.
    func rawDecrypt(
        _ ciphertext: [UInt8], implementation: PrimitiveImplementation = .fastestModularExponentiation
    ) -> [UInt8]? {
        let byteCount = publicKey.byteCount
        guard ciphertext.count == byteCount else { return nil }
        let n = publicKey.context, p = primeP, q = primeQ
        let kN = n.count, kP = p.count, kQ = q.count
        let cipherWords = WordEncoding.words(bigEndian: ciphertext, count: kN)
        let powerP = powerTemporaryCount(kP), powerQ = powerTemporaryCount(kQ)
        // The ciphertext is public: refusing one that is not below n early reveals nothing.
        let inRange = n.withWorkspace(extra: kN) { workspace in
            cipherWords.withUnsafeBufferPointer { WordEncoding.isLess($0.baseAddress.unsafelyUnwrapped, workspace.modulus, count: kN) == 1 }
        }
        guard inRange else { return nil }
        let onHardware = implementation.availableForModularExponentiation == .hardware
            && kP == HardwareModularExponentiation.wordCount && kQ == HardwareModularExponentiation.wordCount
        let blind = blinding.next(for: publicKey)
        let message: [UInt8] = n.withWorkspace(extra: 2 * kN + kP + kQ) { wn in
            let blinded = wn.extra, unblinded = blinded + kN, combined = unblinded + kN
            // 1. c·rᵉ (normal form: multiplying by the Montgomery form rᵉ·R cancels the R⁻¹).
            cipherWords.withUnsafeBufferPointer { c in
                blind.factor.withUnsafeBufferPointer { factor in
                    wn.multiply(c.baseAddress.unsafelyUnwrapped, factor.baseAddress.unsafelyUnwrapped, into: blinded)
                }
            }
            p.withWorkspace(extra: 4 * kP + max(powerP, 2 * kP)) { wp in
                let xP = wp.extra, m1 = xP + kP, m2InP = m1 + kP, difference = m2InP + kP, temporaryP = difference + kP
                q.withWorkspace(extra: 3 * kQ + max(powerQ, 2 * kQ)) { wq in
                    let xQ = wq.extra, m2Montgomery = xQ + kQ, m2 = m2Montgomery + kQ, temporaryQ = m2 + kQ
                    // 2. m₁ = (c·rᵉ)^dP mod p in Montgomery form, m₂ = (c·rᵉ)^dQ mod q in normal form.
                    wp.toMontgomery(blinded, count: kN, into: xP, temporary: temporaryP)
                    wq.toMontgomery(blinded, count: kN, into: xQ, temporary: temporaryQ)
                    if onHardware {
                        // The kernel takes and returns normal forms.
                        wp.fromMontgomery(xP, into: difference, temporary: temporaryP)
                        wq.fromMontgomery(xQ, into: m2Montgomery, temporary: temporaryQ)
                        exponentP.withUnsafeBufferPointer { dP in
                            exponentQ.withUnsafeBufferPointer { dQ in
                                HardwareModularExponentiation.power(
                                    difference, m2Montgomery, exponents: dP.baseAddress.unsafelyUnwrapped, dQ.baseAddress.unsafelyUnwrapped,
                                    moduli: wp, wq, bitCount: max(p.modulus.bitWidth, q.modulus.bitWidth), into: xP, m2)
                            }
                        }
                        wp.toMontgomery(xP, count: kP, into: m1, temporary: temporaryP)
                    } else {
                        exponentP.withUnsafeBufferPointer {
                            wp.power(xP, exponent: $0.baseAddress.unsafelyUnwrapped, exponentCount: kP, bitCount: p.modulus.bitWidth, into: m1, temporary: temporaryP)
                        }
                        exponentQ.withUnsafeBufferPointer {
                            wq.power(xQ, exponent: $0.baseAddress.unsafelyUnwrapped, exponentCount: kQ, bitCount: q.modulus.bitWidth, into: m2Montgomery, temporary: temporaryQ)
                        }
                        wq.fromMontgomery(m2Montgomery, into: m2, temporary: temporaryQ)
                    }
                    // 3. h = (m₁ − m₂)·qInv mod p: the difference in Montgomery form, then one
                    //    Montgomery multiplication by qInv (normal form) leaves h in normal form.
                    wp.toMontgomery(m2, count: kQ, into: m2InP, temporary: temporaryP)
                    MontgomeryContext.subtractModulo(m1, m2InP, into: difference, modulus: wp.modulus, count: kP, scratch: xP)
                    coefficient.withUnsafeBufferPointer { wp.multiply(difference, $0.baseAddress.unsafelyUnwrapped, into: xP) }
                    //    m' = m₂ + q·h < n (p + q words, the top ones zero).
                    LimbArithmetic.multiply(wq.modulus, count: kQ, xP, count: kP, into: combined)
                    var carry: UInt64 = 0
                    for index in 0..<(kP + kQ) {
                        (combined[index], carry) = LimbArithmetic.add(combined[index], index < kQ ? m2[index] : 0, carry: carry)
                    }
                }
            }
            // 4. m = m'·r⁻¹ (multiplying by the Montgomery form r⁻¹·R cancels the R⁻¹).
            blind.inverse.withUnsafeBufferPointer { inverse in
                wn.multiply(combined, inverse.baseAddress.unsafelyUnwrapped, into: unblinded)
            }
            return WordEncoding.bigEndianBytes(unblinded, wordCount: kN, byteCount: byteCount)
        }
        // The fault check: only a correct result re-encrypts to the ciphertext.
        guard publicKey.rawEncrypt(message, implementation: implementation) == ciphertext else { return nil }
        return message
    }

    private func powerTemporaryCount(_ k: Int) -> Int {
        ((1 << MontgomeryContext.windowBits) + 2) * k + (1 << MontgomeryContext.windowBits)
    }
}
