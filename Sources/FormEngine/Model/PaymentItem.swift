/// What a customer pays with, as a form sees it: a single ``PaymentProduct`` (Visa, iDEAL) or a
/// ``PaymentProductGroup`` shown as one choice (`cards`, whose product follows from the card
/// number).
///
/// Form controllers and requests accept either:
///
/// ```swift
/// let controller = PaymentFormController(item: cardsGroup, localizer: localizer, context: .current())
/// var request = PaymentRequest(item: visa)
/// ```
///
/// What holds either kind holds it as an ``AnyPaymentItem``, which a screen can switch over.
public protocol PaymentItem: ClientAPIModel, Identifiable where ID == String {
    /// Whether this is a product or a group.
    var kind: PaymentItemKind { get }
    /// The item's id (`1` for Visa, `cards` for the card group).
    var id: String { get }
    /// Its logo, label and display order.
    var displayHints: DisplayHints { get }
    /// The form's fields as listed in the definition (see ``fieldsInDisplayOrder``).
    var fields: [PaymentProductField] { get }
    /// The customer's stored accounts.
    var accountsOnFile: [AccountOnFile] { get }
    /// The item as the one type a list, a request or a form controller holds either kind in.
    func eraseToAnyPaymentItem() -> AnyPaymentItem
}

/// The two kinds of ``PaymentItem``.
public enum PaymentItemKind: String, Sendable, Hashable {
    /// A payment product, which a request can be prepared for.
    case product
    /// A group of products: its form is filled in first, then a product is chosen (from the
    /// card's brand or IIN details) before the request is prepared.
    case group
}

extension PaymentItem {
    /// The fields sorted by display order; fields without one last, in definition order.
    public var fieldsInDisplayOrder: [PaymentProductField] {
        sortedByDisplayOrder(fields) { $0.displayHints.displayOrder }
    }

    /// The field with the given id.
    public func field(withId id: String) -> PaymentProductField? {
        fields.first(where: { $0.id == id })
    }

    /// The account on file with the given id.
    public func accountOnFile(withId id: String) -> AccountOnFile? {
        accountsOnFile.first(where: { $0.id == id })
    }
}
