import Testing
import PaymentFormEngine
import PaymentFormEngineTesting

/// `PreparedPaymentRequest.encryptingWithoutValidation`: any values, encrypted exactly as given.
@Suite("Encrypting without validation (tests only)")
struct EncryptingWithoutValidationTests {
    @Test("the payload carries the values exactly as given, for any field id, with prepare's members")
    func valuesAsGiven() throws {
        let values = ["cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "1a23", "notAField": "x"]
        let prepared = try PreparedPaymentRequest.encryptingWithoutValidation(
            paymentProductId: 1, values: values, clientSessionId: "session-1", key: try EncryptionKey(ShippedSamples.demoPublicKey()),
            accountOnFileId: 1001, tokenize: true, metaInfo: .current(appIdentifier: "tests"))
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: try ShippedSamples.demoDecryptionKey())
        #expect(payload.paymentValues == values)
        #expect(payload.clientSessionId == "session-1")
        #expect(payload.paymentProductId == 1)
        #expect(payload.accountOnFileId == 1001)
        #expect(payload.tokenize)
        #expect(payload.nonce?.count == 36)
        #expect(payload.jsonString().contains(#""paymentValues":[{"key":"cardNumber""#), "values in the order of their field ids")
    }

    @Test("two encryptions of the same values differ (a fresh nonce and key each time)")
    func fresh() throws {
        let key = try EncryptionKey(ShippedSamples.demoPublicKey())
        let first = try PreparedPaymentRequest.encryptingWithoutValidation(paymentProductId: 1, values: ["cvv": "1"], clientSessionId: "s", key: key)
        let second = try PreparedPaymentRequest.encryptingWithoutValidation(paymentProductId: 1, values: ["cvv": "1"], clientSessionId: "s", key: key)
        #expect(first.encryptedFields != second.encryptedFields)
        let decryption = try ShippedSamples.demoDecryptionKey()
        #expect(try DecryptedPayload(token: first.encryptedFields, key: decryption).nonce
                != DecryptedPayload(token: second.encryptedFields, key: decryption).nonce)
    }
}
