import PaymentFormCore

/// What a form's `submit` needs to encrypt a valid request: the platform's key, the client
/// session id the payload carries, and the client meta info.
package struct FormPreparation: Sendable {
    /// The platform's public key.
    package let key: EncryptionKey
    /// The client session id the encrypted payload carries.
    package let clientSessionId: String
    /// The client meta info sent with the request.
    package let metaInfo: ClientMetaInfo

    /// A preparation from its parts.
    package init(key: EncryptionKey, clientSessionId: String, metaInfo: ClientMetaInfo) {
        self.key = key
        self.clientSessionId = clientSessionId
        self.metaInfo = metaInfo
    }
}
