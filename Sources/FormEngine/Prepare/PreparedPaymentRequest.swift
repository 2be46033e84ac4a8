internal import PaymentFormEncryption

/// What the merchant's server forwards to the platform: the encrypted customer input and the
/// encoded client meta info.
public struct PreparedPaymentRequest: Sendable, Hashable, CustomStringConvertible {
    /// A JWE (compact serialization) of the payment values.
    public let encryptedFields: String
    /// Base64 of the client meta info JSON (also the `X-GCS-ClientMetaInfo` header).
    public let encodedClientMetaInfo: String

    /// A prepared request.
    package init(encryptedFields: String, encodedClientMetaInfo: String) {
        self.encryptedFields = encryptedFields
        self.encodedClientMetaInfo = encodedClientMetaInfo
    }

    /// Sizes only: the token is ciphertext, but it has no place in logs either.
    public var description: String {
        "PreparedPaymentRequest(encryptedFields: \(encryptedFields.count) characters, encodedClientMetaInfo: \(encodedClientMetaInfo.count) characters)"
    }
}
