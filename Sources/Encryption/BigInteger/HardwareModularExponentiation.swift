internal import PaymentFormCryptoKernels

/// The two exponentiations of an RSA-2048 private operation at once, on AVX-512 IFMA (the C
/// kernel `pfe_modexp1024_x2` in `PaymentFormCryptoKernels`).
///
/// The kernel holds numbers as 20 limbs of 52 bits, which the IFMA instructions multiply eight
/// pairs at a time, and runs the two chains of Montgomery steps interleaved so the second fills
/// the vector units while the first waits on its quotient digit. It is constant-time in the same
/// sense as ``MontgomeryContext/Workspace/power(_:exponent:exponentCount:bitCount:into:temporary:)``
/// (fixed 5-bit windows over the public bit count, every table entry read for every window,
/// selections by mask) and clears its stack before returning. Callers check
/// ``PrimitiveImplementation/fastestModularExponentiation`` first.
enum HardwareModularExponentiation {
    /// The size the kernel works on: moduli of up to 16 words (1,024 bits).
    static let wordCount = 16

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
}
