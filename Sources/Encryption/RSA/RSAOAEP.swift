/// RSAES-OAEP (RFC 8017 §7.1) with an empty label and MGF1 over the same hash.
///
/// JOSE names two parameter sets: `RSA-OAEP` is SHA-1 with MGF1-SHA-1, `RSA-OAEP-256` is SHA-256
/// with MGF1-SHA-256 (RFC 7518 §4.3). Mixing digests is a classic interoperability bug, so this
/// type always uses one hash for both.
///
/// ```swift
/// let wrapped = try RSAOAEP.encrypt(cek, for: publicKey, hash: SHA1.self)
/// let cek = try RSAOAEP.decrypt(wrapped, with: privateKey, hash: SHA1.self)
/// ```
package enum RSAOAEP {
    /// Encrypts `message` with a fresh seed from the system's secure generator.
    package static func encrypt<Hash: HashFunction>(
        _ message: some Collection<UInt8>, for key: RSAPublicKey, hash: Hash.Type
    ) throws(RSAOAEPError) -> [UInt8] {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        return try encrypt(message, for: key, hash: hash, using: &generator)
    }

    /// Encrypts `message` with a seed drawn from `generator` (which must be cryptographically
    /// secure outside tests).
    package static func encrypt<Hash: HashFunction>(
        _ message: some Collection<UInt8>, for key: RSAPublicKey, hash: Hash.Type,
        using generator: inout some RandomNumberGenerator
    ) throws(RSAOAEPError) -> [UInt8] {
        let seed = RandomBytes.make(count: Hash.digestByteCount, using: &generator)
        return try encrypt(message, for: key, hash: hash, seed: seed)
    }

    /// Encrypts with an explicit seed: deterministic, for the RFC 8017 known-answer vectors.
    /// Never call this with anything but a fresh random seed of `Hash.digestByteCount` bytes.
    /// `label` is RFC 8017's optional label L (JOSE always uses the empty one).
    static func encrypt<Hash: HashFunction>(
        _ message: some Collection<UInt8>, for key: RSAPublicKey, hash: Hash.Type, seed: [UInt8], label: [UInt8] = []
    ) throws(RSAOAEPError) -> [UInt8] {
        let k = key.byteCount
        let hLen = Hash.digestByteCount
        let message = Array(message)
        let maximum = k - 2 * hLen - 2
        guard message.count <= maximum, seed.count == hLen else { throw .messageTooLong(maximum: max(0, maximum)) }
        // DB = lHash ‖ PS ‖ 0x01 ‖ M
        var db = Hash.hash(label)
        db.append(contentsOf: repeatElement(0, count: maximum - message.count))
        db.append(0x01)
        db.append(contentsOf: message)
        let dbMask = MGF1.mask(seed: seed, length: k - hLen - 1, hash: hash)
        for index in db.indices { db[index] ^= dbMask[index] }
        let seedMask = MGF1.mask(seed: db, length: hLen, hash: hash)
        var encoded: [UInt8] = [0]
        encoded.append(contentsOf: zip(seed, seedMask).map { $0 ^ $1 })
        encoded.append(contentsOf: db)
        // EM starts with a zero byte, so it is below the modulus and the encryption cannot fail.
        return key.rawEncrypt(encoded) ?? []
    }

    /// Decrypts an RSAES-OAEP ciphertext.
    ///
    /// Every check after the RSA operation (leading zero byte, label hash, padding separator) is
    /// computed without branching on secret data and reported as the single
    /// ``RSAOAEPError/decryptionFailed``.
    package static func decrypt<Hash: HashFunction>(
        _ ciphertext: some Collection<UInt8>, with key: RSAPrivateKey, hash: Hash.Type
    ) throws(RSAOAEPError) -> [UInt8] {
        try decrypt(ciphertext, with: key, hash: hash, label: [])
    }

    /// The same with RFC 8017's optional label L (for test vectors; JOSE uses the empty label).
    static func decrypt<Hash: HashFunction>(
        _ ciphertext: some Collection<UInt8>, with key: RSAPrivateKey, hash: Hash.Type, label: [UInt8]
    ) throws(RSAOAEPError) -> [UInt8] {
        guard let decoded = decode(ciphertext, with: key, hash: hash, label: label), decoded.valid == 1 else {
            throw .decryptionFailed
        }
        return Array(decoded.db[(decoded.separator + 1)...])
    }

    /// The message of exactly `substitute.count` bytes the ciphertext holds, or `substitute` when it
    /// holds none: a padding failure, or a message of another length. Which of the two is chosen
    /// without branching on the decrypted data, and the message is read from fixed positions (the
    /// end of the data block), so a ciphertext that unwraps and one that does not take the same
    /// path (RFC 7516 §11.5: a JWE's bad encrypted key must look like a bad tag). Only what is
    /// public (the ciphertext's length, a ciphertext not below the modulus) gives `substitute`
    /// early.
    package static func decrypt<Hash: HashFunction>(
        _ ciphertext: some Collection<UInt8>, with key: RSAPrivateKey, hash: Hash.Type, orSubstitute substitute: [UInt8]
    ) -> [UInt8] {
        guard let decoded = decode(ciphertext, with: key, hash: hash, label: []), decoded.db.count > substitute.count + Hash.digestByteCount else {
            return substitute
        }
        let start = decoded.db.count - substitute.count
        let holds = decoded.valid & ConstantTime.isEqual(decoded.separator, start - 1)
        var message = substitute
        for index in message.indices {
            message[index] = ConstantTime.select(holds, decoded.db[start + index], substitute[index])
        }
        return message
    }

    /// The RSA operation and OAEP's checks: the data block (label hash ‖ PS ‖ 0x01 ‖ M), the
    /// separator's index in it and whether every check passed (1) or not (0), all computed without
    /// branching on secret data; nil only for what is public (the ciphertext's length, a value
    /// not below the modulus).
    private static func decode<Hash: HashFunction>(
        _ ciphertext: some Collection<UInt8>, with key: RSAPrivateKey, hash: Hash.Type, label: [UInt8]
    ) -> (db: [UInt8], separator: Int, valid: UInt8)? {
        let k = key.publicKey.byteCount
        let hLen = Hash.digestByteCount
        let ciphertext = Array(ciphertext)
        guard ciphertext.count == k, k >= 2 * hLen + 2, let encoded = key.rawDecrypt(ciphertext) else {
            return nil
        }
        let maskedSeed = encoded[1...hLen]
        var db = Array(encoded[(hLen + 1)...])
        let seedMask = MGF1.mask(seed: db, length: hLen, hash: hash)
        let seed = zip(maskedSeed, seedMask).map { $0 ^ $1 }
        let dbMask = MGF1.mask(seed: seed, length: db.count, hash: hash)
        for index in db.indices { db[index] ^= dbMask[index] }

        let labelHash = Hash.hash(label)
        var labelDifference: UInt8 = 0
        for index in 0..<hLen { labelDifference |= db[index] ^ labelHash[index] }
        // Scan the whole of PS ‖ 0x01 ‖ M: remember the first 0x01, flag any other non-zero byte
        // seen before it.
        var searching: UInt8 = 1
        var separator = 0
        var invalid: UInt8 = 0
        for index in hLen..<db.count {
            let isOne = ConstantTime.isEqual(db[index], 1)
            let isZero = ConstantTime.isZero(db[index])
            separator = ConstantTime.select(searching & isOne, index, separator)
            invalid |= searching & (isOne ^ 1) & (isZero ^ 1)
            searching &= isOne ^ 1
        }
        invalid |= searching
        let valid = ConstantTime.isZero(encoded[0]) & ConstantTime.isZero(labelDifference) & (invalid ^ 1)
        return (db, separator, valid)
    }
}
