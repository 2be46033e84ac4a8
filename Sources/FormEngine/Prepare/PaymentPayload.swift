import Foundation

/// The plaintext of `encryptedFields`: encoded with `JSONEncoder`, never by interpolation, so
/// session ids and values with quotes, backslashes or line breaks stay valid JSON.
struct PaymentPayload: Encodable {
    struct PaymentValue: Encodable {
        let key: String
        let value: String
    }

    let clientSessionId: String
    let nonce: String
    let paymentProductId: Int
    let accountOnFileId: Int?
    let tokenize: Bool
    let paymentValues: [PaymentValue]

    enum CodingKeys: String, CodingKey {
        case clientSessionId, nonce, paymentProductId, accountOnFileId, tokenize, paymentValues
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientSessionId, forKey: .clientSessionId)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(paymentProductId, forKey: .paymentProductId)
        try container.encodeIfPresent(accountOnFileId, forKey: .accountOnFileId)
        // Only `true` is sent: the platform's default is not to store the account.
        if tokenize { try container.encode(true, forKey: .tokenize) }
        try container.encode(paymentValues, forKey: .paymentValues)
    }

    /// The UTF-8 JSON bytes.
    func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }
}
