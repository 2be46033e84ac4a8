package import PaymentFormJSON

/// How to show a product or group in a list: label, logo and position.
public struct DisplayHints: ClientAPIModel, JSONModel, Hashable {
    /// The product's or group's name as the definition gives it (localized by the server).
    public var label: String?
    /// The logo's path or URL, as the API sends it.
    public var logo: String?
    /// Position in the list (lower first); items without one go last. Lists come sorted by it
    /// (``PaymentProductList/productsInDisplayOrder``, ``PaymentItems/items``); an app that adds
    /// its own entries places them by it.
    ///
    /// ```swift
    /// let giftCardOrder = 15   // the app's own entry, between the platform's items
    /// let before = productList.productsInDisplayOrder.filter { ($0.displayHints.displayOrder ?? .max) < giftCardOrder }
    /// ```
    public var displayOrder: Int?

    /// Display hints.
    package init(label: String? = nil, logo: String? = nil, displayOrder: Int? = nil) {
        self.label = label
        self.logo = logo
        self.displayOrder = displayOrder
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        label = try object.string("label")
        logo = try object.string("logo")
        displayOrder = try object.int("displayOrder")
    }

    package var json: JSONValue {
        jsonObject([("displayOrder", .from(displayOrder)), ("label", .from(label)), ("logo", .from(logo))])
    }
}

/// Orders items by display order, those without one last, ties kept in their original order.
///
/// A strict weak ordering (the existing SDKs' comparators are not when an order is missing).
package func sortedByDisplayOrder<Item>(_ items: [Item], _ order: (Item) -> Int?) -> [Item] {
    // Definitions almost always list items in display order already: one pass confirms it, and
    // the array is shared instead of copied (validation walks the fields on every keystroke).
    if isInDisplayOrder(items, order) { return items }
    return items.enumerated().sorted { lhs, rhs in
        switch (order(lhs.element), order(rhs.element)) {
        case let (left?, right?) where left != right: left < right
        case (.some, nil): true
        case (nil, .some): false
        default: lhs.offset < rhs.offset
        }
    }.map { $0.element }
}

/// Whether `items` already are in the order ``sortedByDisplayOrder(_:_:)`` gives: no neighbour
/// with an order follows one with a greater order or with none.
private func isInDisplayOrder<Item>(_ items: [Item], _ order: (Item) -> Int?) -> Bool {
    var previous: Int?? = .none
    for item in items {
        let current = order(item)
        switch (previous, current) {
        case (.none, _): break
        case (.some(nil), .some): return false
        case let (.some(.some(before)), .some(after)) where after < before: return false
        default: break
        }
        previous = .some(current)
    }
    return true
}
