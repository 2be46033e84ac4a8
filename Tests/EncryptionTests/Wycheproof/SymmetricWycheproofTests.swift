import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

/// AES-256-CBC with PKCS#7, HMAC-SHA-256/512 and A256CBC-HS512 against Wycheproof. Applicable:
/// 256-bit AES keys (the only AES this library has); every HMAC and A256CBC-HS512 vector.
@Suite
struct SymmetricWycheproofTests {
    struct AESFile: Decodable {
        struct Group: Decodable {
            let keySize: Int
            let ivSize: Int
            let tests: [Vector]
        }

        struct Vector: Decodable {
            let tcId: Int
            let key, iv, msg, ct: String
            let result: Wycheproof.Result
        }

        let testGroups: [Group]
    }

    /// On the Swift code and, where the CPU has AES-NI, on the hardware kernel.
    @Test(arguments: PrimitiveImplementation.runnableForAES)
    func aes256CBCWithPKCS7(implementation: PrimitiveImplementation) throws {
        let file = try Wycheproof.load("aes_cbc_pkcs5_test.json", as: AESFile.self)
        var tally = Wycheproof.Tally()
        for group in file.testGroups {
            guard group.keySize == 256, group.ivSize == 128 else {
                tally.notApplicable += group.tests.count
                continue
            }
            for vector in group.tests {
                tally.run += 1
                let key = [UInt8](wycheproofHex: vector.key), iv = [UInt8](wycheproofHex: vector.iv)
                let message = [UInt8](wycheproofHex: vector.msg), ciphertext = [UInt8](wycheproofHex: vector.ct)
                switch vector.result {
                case .valid, .acceptable:
                    #expect(try AES256CBC.encrypt(message, key: key, iv: iv, implementation: implementation) == ciphertext, "tcId \(vector.tcId)")
                    #expect(try AES256CBC.decrypt(ciphertext, key: key, iv: iv, implementation: implementation) == message, "tcId \(vector.tcId)")
                case .invalid:
                    #expect(throws: SymmetricCipherError.self, "tcId \(vector.tcId)") {
                        try AES256CBC.decrypt(ciphertext, key: key, iv: iv, implementation: implementation)
                    }
                }
            }
        }
        #expect(tally.run >= 70, "\(tally)")
    }

    struct MACFile: Decodable {
        struct Group: Decodable {
            let tagSize: Int
            let tests: [Vector]
        }

        struct Vector: Decodable {
            let tcId: Int
            let key, msg, tag: String
            let result: Wycheproof.Result
        }

        let testGroups: [Group]
    }

    /// HMAC-SHA-256 on the Swift SHA-256 and, where the CPU has the SHA extensions, on the
    /// hardware kernel; HMAC-SHA-512 (Swift only).
    @Test(arguments: [("hmac_sha256_test.json", .portable), ("hmac_sha256_test.json", .hardware), ("hmac_sha512_test.json", .portable)]
        .filter { PrimitiveImplementation.runnableForSHA.contains($0.1) } as [(String, PrimitiveImplementation)])
    func hmac(file name: String, sha256 implementation: PrimitiveImplementation) throws {
        let file = try Wycheproof.load(name, as: MACFile.self)
        var run = 0
        for group in file.testGroups {
            for vector in group.tests {
                run += 1
                let key = [UInt8](wycheproofHex: vector.key), message = [UInt8](wycheproofHex: vector.msg)
                let full = name.contains("512")
                    ? HMAC<SHA512>.authenticationCode(for: message, key: key)
                    : implementation == .hardware
                        ? HMAC<HardwareSHA256>.authenticationCode(for: message, key: key)
                        : HMAC<PortableSHA256>.authenticationCode(for: message, key: key)
                // Truncated tags compare the leading bytes (RFC 2104 §5).
                let matches = ConstantTime.equals(full.prefix(group.tagSize / 8), [UInt8](wycheproofHex: vector.tag))
                #expect(matches == (vector.result != .invalid), "tcId \(vector.tcId) in \(name)")
            }
        }
        #expect(run >= 170)
    }

    struct AEADFile: Decodable {
        struct Group: Decodable {
            let ivSize: Int
            let keySize: Int
            let tagSize: Int
            let tests: [Vector]
        }

        struct Vector: Decodable {
            let tcId: Int
            let key, iv, aad, msg, ct, tag: String
            let result: Wycheproof.Result
        }

        let testGroups: [Group]
    }

    @Test func a256CBCHS512() throws {
        let file = try Wycheproof.load("a256cbc_hs512_test.json", as: AEADFile.self)
        var tally = Wycheproof.Tally()
        for group in file.testGroups {
            guard group.keySize == 512, group.ivSize == 128, group.tagSize == 256 else {
                tally.notApplicable += group.tests.count
                continue
            }
            for vector in group.tests {
                tally.run += 1
                let key = [UInt8](wycheproofHex: vector.key), iv = [UInt8](wycheproofHex: vector.iv)
                let aad = [UInt8](wycheproofHex: vector.aad), message = [UInt8](wycheproofHex: vector.msg)
                let ciphertext = [UInt8](wycheproofHex: vector.ct), tag = [UInt8](wycheproofHex: vector.tag)
                switch vector.result {
                case .valid, .acceptable:
                    let sealed = try A256CBCHS512.seal(message, key: key, iv: iv, additionalData: aad)
                    #expect(sealed.ciphertext == ciphertext && sealed.tag == tag, "tcId \(vector.tcId)")
                    #expect(try A256CBCHS512.open(ciphertext, tag: tag, key: key, iv: iv, additionalData: aad) == message, "tcId \(vector.tcId)")
                case .invalid:
                    #expect(throws: SymmetricCipherError.self, "tcId \(vector.tcId)") {
                        try A256CBCHS512.open(ciphertext, tag: tag, key: key, iv: iv, additionalData: aad)
                    }
                }
            }
        }
        #expect(tally.run >= 90, "\(tally)")
    }
}
