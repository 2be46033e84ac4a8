import PaymentFormCore
/// What a customer can pay with in a context: the products, and the groups when asked for
/// (``ClientSession/paymentItems(for:groupingProducts:)``).
///
/// With groups, the list a customer picks from is ``items``: the Connect guide's rule, "the list
/// of basic payment items does not contain any payment products that have a payment product group
/// associated with them" — a product of an offered group (`cards`) is left out and the group is
/// listed instead. ``paymentItem(withId:)`` finds a product or a group by its id.
public struct PaymentItems: Sendable, Hashable {
    /// The products offered (basic form: no fields).
    public var products: PaymentProductList
    /// The groups offered (basic form), or `nil` when groups were not asked for.
    public var groups: PaymentProductGroupList?

    /// Payment items.
    package init(products: PaymentProductList, groups: PaymentProductGroupList? = nil) {
        self.products = products
        self.groups = groups
    }

    /// The products that belong to no offered group, in display order. A product that names a
    /// group the answer does not list stays here.
    public var ungroupedProducts: [PaymentProduct] {
        let groupIds = Set(groups?.paymentProductGroups.map(\.id) ?? [])
        return products.productsInDisplayOrder.filter { product in
            guard let group = product.paymentProductGroup else { return true }
            return !groupIds.contains(group)
        }
    }

    /// What a payment-method list shows: the ``ungroupedProducts`` and the offered groups, together
    /// in display order (items without one last, products before groups among equals). Without
    /// groups, the products in display order.
    ///
    /// ```swift
    /// let items = try await session.paymentItems(for: paymentContext, groupingProducts: true)
    /// for item in items.items { show(item.displayHints.label, item.displayHints.logo) }   // "Cards", iDEAL, ...
    /// ```
    public var items: [AnyPaymentItem] {
        let entries = ungroupedProducts.map(AnyPaymentItem.product) + (groups?.paymentProductGroups ?? []).map(AnyPaymentItem.group)
        return sortedByDisplayOrder(entries) { $0.displayHints.displayOrder }
    }

    /// The product or group with this id, among all the products (grouped or not) and the groups:
    /// products first, so a product id is never shadowed.
    public func paymentItem(withId id: String) -> AnyPaymentItem? {
        if let product = products.product(withId: id) { return .product(product) }
        return groups?.paymentProductGroups.first { $0.id == id }.map(AnyPaymentItem.group)
    }
}
