import Encryption

/// A private key for backend tests that look inside what a client sent (never needed in an app).
public struct DecryptionKey: Sendable, CustomStringConvertible {
    let privateKey: RSAPrivateKey

    /// Reads a PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`) PEM private key.
    public init(pemRepresentation: String) throws(DecryptionError) {
        do {
            privateKey = try RSAPrivateKey(pemRepresentation: pemRepresentation)
        } catch {
            throw .invalidKey(error)
        }
    }

    /// The key's size only.
    public var description: String { "DecryptionKey(\(privateKey.publicKey.bitCount) bits)" }
}

/// Why an `encryptedFields` token could not be decrypted. Never carries plaintext.
public enum DecryptionError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidKey(KeyError)
    /// The token failed a check: format, header, key, tag or padding.
    case invalidToken(JWEError)
    /// The plaintext is not the JSON object a payload is.
    case notJSON

    /// A stable identifier (the CLI's error code).
    public var code: String {
        switch self {
        case .invalidKey: "invalid_private_key"
        case .invalidToken: "invalid_token"
        case .notJSON: "invalid_payload"
        }
    }

    public var description: String {
        switch self {
        case .invalidKey(let error): "the private key cannot be used: \(error)"
        case .invalidToken(let error): "the token was rejected: \(error)"
        case .notJSON: "the decrypted payload is not a JSON object"
        }
    }
}

/// A decrypted `encryptedFields` payload.
public struct DecryptedPayload: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The token's `kid`.
    public let keyId: String?
    /// The payload JSON: clientSessionId, nonce, paymentProductId, paymentValues, ...
    public let json: JSONValue

    /// Decrypts and checks a token (header, key, full tag in constant time, padding).
    public init(token: String, key: DecryptionKey) throws(DecryptionError) {
        let decryption: JWEDecryption
        do {
            decryption = try JWE.decrypt(token.trimmingWhitespace(), with: key.privateKey)
        } catch {
            throw .invalidToken(error)
        }
        guard let json = try? JSONParser().parse(decryption.plaintext), case .object = json else { throw .notJSON }
        keyId = decryption.header.keyId
        self.json = json
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

    /// Redacted: the payload holds card data.
    public var description: String { "DecryptedPayload(keyId: \(keyId ?? "nil"), \(paymentValues.count) values)" }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// The key id and the ids of the values; never the values (`dump` stays safe).
    public var customMirror: Mirror {
        Mirror(self, children: ["keyId": keyId as Any, "valueFieldIds": paymentValues.keys.sorted()], displayStyle: .struct)
    }
}
