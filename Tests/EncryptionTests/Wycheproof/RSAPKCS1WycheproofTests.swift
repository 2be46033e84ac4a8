import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// The raw private operation (blinded constant-time CRT with the re-encryption check) against
/// Wycheproof's RSAES-PKCS1-v1_5 vectors. This library does not offer PKCS#1 v1.5 decryption
/// (only OAEP), so the padding is checked here, by the test: valid ciphertexts must give exactly
/// 00 02 PS 00 M; ciphertexts of the wrong size or not below n must be refused by the raw
/// operation itself; the rest must decrypt to something whose padding is indeed invalid.
@Suite
struct RSAPKCS1WycheproofTests {
    struct File: Decodable {
        let testGroups: [Group]
    }

    struct Group: Decodable {
        let privateKeyPkcs8: String
        let tests: [Vector]
    }

    struct Vector: Decodable {
        let tcId: Int
        let msg: String
        let ct: String
        let result: Wycheproof.Result
        let flags: [String]
    }

    /// RFC 8017 §7.2.2 step 3: the message of 0x00 ‖ 0x02 ‖ PS (≥ 8 non-zero bytes) ‖ 0x00 ‖ M.
    static func pkcs1Message(_ encoded: [UInt8]) -> [UInt8]? {
        guard encoded.count >= 11, encoded[0] == 0, encoded[1] == 2,
              let separator = encoded[2...].firstIndex(of: 0), separator >= 10
        else { return nil }
        return Array(encoded[(separator + 1)...])
    }

    @Test func rawPrivateOperation() throws {
        let file = try Wycheproof.load("rsa_pkcs1_2048_test.json", as: File.self)
        var run = 0
        for group in file.testGroups {
            let key = try RSAPrivateKey(derRepresentation: [UInt8](wycheproofHex: group.privateKeyPkcs8))
            for vector in group.tests {
                run += 1
                let ciphertext = [UInt8](wycheproofHex: vector.ct)
                let decoded = key.rawDecrypt(ciphertext)
                if vector.flags.contains("InvalidCiphertextFormat") {
                    #expect(decoded == nil, "tcId \(vector.tcId): a ciphertext of the wrong size or not below n must be refused")
                    continue
                }
                let encoded = try #require(decoded, "tcId \(vector.tcId): the raw operation failed")
                // Independent check of the raw result: it re-encrypts to the ciphertext.
                #expect(key.publicKey.rawEncrypt(encoded) == ciphertext)
                switch vector.result {
                case .valid:
                    #expect(Self.pkcs1Message(encoded) == [UInt8](wycheproofHex: vector.msg), "tcId \(vector.tcId)")
                case .invalid:
                    #expect(Self.pkcs1Message(encoded) == nil, "tcId \(vector.tcId): padding should be invalid")
                case .acceptable:
                    break
                }
            }
        }
        #expect(run >= 60)
    }
}
