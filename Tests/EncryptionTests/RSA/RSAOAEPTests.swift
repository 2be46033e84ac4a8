import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct RSAOAEPTests {
    @Test(arguments: OAEPVectors.all)
    func decryptionReproducesTheMessage(vector: OAEPVector) throws {
        let key = try vector.key.privateKey()
        let message = try RSAOAEP.decrypt(Hex.bytes(vector.ciphertext), with: key, hash: SHA1.self)
        #expect(Hex.string(message) == vector.message)
    }

    @Test(arguments: OAEPVectors.all)
    func encryptionWithTheSeedReproducesTheCiphertext(vector: OAEPVector) throws {
        let key = try vector.key.privateKey().publicKey
        let ciphertext = try RSAOAEP.encrypt(Hex.bytes(vector.message), for: key, hash: SHA1.self, seed: Hex.bytes(vector.seed))
        #expect(Hex.string(ciphertext) == vector.ciphertext.filter { !$0.isWhitespace })
    }

    @Test func sha256VectorsDecrypt() throws {
        let key = try OAEP256Vectors.key.privateKey()
        for example in OAEP256Vectors.examples {
            let message = try RSAOAEP.decrypt(Hex.bytes(example.ciphertext), with: key, hash: SHA256.self)
            #expect(Hex.string(message) == example.message)
            // The same ciphertext is not valid under SHA-1 parameters: digests must not be mixed.
            #expect(throws: RSAOAEPError.decryptionFailed) {
                try RSAOAEP.decrypt(Hex.bytes(example.ciphertext), with: key, hash: SHA1.self)
            }
        }
    }

    @Test func roundTripsWithTheDemoKey() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        var generator = SeededGenerator(seed: 42)
        for length in [0, 1, 64, 190] {
            let message = RandomBytes.make(count: length, using: &generator)
            let sealed1 = try RSAOAEP.encrypt(message, for: privateKey.publicKey, hash: SHA1.self, using: &generator)
            let sealed256 = try RSAOAEP.encrypt(message, for: privateKey.publicKey, hash: SHA256.self, using: &generator)
            #expect(sealed1.count == 256 && sealed256.count == 256)
            #expect(try RSAOAEP.decrypt(sealed1, with: privateKey, hash: SHA1.self) == message)
            #expect(try RSAOAEP.decrypt(sealed256, with: privateKey, hash: SHA256.self) == message)
        }
    }

    @Test func refusesMessagesLongerThanTheKeyAllows() throws {
        let key = try Fixtures.demoRSAPublicKey()
        #expect(throws: RSAOAEPError.messageTooLong(maximum: 214)) {
            try RSAOAEP.encrypt([UInt8](repeating: 1, count: 215), for: key, hash: SHA1.self)
        }
        #expect(throws: RSAOAEPError.messageTooLong(maximum: 190)) {
            try RSAOAEP.encrypt([UInt8](repeating: 1, count: 191), for: key, hash: SHA256.self)
        }
        #expect(try RSAOAEP.encrypt([UInt8](repeating: 1, count: 214), for: key, hash: SHA1.self).count == 256)
    }

    /// Wrong length, out-of-range integers, and any flipped bit all give the same single error.
    @Test func everyFailureIsTheSameError() throws {
        let key = try OAEPVectors.all[0].key.privateKey()
        let ciphertext = Hex.bytes(OAEPVectors.all[0].ciphertext)
        var candidates: [[UInt8]] = [[], Array(ciphertext.dropLast()), ciphertext + [0], [UInt8](repeating: 0xFF, count: ciphertext.count)]
        for index in stride(from: 0, to: ciphertext.count, by: 7) {
            var tampered = ciphertext
            tampered[index] ^= 0x10
            candidates.append(tampered)
        }
        for candidate in candidates {
            #expect(throws: RSAOAEPError.decryptionFailed) { try RSAOAEP.decrypt(candidate, with: key, hash: SHA1.self) }
        }
    }

    /// Encoded messages that decrypt fine at the RSA level but break one OAEP rule each.
    @Test func malformedEncodingsAreRejected() throws {
        let privateKey = try OAEPVectors.all[0].key.privateKey()
        let key = privateKey.publicKey
        let k = key.byteCount, hLen = 20
        func raw(_ encoded: [UInt8]) -> [UInt8] {
            key.rawEncrypt(encoded) ?? []
        }
        func encoded(leading: UInt8 = 0, label: [UInt8] = SHA1.hash([UInt8]()), separator: UInt8 = 1, padding: UInt8 = 0) -> [UInt8] {
            let seed = [UInt8](repeating: 7, count: hLen)
            var db = label + [UInt8](repeating: padding, count: k - 2 * hLen - 2 - 3) + [separator] + [9, 8, 7]
            let dbMask = MGF1.mask(seed: seed, length: k - hLen - 1, hash: SHA1.self)
            for i in db.indices { db[i] ^= dbMask[i] }
            let seedMask = MGF1.mask(seed: db, length: hLen, hash: SHA1.self)
            return [leading] + zip(seed, seedMask).map { $0 ^ $1 } + db
        }
        #expect(try RSAOAEP.decrypt(raw(encoded()), with: privateKey, hash: SHA1.self) == [9, 8, 7])
        for bad in [encoded(leading: 1), encoded(label: SHA1.hash([0])), encoded(separator: 2), encoded(separator: 0), encoded(padding: 5)] {
            #expect(throws: RSAOAEPError.decryptionFailed) { try RSAOAEP.decrypt(raw(bad), with: privateKey, hash: SHA1.self) }
        }
    }

    @Test("decrypt or substitute: the message of the expected length, else the substitute, never an error")
    func decryptOrSubstitute() throws {
        let privateKey = try Fixtures.demoRSAPrivateKey()
        var generator = SeededGenerator(seed: 7)
        let substitute = RandomBytes.make(count: 64, using: &generator)
        for hash in [SHA1.self, SHA256.self] as [any HashFunction.Type] {
            func open(_ ciphertext: [UInt8]) -> [UInt8] {
                switch hash {
                case is SHA1.Type: RSAOAEP.decrypt(ciphertext, with: privateKey, hash: SHA1.self, orSubstitute: substitute)
                default: RSAOAEP.decrypt(ciphertext, with: privateKey, hash: SHA256.self, orSubstitute: substitute)
                }
            }
            func seal(_ message: [UInt8]) throws -> [UInt8] {
                switch hash {
                case is SHA1.Type: try RSAOAEP.encrypt(message, for: privateKey.publicKey, hash: SHA1.self, using: &generator)
                default: try RSAOAEP.encrypt(message, for: privateKey.publicKey, hash: SHA256.self, using: &generator)
                }
            }
            let key = RandomBytes.make(count: 64, using: &generator)
            #expect(open(try seal(key)) == key, "a 64-byte key unwraps")
            for length in [0, 63, 65] {
                #expect(open(try seal(RandomBytes.make(count: length, using: &generator))) == substitute, "a \(length)-byte message is not a key")
            }
            var tampered = try seal(key)
            tampered[100] ^= 1
            #expect(open(tampered) == substitute, "a tampered ciphertext")
            #expect(open(Array(tampered.dropLast())) == substitute, "a ciphertext one byte short")
            #expect(open([UInt8](repeating: 0xFF, count: 256)) == substitute, "a value above the modulus")
        }
    }
}
