internal import PaymentFormCryptoKernels

/// The modular exponentiations of RSA-2048 on AVX-512 IFMA: the two halves of a private operation
/// at once (`pfe_modexp1024_x2`) and the public operation (`pfe_modexp2048_public`), C kernels in
/// `PaymentFormCryptoKernels`.
///
/// The kernels hold numbers as limbs of 52 bits, which the IFMA instructions multiply eight pairs
/// at a time, keep each column of a Montgomery product in place, and compute the quotient digits,
/// the only sequential part, with scalar multiplications a few columns ahead of the vector work;
/// the private one runs the two chains of Montgomery steps interleaved so one fills the vector
/// units while the other waits. Both are constant-time in the operands: the private one in the
/// same sense as ``MontgomeryContext/Workspace/power(_:exponent:exponentCount:bitCount:into:temporary:)``
/// (fixed 5-bit windows over the public bit count, every table entry read for every window,
/// selections by mask), the public one branches only on the public exponent's bits, like
/// ``MontgomeryContext/Workspace/publicPower(_:exponent:exponentCount:into:temporary:normalBase:)``.
/// Both clear their buffers before returning. Callers check
/// ``PrimitiveImplementation/fastestModularExponentiation`` first.
enum HardwareModularExponentiation {
    /// The size the private kernel works on: moduli of up to 16 words (1,024 bits).
    static let wordCount = 16

    /// The size the public kernel works on: moduli of 32 words (1,985 to 2,048 bits).
    static let publicWordCount = 32

    /// `results.0 = bases.0^exponents.0 mod p`, `results.1 = bases.1^exponents.1 mod q`, where p
    /// and q are the moduli of the two workspaces (16 words each), the bases are in normal form
    /// and below their moduli, the exponents have 16 words of which the low `bitCount` bits are
    /// used, and the results come out in normal form, below their moduli.
    static func power(
        _ base0: UnsafePointer<UInt64>, _ base1: UnsafePointer<UInt64>,
        exponents exponent0: UnsafePointer<UInt64>, _ exponent1: UnsafePointer<UInt64>,
        moduli p: MontgomeryContext.Workspace, _ q: MontgomeryContext.Workspace, bitCount: Int,
        into result0: UnsafeMutablePointer<UInt64>, _ result1: UnsafeMutablePointer<UInt64>
    ) {
        pfe_modexp1024_x2(
            result0, result1, base0, base1, exponent0, exponent1, p.modulus, q.modulus,
            p.rSquared, q.rSquared, p.inverse, q.inverse, min(bitCount, 64 * wordCount))
    }

    /// `result = base^exponent mod n` for the workspace's 32-word modulus n, a base in normal form
    /// below n (it may be secret) and a public exponent of `exponentCount` words; the result comes
    /// out in normal form, below n. `result` may not alias `base`.
    static func publicPower(
        _ base: UnsafePointer<UInt64>, exponent: UnsafePointer<UInt64>, exponentCount: Int,
        modulus n: MontgomeryContext.Workspace, into result: UnsafeMutablePointer<UInt64>
    ) {
        pfe_modexp2048_public(result, base, exponent, exponentCount, n.modulus, n.rSquared, n.inverse)
    }
}
