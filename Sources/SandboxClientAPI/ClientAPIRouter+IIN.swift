import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// `POST services/getIINdetails`, and the card products a card number stands for (also what the
/// surcharge and DCC calls work from).
extension ClientAPIRouter {
    /// What the sandbox knows about a card-number prefix: the products served for it (the card's
    /// own first; more for a co-badged card) and the issuing country, when known.
    package struct CardProducts: Sendable, Hashable {
        package let paymentProductIds: [Int]
        package let countryCode: String?
    }

    /// The card products of `digits` (6 to 19 digits): an IIN answer of the data whose prefix the
    /// digits start with (the longest), else the offline brand detector's answer mapped to the
    /// products served; `nil` when no product is served for them (or the detector cannot decide).
    package func cardProducts(_ digits: String) -> CardProducts? {
        let offered = Set(data.products.compactMap { Int($0.model.id) })
        for answer in data.iinAnswers where digits.hasPrefix(answer.prefix) {
            let ids = answer.paymentProductIds.filter(offered.contains)
            guard let first = ids.first else { continue }
            return CardProducts(paymentProductIds: ids, countryCode: answer.countryCode ?? country(ofProduct: first))
        }
        let detection = (try? brandDetector.detect(digits)) ?? .unknown
        let ids = detection.isAmbiguous ? [] : detection.paymentProductIds(offered: offered)
        guard let first = ids.first else { return nil }
        return CardProducts(paymentProductIds: ids, countryCode: country(ofProduct: first))
    }

    /// The brand table's country of the brand product `id` stands for (a domestic scheme's), or `nil`.
    package func country(ofProduct id: Int) -> String? {
        brandDetector.table.brands.first { $0.paymentProductIds.contains(id) }?.country
    }

    package func iinDetails(_ body: [UInt8]) -> HTTPResponse {
        let json: JSONValue
        switch SandboxJSONBody.object(body, rejectsDuplicateKeys: false) {
        case .success(let object): json = .object(object)
        case .failure(let problem): return SandboxErrorBody.badRequest(problem.message("the body must be a JSON object {\"bin\": \"...\"}"), property: "bin")
        }
        guard case .string(let bin)? = json["bin"], (6...19).contains(bin.count), bin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return SandboxErrorBody.badRequest("bin must be a string of 6 to 19 digits", property: "bin")
        }
        var context: PaymentContext?
        if let paymentContext = json["paymentContext"], paymentContext != .null {
            guard let read = Self.iinContext(paymentContext) else {
                return SandboxErrorBody.badRequest(
                    "paymentContext must have amountOfMoney {amount, currencyCode}, countryCode and optionally isRecurring", property: "paymentContext")
            }
            context = read
        }
        guard let card = cardProducts(bin), let first = card.paymentProductIds.first else {
            return SandboxErrorBody.response(404, code: "SANDBOX_UNKNOWN_IIN", id: "SANDBOX_UNKNOWN_IIN", message: "no product matches this IIN", propertyName: "bin")
        }
        func allowed(_ id: Int) -> Bool {
            guard let context, let item = data.product(withId: String(id)) else { return true }
            return Self.offers(item.model, in: context)
        }
        var answer = JSONObject([(key: "paymentProductId", value: .number(String(first)))])
        if let country = card.countryCode { answer.append("countryCode", .string(country)) }
        if context != nil { answer.append("isAllowedInContext", .bool(allowed(first))) }
        if card.paymentProductIds.count > 1 {
            answer.append("coBrands", .array(card.paymentProductIds.map { id in
                var coBrand = JSONObject([(key: "paymentProductId", value: .number(String(id)))])
                if context != nil { coBrand.append("isAllowedInContext", .bool(allowed(id))) }
                return .object(coBrand)
            }))
        }
        return .json(200, .object(answer))
    }

    /// The IIN request's payment context; amounts and flags as JSON numbers and booleans (the
    /// API's types) or as strings (what the Connect Swift SDKs send).
    package static func iinContext(_ json: JSONValue) -> PaymentContext? {
        guard case .string(let country)? = json["countryCode"], let money = json["amountOfMoney"],
              case .string(let currency)? = money["currencyCode"]
        else { return nil }
        let amount: Int
        switch money["amount"] {
        case .number(let text)?, .string(let text)?:
            guard let value = Int(text) else { return nil }
            amount = value
        default: return nil
        }
        var recurring = false
        switch json["isRecurring"] {
        case nil, .null?: break
        case .bool(let flag)?: recurring = flag
        case .string(let text)? where text == "true" || text == "false": recurring = text == "true"
        default: return nil
        }
        return PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: country, isRecurring: recurring)
    }
}
