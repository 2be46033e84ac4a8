#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The operating system's secure random source, read 256 bytes at a time.
///
/// `SystemRandomNumberGenerator` makes a system call for every 8 bytes; an encryption needs
/// about 100 (content key, IV, OAEP seed, nonce), and 13 calls cost more than the AES and HMAC
/// together. This reads the same kernel source (`getentropy`, which is `getrandom` on Linux and
/// the system CSPRNG on Apple platforms) in one call, and falls back to
/// `SystemRandomNumberGenerator` if that call fails. In WebAssembly it asks the host once per
/// 256 bytes too, through the module's `arc4random_buf` (the standard library's generator would
/// cross into JavaScript for every 8 bytes). Words are cleared from the buffer as they are
/// handed out; ``wipe()`` clears the rest. Use one value per operation, never shared.
///
/// ```swift
/// var generator = BulkSystemRandomNumberGenerator()
/// defer { generator.wipe() }
/// let token = try JWE.encrypt(payload, for: key, keyId: id, using: &generator)
/// ```
package struct BulkSystemRandomNumberGenerator: RandomNumberGenerator {
    private var buffer = SIMD32<UInt64>()
    private var index = 32

    /// A generator with nothing drawn yet.
    package init() {}

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        if index == 32 { refill() }
        let word = buffer[index]
        buffer[index] = 0
        index += 1
        return word
    }

    /// Clears the words not handed out.
    package mutating func wipe() {
        buffer = SIMD32()
        index = 32
    }

    private mutating func refill() {
        #if arch(wasm32)
        // WebAssembly has no kernel: the host fills the buffer (`crypto.getRandomValues`), or
        // traps; there is no failure to fall back from.
        withUnsafeMutableBytes(of: &buffer) { bytes in
            hostRandomBytes(bytes.baseAddress.unsafelyUnwrapped, bytes.count)
        }
        #else
        let filled = withUnsafeMutableBytes(of: &buffer) { bytes in
            getentropy(bytes.baseAddress.unsafelyUnwrapped, bytes.count) == 0
        }
        if !filled {
            var system = SystemRandomNumberGenerator()
            for word in 0..<32 { buffer[word] = system.next() }
        }
        #endif
        index = 0
    }
}

#if arch(wasm32)
/// The WebAssembly module's random source (Sources/WebSupport/Runtime.c: the host's
/// `crypto.getRandomValues`).
@_extern(c, "arc4random_buf")
private func hostRandomBytes(_ buffer: UnsafeMutableRawPointer, _ count: Int)
#endif
