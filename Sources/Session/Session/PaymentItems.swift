
/// What a customer can pay with in a context: the products, and the groups when asked for
/// (``ClientSession/paymentItems(for:groupingProducts:)``).
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

    /// The products that belong to no group, followed by the groups, each list in display
    /// order: what a payment-method list shows when products are grouped.
    public var ungroupedProducts: [PaymentProduct] {
        let groupIds = Set(groups?.paymentProductGroups.map(\.id) ?? [])
        return products.productsInDisplayOrder.filter { product in
            guard let group = product.paymentProductGroup else { return true }
            return !groupIds.contains(group)
        }
    }
}
