internal import PaymentFormJSON
import PaymentFormPlatform
import PaymentFormCore
import PaymentFormValidation

extension ClientSession {
    /// The platform's public key (`GET crypto/publickey`), fetched once per session.
    package func publicKey() async throws(ClientAPIError) -> PublicKeyResponse {
        try await require(call(PublicKeyResponse.self, "GET", ["crypto", "publickey"], policy: .keep))
    }

    /// The platform's public key, read and ready to encrypt with (fetched once per session).
    public func encryptionKey() async throws(ClientAPIError) -> EncryptionKey {
        let response = try await publicKey()
        do {
            return try EncryptionKey(response)
        } catch {
            throw ClientAPIError(kind: .decoding(path: "publicKey"), call: "GET crypto/publickey", reason: error.description)
        }
    }

    /// Validates `request` and, when it is valid, encrypts it with the platform's public key
    /// (fetched once per session) for this session's client session id and meta info.
    ///
    /// Throws ``ClientAPIError`` when the key cannot be fetched, `PrepareError` when the request
    /// is invalid (`PrepareError.invalidRequest` with the report) or cannot be encrypted.
    ///
    /// ```swift
    /// let prepared = try await session.prepare(request)
    /// // send prepared.encryptedFields and prepared.encodedClientMetaInfo to your server
    /// ```
    public func prepare(
        _ request: PaymentRequest, in context: ValidationContext = .current(), algorithm: KeyWrapAlgorithm = .rsaOAEP
    ) async throws -> PreparedPaymentRequest {
        let key = try await encryptionKey()
        return try request.prepare(
            clientSessionId: configuration.clientSessionId, key: key, metaInfo: configuration.metaInfo, in: context, algorithm: algorithm)
    }

    /// A product's directory, such as iDEAL's banks (`GET products/{id}/directory`). Not kept;
    /// concurrent identical calls share one request.
    public func directory(forProductId id: String, countryCode: String, currencyCode: String) async throws(ClientAPIError) -> Directory {
        try await require(call(
            Directory.self, "GET", ["products", id, "directory"], query: [("countryCode", countryCode), ("currencyCode", currencyCode)],
            policy: .shareInFlight))
    }

    /// `amount` (minor units of `source`) in minor units of `target`, at the platform's rate
    /// (`GET services/convert/amount`). Not kept: rates move.
    public func convertAmount(_ amount: Int, from source: String, to target: String) async throws(ClientAPIError) -> Int {
        let answer = try await require(call(
            ConvertedAmount.self, "GET", ["services", "convert", "amount"],
            query: [("source", source), ("target", target), ("amount", String(amount))], policy: .shareInFlight))
        return answer.convertedAmount
    }

    /// What the platform knows about a customer from lookup values, such as a fiscal number
    /// (`POST products/{id}/customerDetails`). `values` are the product's fields marked
    /// `usedForLookup`, by field id. Never kept, never shared: the answer is personal data.
    public func customerDetails(
        forProductId id: String, countryCode: String, values: [(key: String, value: String)]
    ) async throws(ClientAPIError) -> CustomerDetails {
        let body: JSONValue = [
            "countryCode": .string(countryCode),
            "values": .array(values.map { ["key": .string($0.key), "value": .string($0.value)] }),
        ]
        return try await require(call(CustomerDetails.self, "POST", ["products", id, "customerDetails"], body: body, policy: nil))
    }

    /// Where a payment with a third party (Bancontact, WeChat Pay) stands
    /// (`GET payments/{paymentId}/thirdpartystatus`). Never kept: it changes.
    public func thirdPartyStatus(forPaymentId paymentId: String) async throws(ClientAPIError) -> ThirdPartyStatusResponse {
        try await require(call(ThirdPartyStatusResponse.self, "GET", ["payments", paymentId, "thirdpartystatus"], policy: nil))
    }
}
