package import PaymentFormJSON
internal import PaymentFormEncryption

/// The Client API's public key (`GET /crypto/publickey`): a key id and a base64 DER key.
public struct PublicKeyResponse: ClientAPIModel, JSONModel, Hashable, CustomStringConvertible {
    /// The id the encrypted payload names in its header (`kid`).
    public var keyId: String
    /// Base64 of the DER SubjectPublicKeyInfo (or PKCS#1) RSA public key.
    public var publicKey: String

    /// A response.
    package init(keyId: String, publicKey: String) {
        self.keyId = keyId
        self.publicKey = publicKey
    }

    /// Shows the key id only.
    public var description: String { "PublicKeyResponse(keyId: \(keyId))" }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        keyId = try object.required("keyId").string()
        publicKey = try object.required("publicKey").string()
    }

    package var json: JSONValue {
        jsonObject([("keyId", .string(keyId)), ("publicKey", .string(publicKey))])
    }
}
