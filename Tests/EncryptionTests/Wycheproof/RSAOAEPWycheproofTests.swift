import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// RSAES-OAEP decryption against Wycheproof: valid ciphertexts decrypt to the message (labels
/// included), every invalid one (bad padding, wrong label, out-of-range or mis-sized ciphertext)
/// fails with the one indistinguishable error. Applicable: SHA-1 and SHA-256 used for both OAEP
/// and MGF1 (what RSA-OAEP and RSA-OAEP-256 mean); other hash pairs are not supported by design.
@Suite
struct RSAOAEPWycheproofTests {
    struct File: Decodable {
        let testGroups: [Group]
    }

    struct Group: Decodable {
        let keySize: Int
        let sha: String
        let mgfSha: String
        let privateKeyPkcs8: String
        let tests: [Vector]
    }

    struct Vector: Decodable {
        let tcId: Int
        let msg: String
        let ct: String
        let label: String
        let result: Wycheproof.Result
    }

    @Test(arguments: [
        "rsa_oaep_2048_sha1_mgf1sha1_test.json",
        "rsa_oaep_2048_sha256_mgf1sha256_test.json",
        "rsa_oaep_3072_sha256_mgf1sha256_test.json",
        "rsa_oaep_4096_sha256_mgf1sha256_test.json",
        "rsa_oaep_misc_test.json",
    ])
    func decryption(file name: String) throws {
        let file = try Wycheproof.load(name, as: File.self)
        var tally = Wycheproof.Tally()
        for group in file.testGroups {
            guard group.sha == group.mgfSha, group.sha == "SHA-1" || group.sha == "SHA-256" else {
                tally.notApplicable += group.tests.count
                continue
            }
            // Some groups use 1024- and 1536-bit keys: read with the test-vector floor.
            let key = try RSAPrivateKey(derRepresentation: [UInt8](wycheproofHex: group.privateKeyPkcs8), policy: .testVectors)
            #expect(key.publicKey.bitCount == group.keySize)
            for vector in group.tests {
                tally.run += 1
                let ciphertext = [UInt8](wycheproofHex: vector.ct), label = [UInt8](wycheproofHex: vector.label)
                let outcome: Result<[UInt8], RSAOAEPError>
                if group.sha == "SHA-1" {
                    outcome = Result { () throws(RSAOAEPError) in try RSAOAEP.decrypt(ciphertext, with: key, hash: SHA1.self, label: label) }
                } else {
                    outcome = Result { () throws(RSAOAEPError) in try RSAOAEP.decrypt(ciphertext, with: key, hash: SHA256.self, label: label) }
                }
                switch (vector.result, outcome) {
                case (.valid, .success(let message)), (.acceptable, .success(let message)):
                    #expect(message == [UInt8](wycheproofHex: vector.msg), "tcId \(vector.tcId) in \(name)")
                case (.valid, .failure(let error)):
                    Issue.record("tcId \(vector.tcId) in \(name) should decrypt, failed: \(error)")
                case (.invalid, .success):
                    Issue.record("tcId \(vector.tcId) in \(name) should be rejected, decrypted")
                case (.invalid, .failure(let error)):
                    #expect(error == .decryptionFailed)
                case (.acceptable, .failure):
                    break
                }
            }
        }
        #expect(tally.run >= 30, "\(name): \(tally)")
    }
}
