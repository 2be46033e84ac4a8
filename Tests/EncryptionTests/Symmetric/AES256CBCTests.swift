import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct AES256CBCTests {
    // NIST SP 800-38A Appendix F.2.5 (CBC-AES256.Encrypt) and F.2.6 (CBC-AES256.Decrypt).
    static let key = Hex.bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
    static let iv = Hex.bytes("000102030405060708090a0b0c0d0e0f")
    static let plaintext = Hex.bytes("""
        6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
        30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710
        """)
    static let ciphertext = Hex.bytes("""
        f58c4c04d6e5f1ba779eabfb5f7bfbd6 9cfc4e967edb808d679f777bc6702c7d
        39f23369a9d9bacfa530e26304231461 b2eb05e2c39be9fcda6c19078c6a9d1b
        """)

    /// On the Swift code and, where the CPU has AES-NI, on the hardware kernel.
    @Test(arguments: PrimitiveImplementation.runnableForAES)
    func sp80038aF25Encrypt(implementation: PrimitiveImplementation) throws {
        #expect(try AES256CBC.encrypt(Self.plaintext, key: Self.key, iv: Self.iv, padding: .none, implementation: implementation) == Self.ciphertext)
    }

    @Test(arguments: PrimitiveImplementation.runnableForAES)
    func sp80038aF26Decrypt(implementation: PrimitiveImplementation) throws {
        #expect(try AES256CBC.decrypt(Self.ciphertext, key: Self.key, iv: Self.iv, padding: .none, implementation: implementation) == Self.plaintext)
    }

    /// With PKCS#7 the NIST blocks gain one full padding block; the first four stay the vector.
    @Test func pkcs7AddsAFullBlockToWholeBlockInput() throws {
        let padded = try AES256CBC.encrypt(Self.plaintext, key: Self.key, iv: Self.iv)
        #expect(padded.count == 80)
        #expect(Array(padded.prefix(64)) == Self.ciphertext)
        #expect(try AES256CBC.decrypt(padded, key: Self.key, iv: Self.iv) == Self.plaintext)
    }

    @Test(arguments: [0, 1, 15, 16, 17, 31, 32, 33, 300])
    func roundTrips(length: Int) throws {
        let message = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let sealed = try AES256CBC.encrypt(message, key: Self.key, iv: Self.iv)
        #expect(sealed.count == (length / 16 + 1) * 16)
        #expect(try AES256CBC.decrypt(sealed, key: Self.key, iv: Self.iv) == message)
    }

    /// Encrypting chosen last blocks without padding lets us decrypt them with PKCS#7 and see
    /// every malformed padding rejected with the one typed error.
    @Test(arguments: [
        [UInt8](repeating: 0, count: 16),                                   // pad byte 0
        [UInt8](repeating: 17, count: 16),                                  // pad byte > 16
        [UInt8](repeating: 0xFF, count: 16),
        [UInt8](repeating: 0, count: 14) + [1, 2],                          // 2 announced, 1 matches
        [UInt8](repeating: 3, count: 13) + [4, 4, 4],                       // 4 announced, 3 match
        [UInt8](repeating: 16, count: 15) + [15],                           // 15 announced, preceding bytes are 16
        [9] + [UInt8](repeating: 16, count: 15),                            // 16 announced, first byte wrong
    ])
    func rejectsBadPadding(lastBlock: [UInt8]) throws {
        // Where the announced length is in range and every byte matches, it is valid padding.
        let last = Int(lastBlock[15])
        let valid = (1...16).contains(last) && lastBlock.suffix(last).allSatisfy { Int($0) == last }
        let sealed = try AES256CBC.encrypt(lastBlock, key: Self.key, iv: Self.iv, padding: .none)
        if valid {
            #expect(try AES256CBC.decrypt(sealed, key: Self.key, iv: Self.iv).count == 16 - last)
        } else {
            #expect(throws: SymmetricCipherError.invalidPadding) {
                try AES256CBC.decrypt(sealed, key: Self.key, iv: Self.iv)
            }
        }
    }

    @Test func acceptsEverySinglePadLength() throws {
        for pad in 1...16 {
            let block = [UInt8](repeating: 0xAA, count: 16 - pad) + [UInt8](repeating: UInt8(pad), count: pad)
            let sealed = try AES256CBC.encrypt(block, key: Self.key, iv: Self.iv, padding: .none)
            #expect(try AES256CBC.decrypt(sealed, key: Self.key, iv: Self.iv) == [UInt8](repeating: 0xAA, count: 16 - pad))
        }
    }

    @Test func rejectsBadLengths() {
        #expect(throws: SymmetricCipherError.invalidIVLength(15)) {
            try AES256CBC.encrypt([1], key: Self.key, iv: [UInt8](repeating: 0, count: 15))
        }
        #expect(throws: SymmetricCipherError.invalidInputLength(17)) {
            try AES256CBC.decrypt([UInt8](repeating: 0, count: 17), key: Self.key, iv: Self.iv)
        }
        #expect(throws: SymmetricCipherError.invalidInputLength(0)) {
            try AES256CBC.decrypt([UInt8](), key: Self.key, iv: Self.iv)
        }
        #expect(throws: SymmetricCipherError.invalidInputLength(5)) {
            try AES256CBC.encrypt([UInt8](repeating: 0, count: 5), key: Self.key, iv: Self.iv, padding: .none)
        }
    }
}
