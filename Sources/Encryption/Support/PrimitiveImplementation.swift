internal import PaymentFormCryptoKernels

/// Which code computes SHA-1, SHA-256, AES-256 or the exponentiations of RSA-2048 (the private
/// operation's two halves, the public operation): the Swift reference or the CPU's instructions.
///
/// The Swift code is the reference and runs everywhere. On x86-64 CPUs with the SHA extensions,
/// AES-NI or AVX-512 IFMA, the C kernels of `PaymentFormCryptoKernels` run the same algorithm
/// several times faster (pure Swift cannot reach the instructions). The choice is made once per process from CPUID;
/// tests pass an implementation explicitly to check one against the other.
///
/// ```swift
/// let digest = SHA256.hash(message)                                   // fastest available
/// var reference = SHA256(implementation: .portable)                   // the Swift code
/// ```
package enum PrimitiveImplementation: Sendable, Hashable, CaseIterable {
    /// The Swift code, on every platform.
    case portable
    /// The CPU's instructions through the C kernels (x86-64 only).
    case hardware

    /// `.hardware` when this CPU has the SHA extensions (SHA-1 and SHA-256), else `.portable`.
    package static let fastestSHA: PrimitiveImplementation = pfe_cpu_has_sha_extensions() != 0 ? .hardware : .portable

    /// `.hardware` when this CPU has the AES instructions, else `.portable`.
    package static let fastestAES: PrimitiveImplementation = pfe_cpu_has_aes() != 0 ? .hardware : .portable

    /// `.hardware` when this CPU has AVX-512 IFMA (the 52-bit multiply-add instructions) and the
    /// operating system saves its registers, else `.portable`.
    package static let fastestModularExponentiation: PrimitiveImplementation =
        pfe_cpu_has_avx512_ifma() != 0 ? .hardware : .portable

    /// `self` for SHA-1 and SHA-256 if this CPU can run it, else `.portable` (so asking for hardware on a
    /// CPU without it computes the same result the slow way instead of failing).
    var availableForSHA: PrimitiveImplementation { self == .hardware ? Self.fastestSHA : .portable }

    /// `self` for AES if this CPU can run it, else `.portable`.
    var availableForAES: PrimitiveImplementation { self == .hardware ? Self.fastestAES : .portable }

    /// `self` for the exponentiations of RSA-2048 (private and public operations) if this CPU can
    /// run it, else `.portable`.
    var availableForModularExponentiation: PrimitiveImplementation {
        self == .hardware ? Self.fastestModularExponentiation : .portable
    }
}
