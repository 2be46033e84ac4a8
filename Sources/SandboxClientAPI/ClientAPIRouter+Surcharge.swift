import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// `POST /client/v1/<customerId>/services/surchargeCalculation` (an Online Payments call).
extension ClientAPIRouter {
    /// `{"cardSource": …, "amountOfMoney": {"amount", "currencyCode"}}` →
    /// `{"surcharges": [{"paymentProductId", "result": "OK" | "NO_SURCHARGE", "netAmount",
    /// "surchargeAmount", "totalAmount", "surchargeRate"?}]}`: one entry per card product of the
    /// card source (each co-brand of a co-badged card; the product it names, when it names one;
    /// a token's account's product), from ``SurchargeRates``.
    package func surchargeCalculation(_ body: [UInt8]) -> HTTPResponse {
        do {
            let json = try Self.serviceBody(body, shape: #"{"cardSource": {...}, "amountOfMoney": {"amount", "currencyCode"}}"#)
            let source = try SandboxCardSource(json["cardSource"])
            let money = try Self.amountOfMoney(json["amountOfMoney"], at: "amountOfMoney")
            let productIds: [Int]
            switch source {
            case .token(let token):
                let (_, product) = try account(forToken: token)
                productIds = [Int(product.id)].compactMap { $0 }
            case .card(_, let id?):
                productIds = [Int(try cardProduct(withId: id).id)].compactMap { $0 }
            case .card(let number, nil):
                guard let card = cardProducts(number) else {
                    return SandboxErrorBody.response(
                        404, code: "SANDBOX_UNKNOWN_IIN", id: "SANDBOX_UNKNOWN_IIN", message: "no card product matches this card number",
                        propertyName: "cardSource.card.cardNumber")
                }
                productIds = card.paymentProductIds
            }
            return .json(200, ["surcharges": .array(productIds.map { Self.surcharge(for: $0, on: money) })])
        } catch {
            return error.response
        }
    }

    /// One entry of the answer.
    package static func surcharge(for productId: Int, on money: AmountOfMoney) -> JSONValue {
        func amount(_ value: Int) -> JSONValue {
            ["amount": .number(String(value)), "currencyCode": .string(money.currencyCode)]
        }
        guard let rate = SurchargeRates.table[productId] else {
            return .object(JSONObject([
                (key: "paymentProductId", value: .number(String(productId))),
                (key: "result", value: "NO_SURCHARGE"),
                (key: "netAmount", value: amount(money.amount)),
                (key: "surchargeAmount", value: amount(0)),
                (key: "totalAmount", value: amount(money.amount)),
            ]))
        }
        let surcharge = rate.surcharge(on: money.amount)
        return .object(JSONObject([
            (key: "paymentProductId", value: .number(String(productId))),
            (key: "result", value: "OK"),
            (key: "netAmount", value: amount(money.amount)),
            (key: "surchargeAmount", value: amount(surcharge)),
            (key: "totalAmount", value: amount(money.amount + surcharge)),
            (key: "surchargeRate", value: .object(JSONObject([
                (key: "surchargeProductTypeId", value: .string(rate.productTypeId)),
                (key: "surchargeProductTypeVersion", value: .string(rate.productTypeVersion)),
                (key: "adValoremRate", value: rate.adValoremRateJSON),
                (key: "specificRate", value: .number(String(rate.specificRate))),
            ]))),
        ]))
    }
}
