package import PaymentFormJSON

/// The answer of `GET /services/convert/amount`: an amount converted to another currency, in the
/// target currency's minor units.
package struct ConvertedAmount: ClientAPIModel, JSONModel, Hashable {
    /// The converted amount in minor units of the target currency.
    package var convertedAmount: Int

    /// A response.
    package init(convertedAmount: Int) {
        self.convertedAmount = convertedAmount
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        convertedAmount = try object.required("convertedAmount").int()
    }

    package var json: JSONValue {
        jsonObject([("convertedAmount", .from(convertedAmount))])
    }
}
