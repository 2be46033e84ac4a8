import Foundation

/// What a merchant's server signs its Server API calls with, and the merchant id in their paths.
///
/// The defaults are test values, printed on the sandbox's first line and written in the docs:
/// **not for production** (a real secret never belongs in a test tool's options).
package struct ServerAPICredentials: Sendable, Hashable {
    /// The merchant id of the paths (`/v1/<merchantId>/...`): letters, digits, `-`, `_` and `.`
    /// (the SDKs put it in the path without encoding it).
    package var merchantId: String
    /// The API key id of `Authorization: GCS v1HMAC:<apiKeyId>:<signature>`.
    package var apiKeyId: String
    /// The shared secret the signature is computed with.
    package var secretApiKey: String

    /// The default merchant id.
    package static let defaultMerchantId = "sandbox-merchant"
    /// The default API key id.
    package static let defaultApiKeyId = "sandbox-api-key-NOT-FOR-PRODUCTION"
    /// The default secret: public, in this repository's docs. Never for anything real.
    package static let defaultSecretApiKey = "sandbox-secret-NOT-FOR-PRODUCTION-0000000000000000"

    /// Credentials; the defaults are the documented test values.
    package init(
        merchantId: String = defaultMerchantId, apiKeyId: String = defaultApiKeyId, secretApiKey: String = defaultSecretApiKey
    ) {
        self.merchantId = merchantId
        self.apiKeyId = apiKeyId
        self.secretApiKey = secretApiKey
    }

    /// Why these credentials cannot be used (naming the option, never the secret), or `nil`.
    package var problem: String? {
        if merchantId.isEmpty || merchantId.utf8.count > 64
            || !merchantId.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }) {
            return "the merchant id must be 1 to 64 letters, digits, '-', '_' or '.'"
        }
        if apiKeyId.isEmpty || apiKeyId.utf8.count > 256 || !apiKeyId.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != ":" }) {
            return "the API key id must be 1 to 256 printable ASCII characters without spaces or ':'"
        }
        if secretApiKey.trimmingCharacters(in: .whitespaces).isEmpty || secretApiKey.utf8.count > 1024
            || secretApiKey.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the secret API key must be 1 to 1024 bytes of text without control characters"
        }
        return nil
    }
}
