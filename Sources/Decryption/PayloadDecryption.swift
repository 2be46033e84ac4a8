import PaymentFormEngine
import PaymentFormEncryption
import PaymentFormJSON

/// A private key for backend tests that look inside what a client sent (never needed in an app,
/// and never to be shipped in one).
///
/// ```swift
/// import PaymentFormEngineTesting
///
/// let key = try DecryptionKey(pemRepresentation: privateKeyPEM)
/// let payload = try DecryptedPayload(token: prepared.encryptedFields, key: key)
/// #expect(payload.paymentValues["cvv"] == "123")
/// ```
public struct DecryptionKey: Sendable, CustomStringConvertible {
    let privateKey: RSAPrivateKey

    /// Reads a PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`) PEM private key. The text
    /// holds exactly one key: text before the BEGIN line is ignored, anything but blank lines
    /// after the END line (a second key) is refused.
    public init(pemRepresentation: String) throws(DecryptionError) {
        do {
            privateKey = try RSAPrivateKey(pemRepresentation: pemRepresentation)
        } catch {
            throw .invalidKey(reason: error.description)
        }
    }

    /// A key already read and checked (the sandbox reads its key once and uses it both ways).
    package init(checked privateKey: RSAPrivateKey) {
        self.privateKey = privateKey
    }

    /// The key's size only.
    public var description: String { "DecryptionKey(\(privateKey.publicKey.bitCount) bits)" }
}

/// Why an `encryptedFields` token could not be decrypted. Never carries plaintext or key material.
public enum DecryptionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The private key cannot be used; the text says why.
    case invalidKey(reason: String)
    /// The token failed a check (format, header, key, tag or padding); the text says which.
    case invalidToken(reason: String)
    /// The plaintext is not the JSON object a payload is.
    case notJSON
    /// The plaintext is not UTF-8, so it is no JSON text (RFC 8259 requires UTF-8 between
    /// systems). `readsAsLatin1JSON`: its bytes read as ISO-8859-1 make a JSON object — the known
    /// mistake of a JavaScript client that encrypts the JSON string's characters as single bytes
    /// instead of UTF-8 encoding it first (`José` sent as `4a 6f 73 e9`). Never accepted either
    /// way: characters above U+00FF cannot survive that mistake, so the values may be wrong.
    case notUTF8(readsAsLatin1JSON: Bool)
    /// The plaintext is a JSON object whose meaning is ambiguous: a member repeated within an
    /// object, or a field given twice in `paymentValues`. Which occurrence counts would be a guess
    /// (two readers could see two different card numbers), so the payload is refused, as a token
    /// header with a repeated name is.
    case invalidPayload(reason: String)

    /// A stable identifier for programs (the CLI's error code).
    public var code: String {
        switch self {
        case .invalidKey: "invalid_private_key"
        case .invalidToken: "invalid_token"
        case .notJSON, .notUTF8, .invalidPayload: "invalid_payload"
        }
    }

    /// What was wrong, as a sentence (never plaintext or key material).
    public var description: String {
        switch self {
        case .invalidKey(let reason): "the private key cannot be used: \(reason)"
        case .invalidToken(let reason): "the token was rejected: \(reason)"
        case .notJSON: "the decrypted payload is not a JSON object"
        case .notUTF8(false): "the decrypted payload is not UTF-8"
        case .notUTF8(true):
            "the decrypted payload is not UTF-8; its bytes read as ISO-8859-1 make JSON: a JavaScript client encrypted the JSON string "
                + "without UTF-8 encoding it first (encode it, for example with TextEncoder, before encrypting)"
        case .invalidPayload(let reason): "the decrypted payload was refused: \(reason)"
        }
    }
}

/// A decrypted `encryptedFields` payload.
public struct DecryptedPayload: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token's `kid`.
    public let keyId: String?
    /// The payload JSON: clientSessionId, nonce, paymentProductId, paymentValues, ...
    package let json: JSONValue

    /// Decrypts and checks a token (size, header, key, full tag in constant time, padding), and
    /// the payload: a JSON object with no member repeated within an object and no field given
    /// twice in `paymentValues` (``DecryptionError/invalidPayload(reason:)``).
    ///
    /// Surrounding white space is ignored. A token over 256 KiB (262,144 UTF-8 bytes, far above
    /// any payment request) is refused as ``DecryptionError/invalidToken(reason:)`` before
    /// anything is copied or decoded.
    public init(token: String, key: DecryptionKey) throws(DecryptionError) {
        let decryption: JWEDecryption
        do throws(JWEError) {
            // Measured on the trimmed view, so a huge token is refused without being copied.
            let start = token.firstIndex { !$0.isWhitespace } ?? token.endIndex
            let end = token[start...].lastIndex { !$0.isWhitespace }.map { token.index(after: $0) } ?? start
            let trimmed = token[start..<end]
            let length = trimmed.utf8.count
            guard length <= JWE.maximumTokenLength else { throw JWEError.tokenTooLarge(length: length) }
            decryption = try JWE.decrypt(String(trimmed), with: key.privateKey)
        } catch {
            throw .invalidToken(reason: error.description)
        }
        let plaintext = decryption.plaintext
        guard String(decoding: plaintext, as: UTF8.self).utf8.elementsEqual(plaintext) else {
            throw .notUTF8(readsAsLatin1JSON: Self.readsAsLatin1JSON(plaintext))
        }
        let json: JSONValue
        do {
            json = try JSONParser(rejectsDuplicateKeys: true).parse(plaintext)
        } catch {
            if case .duplicateKey = error.reason { throw .invalidPayload(reason: error.description) }
            throw .notJSON
        }
        guard case .object = json else { throw .notJSON }
        if case .array(let entries)? = json["paymentValues"] {
            var seen = Set<String>()
            for entry in entries {
                guard case .string(let key)? = entry["key"], !seen.insert(key).inserted else { continue }
                let shown = key.utf8.count <= 64 && key.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F && $0 != "'" }
                throw .invalidPayload(reason: "paymentValues gives the field \(shown ? "'\(key)'" : "at one place") more than once")
            }
        }
        keyId = decryption.header.keyId
        self.json = json
    }

    /// Whether `bytes`, each read as the ISO-8859-1 character of its value, make a JSON object.
    private static func readsAsLatin1JSON(_ bytes: [UInt8]) -> Bool {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        guard case .object? = try? JSONParser().parse(Array(String(text).utf8)) else { return false }
        return true
    }

    /// The `paymentValues` as field id → value.
    public var paymentValues: [String: String] {
        guard case .array(let entries)? = json["paymentValues"] else { return [:] }
        var values: [String: String] = [:]
        for entry in entries {
            if case .string(let key)? = entry["key"], case .string(let value)? = entry["value"] { values[key] = value }
        }
        return values
    }

    /// The client session id the payload was prepared for.
    public var clientSessionId: String? { string("clientSessionId") }

    /// The one-time nonce (a random UUID).
    public var nonce: String? { string("nonce") }

    /// The product id (a number in the payload).
    public var paymentProductId: Int? { integer("paymentProductId") }

    /// The account on file id, when one was selected.
    public var accountOnFileId: Int? { integer("accountOnFileId") }

    /// Whether the customer asked to store the account.
    public var tokenize: Bool {
        if case .bool(let flag)? = json["tokenize"] { return flag }
        return false
    }

    /// The whole payload as JSON text. It holds card data: for test assertions only.
    public func jsonString(prettyPrinted: Bool = false) -> String {
        JSONWriter(prettyPrinted: prettyPrinted).string(from: json)
    }

    private func string(_ key: String) -> String? {
        if case .string(let text)? = json[key] { return text }
        return nil
    }

    private func integer(_ key: String) -> Int? {
        if case .number(let text)? = json[key] { return Int(text) }
        return nil
    }

    /// Redacted: the payload holds card data.
    public var description: String { "DecryptedPayload(keyId: \(keyId ?? "nil"), \(paymentValues.count) values)" }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// The key id and the ids of the values; never the values (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["keyId": keyId as Any, "valueFieldIds": paymentValues.keys.sorted()], displayStyle: .struct)
    }
}
