internal import PaymentFormJSON

/// JWE compact serialization (RFC 7516 §7.1) with `RSA-OAEP` / `RSA-OAEP-256` key wrapping and
/// `A256CBC-HS512` content encryption: the `encryptedFields` format of the payment platform.
///
/// ```swift
/// let key = try RSAPublicKey(base64DER: response.publicKey)
/// let token = try JWE.encrypt(Array(json.utf8), for: key, keyId: response.keyId)
/// // header.encryptedKey.iv.ciphertext.tag
/// ```
package enum JWE {
    /// Encrypts `plaintext` for `key`, with CEK, IV and OAEP seed drawn from `generator` (pass a
    /// seeded generator only in tests; production code uses the overload without one).
    package static func encrypt(
        _ plaintext: some Collection<UInt8>, for key: RSAPublicKey, keyId: String,
        algorithm: KeyManagementAlgorithm = .rsaOAEP, using generator: inout some RandomNumberGenerator
    ) throws(JWEError) -> String {
        let header = JWEHeader(algorithm: algorithm, encryption: .a256CBCHS512, keyId: keyId)
        let encodedHeader = try encode(header)
        var material = ContentMaterial(using: &generator)
        defer { material.wipe() }
        let encryptedKey: [UInt8]
        do {
            encryptedKey = try algorithm.wrap(material.contentEncryptionKey, for: key, using: &generator)
        } catch {
            throw .keyWrapFailed(error)
        }
        let sealed: A256CBCHS512.Sealed
        do {
            sealed = try A256CBCHS512.seal(
                plaintext, key: material.contentEncryptionKey, iv: material.initializationVector,
                additionalData: Array(encodedHeader.utf8))
        } catch {
            // Unreachable: the key and IV sizes are fixed above.
            throw .authenticationFailed
        }
        return [
            encodedHeader,
            Base64URL.encode(encryptedKey),
            Base64URL.encode(material.initializationVector),
            Base64URL.encode(sealed.ciphertext),
            Base64URL.encode(sealed.tag),
        ].joined(separator: ".")
    }

    /// Encrypts `plaintext` for `key` with the system's secure random generator.
    package static func encrypt(
        _ plaintext: some Collection<UInt8>, for key: RSAPublicKey, keyId: String,
        algorithm: KeyManagementAlgorithm = .rsaOAEP
    ) throws(JWEError) -> String {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        return try encrypt(plaintext, for: key, keyId: keyId, algorithm: algorithm, using: &generator)
    }

    /// The longest token ``decrypt(_:with:)`` reads, in UTF-8 bytes: 256 KiB, about 190 KB of
    /// plaintext. A card payment request is under 1 KB; the cap keeps a hostile token from costing
    /// more than a few milliseconds and a few hundred kilobytes.
    package static let maximumTokenLength = 256 * 1024

    /// Verifies and decrypts a compact JWE.
    ///
    /// Checks, in order: the size (at most ``maximumTokenLength`` bytes); 5 segments; strict
    /// base64url in each; a JSON header with unique names, a supported `alg` and `enc` and no
    /// `zip`/`crit`; segment sizes; then unwraps the key, compares the full 32-byte tag in
    /// constant time, and only then decrypts and checks the padding.
    package static func decrypt(_ token: String, with key: RSAPrivateKey) throws(JWEError) -> JWEDecryption {
        let length = token.utf8.count
        guard length <= maximumTokenLength else { throw .tokenTooLarge(length: length) }
        // Split on the UTF-8 bytes: splitting the String would segment it into grapheme
        // clusters first, which cost more than the whole symmetric decryption.
        let parts = token.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 5 else { throw .malformedToken(segmentCount: parts.count) }
        var decoded: [[UInt8]] = []
        for (segment, text) in zip(JWESegment.allCases, parts) {
            do {
                decoded.append(try Base64URL.decode(utf8: text))
            } catch {
                throw .invalidBase64URL(segment: segment, error)
            }
        }
        let header = try parseHeader(decoded[0])
        let encryptedKey = decoded[1], iv = decoded[2], ciphertext = decoded[3], tag = decoded[4]
        guard iv.count == A256CBCHS512.ivByteCount else {
            throw .invalidSegmentLength(segment: .initializationVector, length: iv.count)
        }
        guard tag.count == A256CBCHS512.tagByteCount else {
            throw .invalidSegmentLength(segment: .authenticationTag, length: tag.count)
        }
        guard !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw .invalidSegmentLength(segment: .ciphertext, length: ciphertext.count)
        }
        // RFC 7516 §11.5: on any unwrap failure carry on with a random key, so a bad encrypted
        // key and a bad tag are indistinguishable to the sender: the key that unwraps and the
        // random one are chosen between without a branch on the decrypted data.
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        var random = RandomBytes.make(count: A256CBCHS512.keyByteCount, using: &generator)
        defer { wipe(&random) }
        var cek = header.algorithm.unwrap(encryptedKey, with: key, orSubstitute: random)
        defer { wipe(&cek) }
        do {
            let plaintext = try A256CBCHS512.open(
                ciphertext, tag: tag, key: cek, iv: iv, additionalData: Array(parts[0]))
            return JWEDecryption(header: header, plaintext: plaintext)
        } catch .invalidPadding {
            throw .invalidPadding
        } catch {
            throw .authenticationFailed
        }
    }

    /// The random parts of one encryption: a 64-byte CEK (MAC key ‖ AES key) and a 16-byte IV.
    /// A type of its own so tests can draw many through the exact code path ``encrypt`` uses.
    struct ContentMaterial {
        private(set) var contentEncryptionKey: [UInt8]
        let initializationVector: [UInt8]

        init(using generator: inout some RandomNumberGenerator) {
            contentEncryptionKey = RandomBytes.make(count: A256CBCHS512.keyByteCount, using: &generator)
            initializationVector = RandomBytes.make(count: A256CBCHS512.ivByteCount, using: &generator)
        }

        /// Clears the key once the token is built (the IV is public: it is in the token).
        mutating func wipe() {
            PaymentFormEncryption.wipe(&contentEncryptionKey)
        }
    }

    /// The protected header ``encrypt(_:for:keyId:algorithm:using:)`` writes for `keyId` (BASE64URL
    /// of `{"alg":…,"enc":"A256CBC-HS512","kid":…}`): for a host that does the primitives itself
    /// (the page's WebCrypto) and assembles the token the same way.
    package static func protectedHeader(keyId: String, algorithm: KeyManagementAlgorithm = .rsaOAEP) throws(JWEError) -> String {
        try encode(JWEHeader(algorithm: algorithm, encryption: .a256CBCHS512, keyId: keyId))
    }

    /// BASE64URL of the header JSON, `{"alg":…,"enc":…,"kid":…}` (sorted keys, no `kid` when
    /// there is none). Written directly rather than through `JSONEncoder` (a tenth of the cost of
    /// a whole encryption), with every string escaped as RFC 8259 §7 requires, never interpolated.
    static func encode(_ header: JWEHeader) throws(JWEError) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(64 + (header.keyId?.utf8.count ?? 0))
        json.append(contentsOf: #"{"alg":"#.utf8)
        JSONStringEscaping.append(header.algorithm.rawValue, to: &json)
        json.append(contentsOf: #","enc":"#.utf8)
        JSONStringEscaping.append(header.encryption.rawValue, to: &json)
        if let keyId = header.keyId {
            json.append(contentsOf: #","kid":"#.utf8)
            JSONStringEscaping.append(keyId, to: &json)
        }
        json.append(UInt8(ascii: "}"))
        return Base64URL.encode(json)
    }

    static func parseHeader(_ bytes: [UInt8]) throws(JWEError) -> JWEHeader {
        let members: [(name: String, value: JOSEHeaderParser.Value)]
        do {
            members = try JOSEHeaderParser.members(of: bytes)
        } catch .duplicateName(let name) {
            throw .duplicateHeaderParameter(String(name.prefix(64)))
        } catch {
            throw .invalidHeader
        }
        func text(_ name: String) throws(JWEError) -> String? {
            guard let member = members.first(where: { $0.name == name }) else { return nil }
            guard case .string(let value) = member.value else { throw .invalidHeader }
            return value
        }
        let alg = try text("alg"), enc = try text("enc"), kid = try text("kid")
        guard let alg else { throw .missingHeaderParameter("alg") }
        guard let enc else { throw .missingHeaderParameter("enc") }
        guard let algorithm = KeyManagementAlgorithm(rawValue: alg) else {
            throw .unsupportedKeyManagementAlgorithm(String(alg.prefix(64)))
        }
        guard let encryption = ContentEncryptionAlgorithm(rawValue: enc) else {
            throw .unsupportedContentEncryption(String(enc.prefix(64)))
        }
        // Parameters a recipient must understand to process the token (RFC 7516 §4.1.3, RFC 7515 §4.1.11).
        for name in ["zip", "crit"] where members.contains(where: { $0.name == name }) {
            throw .unsupportedHeaderParameter(name)
        }
        return JWEHeader(algorithm: algorithm, encryption: encryption, keyId: kid)
    }
}
