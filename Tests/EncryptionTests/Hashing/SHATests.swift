import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// FIPS 180-4 examples (NIST "Example Algorithms" for SHA-1, SHA-256, SHA-512).
struct SHATests {
    static let abc = Array("abc".utf8)
    static let message448 = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    static let message896 = Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
        + "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)
    static let millionA = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)

    static func sha1(_ message: [UInt8], on implementation: PrimitiveImplementation) -> [UInt8] {
        var hasher = SHA1(implementation: implementation)
        hasher.update(message)
        return hasher.finalize()
    }

    static func sha256(_ message: [UInt8], on implementation: PrimitiveImplementation) -> [UInt8] {
        var hasher = SHA256(implementation: implementation)
        hasher.update(message)
        return hasher.finalize()
    }

    /// On the Swift code and, where the CPU has the SHA extensions, on the hardware kernel.
    @Test(arguments: PrimitiveImplementation.runnableForSHA)
    func sha1KnownAnswers(implementation: PrimitiveImplementation) {
        #expect(Hex.string(Self.sha1(Self.abc, on: implementation)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(Hex.string(Self.sha1(Self.message448, on: implementation)) == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(Hex.string(Self.sha1(Self.message896, on: implementation)) == "a49b2446a02c645bf419f995b67091253a04a259")
        #expect(Hex.string(Self.sha1(Self.millionA, on: implementation)) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(Hex.string(Self.sha1([UInt8](), on: implementation)) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test(arguments: PrimitiveImplementation.runnableForSHA)
    func sha256KnownAnswers(implementation: PrimitiveImplementation) {
        #expect(Hex.string(Self.sha256(Self.abc, on: implementation)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.string(Self.sha256(Self.message448, on: implementation)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Hex.string(Self.sha256(Self.message896, on: implementation)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
        #expect(Hex.string(Self.sha256(Self.millionA, on: implementation)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(Hex.string(Self.sha256([UInt8](), on: implementation)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func sha512KnownAnswers() {
        #expect(Hex.string(SHA512.hash(Self.abc)) == "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
        #expect(Hex.string(SHA512.hash(Self.message448)) == "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445")
        #expect(Hex.string(SHA512.hash(Self.message896)) == "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909")
        #expect(Hex.string(SHA512.hash(Self.millionA)) == "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
    }

    /// Feeding the same message in uneven pieces (crossing block boundaries) gives the one-shot digest.
    @Test(arguments: [1, 3, 63, 64, 65, 127, 128, 129, 1000])
    func streamingMatchesOneShot(chunk: Int) {
        let message = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        var sha1 = SHA1(), sha256 = SHA256(), sha512 = SHA512()
        var start = 0
        while start < message.count {
            let piece = message[start..<min(start + chunk, message.count)]
            sha1.update(piece); sha256.update(piece); sha512.update(piece)
            start += chunk
        }
        #expect(sha1.finalize() == SHA1.hash(message))
        #expect(sha256.finalize() == SHA256.hash(message))
        #expect(sha512.finalize() == SHA512.hash(message))
    }

    /// Message lengths around the padding boundary (55/56/64 bytes for 64-byte blocks, 111/112/128
    /// for SHA-512) against digests computed by Python's hashlib.
    @Test(arguments: PrimitiveImplementation.runnableForSHA)
    func paddingBoundaries(implementation: PrimitiveImplementation) {
        let lengths = [55, 56, 64, 111, 112, 128]
        for length in lengths {
            let message = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(Hex.string(Self.sha256(message, on: implementation)) == PythonDigests.sha256[length])
            #expect(Hex.string(SHA512.hash(message)) == PythonDigests.sha512[length])
            #expect(Hex.string(Self.sha1(message, on: implementation)) == PythonDigests.sha1[length])
        }
    }
}
