internal import PaymentFormEncryption
import PaymentFormValidation

extension PaymentRequest {
    /// Validates the request and, when it is valid, encrypts it for the platform.
    ///
    /// The payload carries the unmasked values of the fields that were validated (see
    /// ``PaymentRequest/validate(in:)``): not read-only account-on-file values, not empty
    /// optional fields.
    ///
    /// ```swift
    /// let key = try EncryptionKey(publicKeyResponse)
    /// let prepared = try request.prepare(clientSessionId: session, key: key,
    ///                                    metaInfo: .current(appIdentifier: "shop/1.0"), in: .current())
    /// ```
    package func prepare(
        clientSessionId: String, key: EncryptionKey, metaInfo: ClientMetaInfo, in context: ValidationContext,
        algorithm: KeyWrapAlgorithm = .rsaOAEP, using generator: inout some RandomNumberGenerator
    ) throws(PrepareError) -> PreparedPaymentRequest {
        let parts = try payloadParts(in: context)
        return try PreparedPaymentRequest.encrypting(
            paymentProductId: parts.productId, values: parts.values, clientSessionId: clientSessionId, accountOnFileId: parts.accountId,
            tokenize: tokenize, key: key, metaInfo: metaInfo, algorithm: algorithm, using: &generator)
    }

    /// The plaintext ``prepare(clientSessionId:key:metaInfo:in:algorithm:)`` encrypts (the same
    /// checks, the same errors, the same JSON), for a host that does the encryption's primitives
    /// itself: the page's WebAssembly engine leaves RSA, AES and SHA to WebCrypto and hands it
    /// this with the token's protected header (`JWE.protectedHeader`). It holds card data: it
    /// goes to the encryption and nowhere else.
    package func payload(clientSessionId: String, in context: ValidationContext, using generator: inout some RandomNumberGenerator)
        throws(PrepareError) -> [UInt8] {
        let parts = try payloadParts(in: context)
        return PaymentPayload(
            values: parts.values, clientSessionId: clientSessionId, paymentProductId: parts.productId, accountOnFileId: parts.accountId,
            tokenize: tokenize, using: &generator
        ).jsonBytes()
    }

    /// What the payload carries once the request validates: the product's and the account's
    /// numeric ids and the values.
    private func payloadParts(in context: ValidationContext) throws(PrepareError)
        -> (productId: Int, values: [(fieldId: String, value: String)], accountId: Int?) {
        let report = validate(in: context)
        guard report.isValid else { throw .invalidRequest(report) }
        guard item.kind == .product else { throw .productGroup(item.id) }
        guard let productId = Self.numericId(item.id) else { throw .nonNumericProductId(item.id) }
        var accountId: Int?
        if let account = accountOnFile {
            guard let id = Self.numericId(account.id) else { throw .nonNumericAccountOnFileId(account.id) }
            accountId = id
        }
        return (productId, report.values, accountId)
    }

    /// `prepare(clientSessionId:key:metaInfo:in:algorithm:using:)` with the system's secure
    /// random generator.
    public func prepare(
        clientSessionId: String, key: EncryptionKey, metaInfo: ClientMetaInfo, in context: ValidationContext,
        algorithm: KeyWrapAlgorithm = .rsaOAEP
    ) throws(PrepareError) -> PreparedPaymentRequest {
        // The system's source read in bulk (one call instead of one per 8 bytes). It has stored
        // properties, which also keeps ThreadSanitizer's instrumentation of the `inout` forwarding
        // below happy (it faults on the address Swift passes for an empty struct such as
        // `SystemRandomNumberGenerator`; Swift 6.3 on Linux, unoptimised builds).
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        return try prepare(clientSessionId: clientSessionId, key: key, metaInfo: metaInfo, in: context, algorithm: algorithm, using: &generator)
    }

    private static func numericId(_ id: String) -> Int? {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(id)
    }
}

extension PreparedPaymentRequest {
    /// Encrypts a payload of `values` as given, whatever they are: what ``PaymentRequest/prepare(clientSessionId:key:metaInfo:in:algorithm:)``
    /// does once the request validated, and what the test helpers use to send a server values no
    /// valid client would (a CVV `1a23`), to see it refuse them.
    package static func encrypting(
        paymentProductId: Int, values: [(fieldId: String, value: String)], clientSessionId: String, accountOnFileId: Int?, tokenize: Bool,
        key: EncryptionKey, metaInfo: ClientMetaInfo, algorithm: KeyWrapAlgorithm = .rsaOAEP, using generator: inout some RandomNumberGenerator
    ) throws(PrepareError) -> PreparedPaymentRequest {
        let plaintext = PaymentPayload(
            values: values, clientSessionId: clientSessionId, paymentProductId: paymentProductId, accountOnFileId: accountOnFileId,
            tokenize: tokenize, using: &generator
        ).jsonBytes()
        do {
            let token = try JWE.encrypt(plaintext, for: key.publicKey, keyId: key.keyId, algorithm: algorithm.keyManagement, using: &generator)
            return PreparedPaymentRequest(encryptedFields: token, encodedClientMetaInfo: metaInfo.encoded)
        } catch {
            throw .encryptionFailed(reason: error.description)
        }
    }

    /// ``encrypting(paymentProductId:values:clientSessionId:accountOnFileId:tokenize:key:metaInfo:algorithm:using:)``
    /// with the system's secure random generator.
    package static func encrypting(
        paymentProductId: Int, values: [(fieldId: String, value: String)], clientSessionId: String, accountOnFileId: Int?, tokenize: Bool,
        key: EncryptionKey, metaInfo: ClientMetaInfo
    ) throws(PrepareError) -> PreparedPaymentRequest {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        return try encrypting(
            paymentProductId: paymentProductId, values: values, clientSessionId: clientSessionId, accountOnFileId: accountOnFileId,
            tokenize: tokenize, key: key, metaInfo: metaInfo, using: &generator)
    }
}
