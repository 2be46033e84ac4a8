import PaymentFormCore

extension ClientSession {
    /// The products offered in `context` (`GET products?hide=fields`), without their fields.
    /// Kept for the session, keyed by the whole context.
    public func paymentProducts(for context: PaymentContext) async throws(ClientAPIError) -> PaymentProductList {
        let list = try await require(call(
            PaymentProductList.self, "GET", ["products"], query: contextQuery(context) + [("hide", "fields")], policy: .keep))
        offeredProducts.update(list)
        return list
    }

    /// The product groups offered in `context` (`GET productgroups?hide=fields`), without fields.
    public func paymentProductGroups(for context: PaymentContext) async throws(ClientAPIError) -> PaymentProductGroupList {
        try await require(call(
            PaymentProductGroupList.self, "GET", ["productgroups"], query: contextQuery(context) + [("hide", "fields")], policy: .keep))
    }

    /// The products, and the groups when `groupingProducts`, offered in `context`; both lists are
    /// fetched at the same time.
    public func paymentItems(for context: PaymentContext, groupingProducts: Bool = false) async throws(ClientAPIError) -> PaymentItems {
        guard groupingProducts else { return PaymentItems(products: try await paymentProducts(for: context)) }
        async let groups = groupsResult(for: context)
        let products: PaymentProductList
        do {
            products = try await paymentProducts(for: context)
        } catch {
            _ = await groups
            throw error
        }
        return PaymentItems(products: products, groups: try await groups.get())
    }

    private func groupsResult(for context: PaymentContext) async -> Result<PaymentProductGroupList, ClientAPIError> {
        do {
            return .success(try await paymentProductGroups(for: context))
        } catch {
            return .failure(error)
        }
    }

    /// A product with its fields (`GET products/{id}`), for `context`.
    ///
    /// HTTP 404 means the product is not offered in this context.
    public func paymentProduct(withId id: String, context: PaymentContext) async throws(ClientAPIError) -> PaymentProduct {
        try await require(call(PaymentProduct.self, "GET", ["products", id], query: contextQuery(context), policy: .keep))
    }

    /// A group with its fields (`GET productgroups/{id}`), for `context`.
    public func paymentProductGroup(withId id: String, context: PaymentContext) async throws(ClientAPIError) -> PaymentProductGroup {
        try await require(call(PaymentProductGroup.self, "GET", ["productgroups", id], query: contextQuery(context), policy: .keep))
    }

    /// The card networks a wallet product (Apple Pay `302`, Google Pay `320`) accepts in
    /// `context` (`GET products/{id}/networks`). Not kept; concurrent identical calls share one
    /// request.
    public func paymentProductNetworks(forProductId id: String, context: PaymentContext) async throws(ClientAPIError) -> PaymentProductNetworks {
        try await require(call(
            PaymentProductNetworks.self, "GET", ["products", id, "networks"], query: contextQuery(context) + [("hide", "fields")],
            policy: .shareInFlight))
    }

    /// A call's answer, which is always there when no status is accepted as "no answer".
    func require<Model>(_ value: Model?) throws(ClientAPIError) -> Model {
        guard let value else { throw ClientAPIError(kind: .decoding(path: ""), reason: "the answer is empty") }
        return value
    }
}
