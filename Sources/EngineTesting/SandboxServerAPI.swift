import PaymentFormSandbox
import PaymentFormSandboxServerAPI

/// Where a merchant server's official server SDK reaches a sandbox's Server API, and what it signs
/// its calls with: the `serverApi` member of `payform sandbox`'s first line.
///
/// ```swift
/// let sandbox = try ClientAPISandbox()
/// let api = sandbox.serverAPI
/// // A server SDK's configuration: api_endpoint=api.apiEndpoint, api_key_id=api.apiKeyId,
/// // secret_api_key=api.secretApiKey, then calls for merchant api.merchantId.
/// print(api.apiEndpoint, api.merchantId)     // http://127.0.0.1:PORT sandbox-merchant
/// ```
///
/// The default credentials are test values published in the docs: NOT FOR PRODUCTION.
public struct SandboxServerAPI: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint a server SDK takes: scheme, host and port, no path (`http://127.0.0.1:PORT`).
    public let apiEndpoint: String
    /// The merchant id of the paths (`/v1/<merchantId>/payments`).
    public let merchantId: String
    /// The API key id of the `v1HMAC` signature.
    public let apiKeyId: String
    /// The secret of the `v1HMAC` signature (a test value).
    public let secretApiKey: String

    /// The default merchant id: `sandbox-merchant`.
    public static let defaultMerchantId = ServerAPICredentials.defaultMerchantId
    /// The default API key id: `sandbox-api-key-NOT-FOR-PRODUCTION`.
    public static let defaultApiKeyId = ServerAPICredentials.defaultApiKeyId
    /// The default secret: `sandbox-secret-NOT-FOR-PRODUCTION-0000000000000000`. Public.
    public static let defaultSecretApiKey = ServerAPICredentials.defaultSecretApiKey

    /// The endpoint, merchant and key id; the secret only by its length.
    public var description: String {
        "SandboxServerAPI(apiEndpoint: \(apiEndpoint), merchantId: \(merchantId), apiKeyId: \(apiKeyId), secretApiKey: \(secretApiKey.count) characters)"
    }
}
