import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The C kernels on the CPU's SHA and AES instructions (SHA-1, SHA-256, AES-256-CBC) against the Swift reference: the same
/// pseudo-random inputs through both must give the same bytes. Skipped on a CPU without the
/// instructions (there the Swift code is the only implementation and the other tests cover it).
struct HardwareKernelTests {
    /// Lengths around the 64-byte block and the 55/56-byte padding boundary, and a few long ones.
    static let messageLengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 191, 1000, 1024, 4113]

    static func bytes(_ count: Int, _ generator: inout SeededGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test(.enabled(if: PrimitiveImplementation.fastestSHA == .hardware, "this CPU has no SHA-256 instructions"))
    func sha256KnownAnswersOnTheInstructions() {
        #expect(Hex.string(HardwareSHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.string(HardwareSHA256.hash([UInt8]())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Hex.string(HardwareSHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
            == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(.enabled(if: PrimitiveImplementation.fastestSHA == .hardware, "this CPU has no SHA-256 instructions"), arguments: messageLengths)
    func sha256MatchesTheSwiftCode(length: Int) {
        var generator = SeededGenerator(seed: 0x5A56 &+ UInt64(length))
        for _ in 0..<8 {
            let message = Self.bytes(length, &generator)
            #expect(HardwareSHA256.hash(message) == PortableSHA256.hash(message), "length \(length)")
            // Fed in random pieces: partial blocks buffered between calls, whole blocks in bulk.
            var hasher = SHA256(implementation: .hardware)
            var rest = message[...]
            while !rest.isEmpty {
                let take = Int.random(in: 1...max(1, rest.count), using: &generator)
                hasher.update(rest.prefix(take))
                rest = rest.dropFirst(take)
            }
            #expect(hasher.finalize() == PortableSHA256.hash(message), "length \(length), in pieces")
        }
    }

    @Test(.enabled(if: PrimitiveImplementation.fastestSHA == .hardware, "this CPU has no SHA instructions"), arguments: messageLengths)
    func sha1MatchesTheSwiftCode(length: Int) {
        var generator = SeededGenerator(seed: 0x5A1 &+ UInt64(length))
        for _ in 0..<8 {
            let message = Self.bytes(length, &generator)
            var hardware = SHA1(implementation: .hardware), portable = SHA1(implementation: .portable)
            portable.update(message)
            var rest = message[...]
            while !rest.isEmpty {
                let take = Int.random(in: 1...max(1, rest.count), using: &generator)
                hardware.update(rest.prefix(take))
                rest = rest.dropFirst(take)
            }
            #expect(hardware.finalize() == portable.finalize(), "length \(length)")
        }
    }

    @Test(.enabled(if: PrimitiveImplementation.fastestAES == .hardware, "this CPU has no AES instructions"))
    func aesKnownAnswerOnTheInstructions() throws {
        // NIST SP 800-38A F.2.5, as in AES256CBCTests.
        let key = Hex.bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
        let iv = Hex.bytes("000102030405060708090a0b0c0d0e0f")
        let plaintext = Hex.bytes("6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51")
        let ciphertext = Hex.bytes("f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d")
        #expect(try AES256CBC.encrypt(plaintext, key: key, iv: iv, padding: .none, implementation: .hardware) == ciphertext)
        #expect(try AES256CBC.decrypt(ciphertext, key: key, iv: iv, padding: .none, implementation: .hardware) == plaintext)
    }

    /// Padded messages: each direction on each implementation, crossed.
    @Test(.enabled(if: PrimitiveImplementation.fastestAES == .hardware, "this CPU has no AES instructions"), arguments: messageLengths)
    func aesCBCMatchesTheSwiftCode(length: Int) throws {
        var generator = SeededGenerator(seed: 0xAE5 &+ UInt64(length))
        for _ in 0..<8 {
            let key = Self.bytes(32, &generator), iv = Self.bytes(16, &generator), message = Self.bytes(length, &generator)
            let hardware = try AES256CBC.encrypt(message, key: key, iv: iv, implementation: .hardware)
            let portable = try AES256CBC.encrypt(message, key: key, iv: iv, implementation: .portable)
            #expect(hardware == portable, "length \(length)")
            #expect(try AES256CBC.decrypt(portable, key: key, iv: iv, implementation: .hardware) == message, "length \(length)")
            #expect(try AES256CBC.decrypt(hardware, key: key, iv: iv, implementation: .portable) == message, "length \(length)")
        }
    }

    /// Unpadded whole blocks, 1 to 13 (the hardware decryption works four blocks at a time, then
    /// one at a time): the raw block output of both implementations must agree.
    @Test(.enabled(if: PrimitiveImplementation.fastestAES == .hardware, "this CPU has no AES instructions"), arguments: 1...13)
    func aesCBCDecryptsEveryBlockCountLikeTheSwiftCode(blocks: Int) throws {
        var generator = SeededGenerator(seed: 0xDEC &+ UInt64(blocks))
        let key = Self.bytes(32, &generator), iv = Self.bytes(16, &generator), data = Self.bytes(16 * blocks, &generator)
        #expect(try AES256CBC.decrypt(data, key: key, iv: iv, padding: .none, implementation: .hardware)
            == AES256CBC.decrypt(data, key: key, iv: iv, padding: .none, implementation: .portable))
        #expect(try AES256CBC.encrypt(data, key: key, iv: iv, padding: .none, implementation: .hardware)
            == AES256CBC.encrypt(data, key: key, iv: iv, padding: .none, implementation: .portable))
    }

    /// Bad padding and bad lengths fail the same way on both.
    @Test(.enabled(if: PrimitiveImplementation.fastestAES == .hardware, "this CPU has no AES instructions"))
    func aesErrorsMatchTheSwiftCode() throws {
        var generator = SeededGenerator(seed: 0xBAD)
        let key = Self.bytes(32, &generator), iv = Self.bytes(16, &generator)
        for implementation in PrimitiveImplementation.allCases {
            // A plaintext ending in a zero byte: never valid PKCS#7.
            let zeroTail = try AES256CBC.encrypt(
                Self.bytes(32, &generator) + [UInt8](repeating: 0, count: 16), key: key, iv: iv, padding: .none, implementation: .portable)
            #expect(throws: SymmetricCipherError.invalidPadding) {
                try AES256CBC.decrypt(zeroTail, key: key, iv: iv, implementation: implementation)
            }
            #expect(throws: SymmetricCipherError.invalidInputLength(17)) {
                try AES256CBC.decrypt([UInt8](repeating: 0, count: 17), key: key, iv: iv, implementation: implementation)
            }
            #expect(throws: SymmetricCipherError.invalidKeyLength(31)) {
                try AES256CBC.encrypt([1, 2, 3], key: key.prefix(31), iv: iv, implementation: implementation)
            }
            #expect(throws: SymmetricCipherError.invalidIVLength(15)) {
                try AES256CBC.encrypt([1, 2, 3], key: key, iv: iv.prefix(15), implementation: implementation)
            }
        }
    }
}
