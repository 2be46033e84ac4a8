import PaymentFormEngine

extension PreparedPaymentRequest {
    /// **For tests only.** Encrypts `values` exactly as given, without validating or unmasking
    /// them: the payload a broken or hostile client could send, to check that a server refuses it.
    ///
    /// ``PaymentRequest/prepare(clientSessionId:key:metaInfo:in:algorithm:)`` validates first and
    /// sends unmasked values only, so it can never produce a CVV `1a23` or a card number with
    /// spaces; this can. The payload has the shape `prepare` gives it (`clientSessionId`, a fresh
    /// `nonce`, `paymentProductId`, `accountOnFileId` when given, `tokenize` when `true`,
    /// `paymentValues` in the order of their field ids), encrypted the same way. Any field id is
    /// taken, also one the product does not have. An app never needs this.
    ///
    /// ```swift
    /// import PaymentFormEngine
    /// import PaymentFormEngineTesting
    ///
    /// let key = try EncryptionKey(PublicKeyResponse(jsonEncoded: publicKeyData))
    /// let broken = try PreparedPaymentRequest.encryptingWithoutValidation(
    ///     paymentProductId: 1, values: ["cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "1a23"],
    ///     clientSessionId: clientSessionId, key: key)
    /// // POST broken.encryptedFields to the server under test: it must answer that cvv is invalid.
    /// ```
    ///
    /// - Throws: ``PrepareError`` when the plaintext cannot be encoded or encryption fails.
    public static func encryptingWithoutValidation(
        paymentProductId: Int, values: [String: String], clientSessionId: String, key: EncryptionKey, accountOnFileId: Int? = nil,
        tokenize: Bool = false, metaInfo: ClientMetaInfo = .current()
    ) throws(PrepareError) -> PreparedPaymentRequest {
        try encrypting(
            paymentProductId: paymentProductId, values: values.keys.sorted().map { (fieldId: $0, value: values[$0] ?? "") },
            clientSessionId: clientSessionId, accountOnFileId: accountOnFileId, tokenize: tokenize, key: key, metaInfo: metaInfo)
    }
}
