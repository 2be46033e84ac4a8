package import PaymentFormJSON

/// What paying an amount with a card costs with one product: the surcharge and the total
/// (`POST services/surchargeCalculation`, Online Payments).
///
/// ```swift
/// let surcharges = try await session.surcharges(forPartialCardNumber: "4111 1111", amount: paymentContext.amountOfMoney)
/// if let surcharge = surcharges.first, surcharge.surchargeAmount.amount > 0 {
///     print("+ \(surcharge.surchargeAmount.amount) → \(surcharge.totalAmount.amount)")
/// }
/// ```
///
/// A product without a surcharge (`NO_SURCHARGE`) has a zero ``surchargeAmount`` and a
/// ``totalAmount`` equal to the amount asked for. The rate behind a surcharge stays in the
/// value's Client API JSON.
public struct Surcharge: ClientAPIModel, JSONModel, Hashable {
    /// The product the surcharge is for.
    public var paymentProductId: Int
    /// The surcharge added to the amount (zero when the product has none).
    public var surchargeAmount: AmountOfMoney
    /// The amount with the surcharge: what the customer pays.
    public var totalAmount: AmountOfMoney
    /// The amount without the surcharge.
    package var netAmount: AmountOfMoney
    /// `OK`, or `NO_SURCHARGE` when the product has no surcharge.
    package var result: String
    /// The rate applied (`surchargeProductTypeId`, `surchargeProductTypeVersion`, `adValoremRate`,
    /// `specificRate`), as the API sent it; `nil` without a surcharge.
    package var surchargeRate: JSONValue?

    /// A surcharge.
    package init(paymentProductId: Int, result: String, netAmount: AmountOfMoney, surchargeAmount: AmountOfMoney,
                 totalAmount: AmountOfMoney, surchargeRate: JSONValue? = nil) {
        self.paymentProductId = paymentProductId
        self.result = result
        self.netAmount = netAmount
        self.surchargeAmount = surchargeAmount
        self.totalAmount = totalAmount
        self.surchargeRate = surchargeRate
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        paymentProductId = try object.required("paymentProductId").int()
        result = try object.required("result").string()
        func amount(_ key: String) throws(DefinitionError) -> AmountOfMoney {
            let node = try object.required(key)
            return try AmountOfMoney(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
        netAmount = try amount("netAmount")
        surchargeAmount = try amount("surchargeAmount")
        totalAmount = try amount("totalAmount")
        if let rate = object.optional("surchargeRate") {
            _ = try rate.object()
            surchargeRate = rate.value
        }
    }

    package var json: JSONValue {
        jsonObject([
            ("paymentProductId", .from(paymentProductId)), ("result", .string(result)), ("netAmount", netAmount.json),
            ("surchargeAmount", surchargeAmount.json), ("totalAmount", totalAmount.json), ("surchargeRate", surchargeRate),
        ])
    }
}

/// The answer of `POST services/surchargeCalculation`: one ``Surcharge`` per product.
package struct SurchargeCalculation: ClientAPIModel, JSONModel, Hashable {
    /// The surcharges, in the order sent. Unreadable entries are skipped (and reported).
    package var surcharges: [Surcharge]

    /// An answer.
    package init(surcharges: [Surcharge]) {
        self.surcharges = surcharges
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        surcharges = try decodeTolerantly(object.required("surcharges"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try Surcharge(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([("surcharges", .array(surcharges.map { $0.json }))])
    }
}
