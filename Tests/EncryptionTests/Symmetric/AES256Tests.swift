import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct AES256Tests {
    /// FIPS 197 Appendix C.3 (AES-256 example vector).
    @Test func fips197AppendixC3() throws {
        let cipher = try AES256(key: Hex.bytes("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"))
        let plaintext = Hex.bytes("00112233445566778899aabbccddeeff")
        let ciphertext = try cipher.encrypt(block: plaintext)
        #expect(Hex.string(ciphertext) == "8ea2b7ca516745bfeafc49904b496089")
        #expect(try cipher.decrypt(block: ciphertext) == plaintext)
    }

    @Test(arguments: [0, 16, 31, 33, 64])
    func rejectsWrongKeyLength(length: Int) {
        #expect(throws: SymmetricCipherError.invalidKeyLength(length)) {
            try AES256(key: [UInt8](repeating: 1, count: length))
        }
    }

    @Test func rejectsWrongBlockLength() throws {
        let cipher = try AES256(key: [UInt8](repeating: 1, count: 32))
        #expect(throws: SymmetricCipherError.invalidBlockLength(15)) { try cipher.encrypt(block: [UInt8](repeating: 0, count: 15)) }
        #expect(throws: SymmetricCipherError.invalidBlockLength(17)) { try cipher.decrypt(block: [UInt8](repeating: 0, count: 17)) }
    }
}
