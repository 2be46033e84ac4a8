import PaymentFormEncryption

/// How the platform signs the webhooks it posts, and how both server SDKs' `WebhooksHelper`
/// check them: `X-GCS-Signature` is standard base64 of HMAC-SHA256(key: the webhook secret's
/// UTF-8, data: the body as sent); `X-GCS-KeyId` names the key.
///
/// ```swift
/// WebhookSignature.signature(of: Array("{}".utf8), secretKey: "secret")
/// ```
package enum WebhookSignature {
    /// The signature of `body` with `secretKey`.
    package static func signature(of body: [UInt8], secretKey: String) -> String {
        Base64.encode(HMAC<SHA256>.authenticationCode(for: body, key: Array(secretKey.utf8)))
    }
}
