internal import PaymentFormEncryption
internal import PaymentFormJSON

/// The plaintext of `encryptedFields`: every string escaped, never interpolated, so session ids
/// and values with quotes, backslashes or line breaks stay valid JSON. The tests hold the direct
/// writer (``jsonBytes()``) to `JSONEncoder`'s output for the same values.
struct PaymentPayload {
    struct PaymentValue {
        let key: String
        let value: String
    }

    let clientSessionId: String
    let nonce: String
    let paymentProductId: Int
    let accountOnFileId: Int?
    let tokenize: Bool
    let paymentValues: [PaymentValue]

    /// The UTF-8 JSON bytes: the same bytes as `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` (the tests compare the two), written directly because the
    /// encoder cost a fifth of `prepare` beside the RSA operation. Every string goes through
    /// ``JSONStringEscaping``, never interpolation.
    func jsonBytes() -> [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(160 + paymentValues.reduce(0) { $0 + 24 + $1.key.utf8.count + $1.value.utf8.count })
        json.append(UInt8(ascii: "{"))
        // Members in sorted key order, as `.sortedKeys` writes them.
        if let accountOnFileId {
            json.append(contentsOf: #""accountOnFileId":"#.utf8)
            json.append(contentsOf: String(accountOnFileId).utf8)
            json.append(UInt8(ascii: ","))
        }
        json.append(contentsOf: #""clientSessionId":"#.utf8)
        JSONStringEscaping.append(clientSessionId, to: &json)
        json.append(contentsOf: #","nonce":"#.utf8)
        JSONStringEscaping.append(nonce, to: &json)
        json.append(contentsOf: #","paymentProductId":"#.utf8)
        json.append(contentsOf: String(paymentProductId).utf8)
        json.append(contentsOf: #","paymentValues":["#.utf8)
        for (index, value) in paymentValues.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(contentsOf: #"{"key":"#.utf8)
            JSONStringEscaping.append(value.key, to: &json)
            json.append(contentsOf: #","value":"#.utf8)
            JSONStringEscaping.append(value.value, to: &json)
            json.append(UInt8(ascii: "}"))
        }
        json.append(UInt8(ascii: "]"))
        if tokenize { json.append(contentsOf: #","tokenize":true"#.utf8) }
        json.append(UInt8(ascii: "}"))
        return json
    }
}

extension PaymentPayload {
    /// The payload of `values`, with a fresh random nonce from `generator`.
    init(values: [(fieldId: String, value: String)], clientSessionId: String, paymentProductId: Int, accountOnFileId: Int?, tokenize: Bool,
         using generator: inout some RandomNumberGenerator) {
        self.clientSessionId = clientSessionId
        nonce = RandomUUID.make(using: &generator)
        self.paymentProductId = paymentProductId
        self.accountOnFileId = accountOnFileId
        self.tokenize = tokenize
        paymentValues = values.map { PaymentValue(key: $0.fieldId, value: $0.value) }
    }
}
