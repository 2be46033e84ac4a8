internal import PaymentFormConcurrency

/// Base blinding for the private operation: the ciphertext is multiplied by rᵉ before the
/// exponentiation and the result by r⁻¹ after, so the values the exponentiation works on are
/// random and unrelated to the (attacker-chosen) ciphertext.
///
/// As in OpenSSL and BoringSSL, a pair (rᵉ, r⁻¹) is drawn fresh from the system's secure
/// generator every ``refreshInterval`` operations and squared in between (r² is as good a blind
/// as r, and two squarings cost far less than a fresh pair's inversion). Each operation takes
/// the current pair and leaves its square, under a lock, so no two operations ever use the same
/// pair. Shared by every copy of a key value.
final class RSABlinding: Sendable {
    /// Operations per fresh pair (OpenSSL's BN_BLINDING_COUNTER).
    static let refreshInterval = 32

    /// A blinding pair in Montgomery form modulo n: rᵉ·R and r⁻¹·R.
    struct Pair: Sendable {
        var factor: [UInt64]
        var inverse: [UInt64]
    }

    /// The pair the next operation takes, and how many operations used its line since it was drawn.
    private struct State: Sendable {
        var pair: Pair?
        var uses = 0
    }

    private let state = LockedValue(State())

    /// The pair for one operation. The pair left behind is the square of the one returned.
    func next(for key: RSAPublicKey) -> Pair {
        let taken: Pair? = state.withLock { state in
            guard let current = state.pair, state.uses < Self.refreshInterval else { return nil }
            state.pair = Self.squared(current, modulo: key.context)
            state.uses += 1
            return current
        }
        if let taken { return taken }
        // Drawn outside the lock: other operations carry on with the old pair meanwhile.
        let fresh = Self.makePair(for: key)
        let following = Self.squared(fresh, modulo: key.context)
        state.withLock { state in
            state.pair = following
            state.uses = 1
        }
        return fresh
    }

    private static func squared(_ pair: Pair, modulo context: MontgomeryContext) -> Pair {
        var result = pair
        context.withWorkspace(extra: 0) { workspace in
            result.factor.withUnsafeMutableBufferPointer { workspace.square($0.baseAddress.unsafelyUnwrapped, into: $0.baseAddress.unsafelyUnwrapped) }
            result.inverse.withUnsafeMutableBufferPointer { workspace.square($0.baseAddress.unsafelyUnwrapped, into: $0.baseAddress.unsafelyUnwrapped) }
        }
        return result
    }

    /// A fresh pair: r random modulo n, rᵉ by the public exponent, and r⁻¹ by inverting r·t for
    /// another random t (the variable-time inversion only ever sees r·t, which says nothing about
    /// r), then multiplying by t.
    static func makePair(for key: RSAPublicKey) -> Pair {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        let context = key.context
        let k = context.count
        let exponentWords = key.exponent.limbs
        while true {
            let rWords = (0..<k).map { _ in generator.next() as UInt64 }
            let tWords = (0..<k).map { _ in generator.next() as UInt64 }
            // factor = rᵉ·R, tR = t·R (Montgomery forms), product = r·t (normal form).
            let (factor, tR, product) = context.withWorkspace(extra: 8 * k) { workspace in
                let r = workspace.extra, t = r + k, power = t + k, rt = power + k, temporary = rt + k
                rWords.withUnsafeBufferPointer { workspace.toMontgomery($0.baseAddress.unsafelyUnwrapped, count: k, into: r, temporary: temporary) }
                tWords.withUnsafeBufferPointer { workspace.toMontgomery($0.baseAddress.unsafelyUnwrapped, count: k, into: t, temporary: temporary) }
                exponentWords.withUnsafeBufferPointer {
                    workspace.publicPower(r, exponent: $0.baseAddress.unsafelyUnwrapped, exponentCount: $0.count, into: power, temporary: temporary)
                }
                // (r·R)·t·R⁻¹ = r·t, with t as drawn (any value below R will do).
                tWords.withUnsafeBufferPointer { workspace.multiply(r, $0.baseAddress.unsafelyUnwrapped, into: rt) }
                func array(_ pointer: UnsafeMutablePointer<UInt64>) -> [UInt64] { Array(UnsafeBufferPointer(start: pointer, count: k)) }
                return (array(power), array(t), array(rt))
            }
            guard let productInverse = BigUInt(limbs: product).inverse(modulo: context.modulus) else { continue }
            let inverseWords = productInverse.limbs(paddedTo: k)
            // r⁻¹·R = (r·t)⁻¹ · (t·R)·R · R⁻¹: multiply (r·t)⁻¹ by t·R, then convert.
            let inverse = context.withWorkspace(extra: k) { workspace in
                let result = workspace.extra
                inverseWords.withUnsafeBufferPointer { a in
                    tR.withUnsafeBufferPointer { b in
                        workspace.multiply(a.baseAddress.unsafelyUnwrapped, b.baseAddress.unsafelyUnwrapped, into: result)
                    }
                }
                // result = r⁻¹ (normal form); into Montgomery form.
                workspace.multiply(result, workspace.rSquared, into: result)
                return Array(UnsafeBufferPointer(start: result, count: k))
            }
            return Pair(factor: factor, inverse: inverse)
        }
    }
}
