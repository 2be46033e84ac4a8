/// Why a payment request refused an operation. Never carries a value the customer typed.
public enum PaymentRequestError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The product has no field with this id.
    case unknownField(String)
    /// The product has no account on file with this id.
    case unknownAccountOnFile(String)
    /// A form controller was given no product or group with this id to switch to.
    case unknownProduct(String)
    /// The card number does not offer this brand to choose (it is not co-badged with it).
    case brandNotOffered(String)

    /// A stable identifier (the CLI's error code).
    public var code: String {
        switch self {
        case .unknownField: "unknown_field"
        case .unknownAccountOnFile: "unknown_account_on_file"
        case .unknownProduct: "unknown_product"
        case .brandNotOffered: "brand_not_offered"
        }
    }

    /// What was wrong, naming the field or account id.
    public var description: String {
        switch self {
        case .unknownField(let id): "the product has no field '\(id)'"
        case .unknownAccountOnFile(let id): "the product has no account on file '\(id)'"
        case .unknownProduct(let id): "no product or group '\(id)' was given to switch to"
        case .brandNotOffered(let id): "the card number does not offer the brand '\(id)' to choose"
        }
    }
}
