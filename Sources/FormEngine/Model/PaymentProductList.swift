package import PaymentFormJSON

/// The Client API's product list (`GET /products`): `{"paymentProducts": [...]}`.
///
/// A product that cannot be read is skipped and reported as a diagnostic; the others are kept
/// (the existing SDKs silently return an empty list instead).
public struct PaymentProductList: ClientAPIModel, JSONModel, Hashable {
    /// The products, in the order sent (see ``productsInDisplayOrder``).
    public var paymentProducts: [PaymentProduct]

    /// A list.
    package init(paymentProducts: [PaymentProduct]) {
        self.paymentProducts = paymentProducts
    }

    /// The products sorted by display order; those without one last.
    public var productsInDisplayOrder: [PaymentProduct] {
        sortedByDisplayOrder(paymentProducts) { $0.displayHints.displayOrder }
    }

    /// The product with the given id.
    public func product(withId id: String) -> PaymentProduct? {
        paymentProducts.first(where: { $0.id == id })
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        paymentProducts = try decodeTolerantly(object.required("paymentProducts"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try PaymentProduct(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([("paymentProducts", .array(paymentProducts.map { $0.json }))])
    }
}
