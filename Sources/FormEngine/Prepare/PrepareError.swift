/// Why a payment request could not be prepared. Never carries a value or key material.
public enum PrepareError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request does not validate; nothing was encrypted.
    case invalidRequest(ValidationReport)
    /// The request is for a product group: a payload names one product, so the product (from
    /// the card's brand or IIN details) must be chosen first.
    case productGroup(String)
    /// The payload needs a numeric product id (a JSON number), and this product's id is not one.
    case nonNumericProductId(String)
    /// The payload needs a numeric account-on-file id, and this account's id is not one.
    case nonNumericAccountOnFileId(String)
    /// The public key could not be read; the text says why (never the key).
    case invalidPublicKey(reason: String)
    /// Encryption failed; the text says why.
    case encryptionFailed(reason: String)
    /// The plaintext could not be encoded.
    case encodingFailed

    /// A stable identifier (the CLI's error code).
    public var code: String {
        switch self {
        case .invalidRequest: "invalid_request"
        case .productGroup: "product_group"
        case .nonNumericProductId: "non_numeric_product_id"
        case .nonNumericAccountOnFileId: "non_numeric_account_on_file_id"
        case .invalidPublicKey: "invalid_public_key"
        case .encryptionFailed: "encryption_failed"
        case .encodingFailed: "encoding_failed"
        }
    }

    /// What was wrong, as a sentence; never a value or key material.
    public var description: String {
        switch self {
        case .invalidRequest(let report): "the request is invalid: \(report)"
        case .productGroup(let id): "'\(id)' is a product group; choose its product (from the card's brand or IIN details) before preparing"
        case .nonNumericProductId(let id): "product id '\(id)' is not numeric; the payload needs a number"
        case .nonNumericAccountOnFileId(let id): "account on file id '\(id)' is not numeric; the payload needs a number"
        case .invalidPublicKey(let reason): "the public key cannot be used: \(reason)"
        case .encryptionFailed(let reason): "encryption failed: \(reason)"
        case .encodingFailed: "the payload could not be encoded"
        }
    }
}
