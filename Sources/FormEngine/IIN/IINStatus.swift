/// What an IIN lookup means for a card-number field.
public enum IINStatus: String, Sendable, Hashable, CaseIterable {
    /// The card belongs to a product that is allowed in the payment context.
    case supported
    /// The card's product exists but is not allowed in the payment context.
    case existingButNotAllowed
    /// No product matches the digits (the API answered 404, or no product id).
    case unknown
    /// Fewer than 6 digits: nothing was asked.
    case notEnoughDigits
    /// A newer lookup on the same field superseded this one before its answer arrived.
    case pending
}
