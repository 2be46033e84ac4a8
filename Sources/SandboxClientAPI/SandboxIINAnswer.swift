import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// An IIN answer the sandbox serves for a card-number prefix, where the brand table cannot tell:
/// a co-badged Cartes Bancaires card, for example (`Resources/IIN/<prefix>.json`, or
/// `DIR/iin/<prefix>.json` with `--products DIR`).
///
/// The file is the getIINdetails answer without what depends on the request:
/// `{"paymentProductId": 130, "coBrands": [{"paymentProductId": 130}, {"paymentProductId": 1}], "countryCode": "FR"}`
/// (`coBrands` and `countryCode` optional; with co-brands, `paymentProductId` is the first).
package struct SandboxIINAnswer: Sendable, Hashable {
    /// The digits a lookup's `bin` must start with (6 to 19).
    package let prefix: String
    /// The products, the card's own first; more than one for a co-badged card.
    package let paymentProductIds: [Int]
    /// The issuing country, when the file gives one.
    package let countryCode: String?

    /// Reads the file of `prefix`; `source` names it in errors.
    package init(prefix: String, json: JSONValue, source: String) throws(SandboxError) {
        func refuse(_ message: String) -> SandboxError {
            SandboxError(code: "invalid_value", message: "\(source): \(message)")
        }
        guard (6...19).contains(prefix.count), prefix.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else {
            throw refuse("an IIN answer's file name must be the card-number prefix it answers for: 6 to 19 digits, such as 40000025.json")
        }
        guard case .object(let object) = json else { throw refuse("(root): expected an object {\"paymentProductId\", \"coBrands\"}") }
        for key in object.keys where !["paymentProductId", "coBrands", "countryCode"].contains(key) {
            throw refuse("\(key): unknown member (expected paymentProductId, coBrands, countryCode)")
        }
        guard case .number(let text)? = object["paymentProductId"], let productId = Int(text), productId > 0 else {
            throw refuse("paymentProductId: expected a positive integer")
        }
        var ids = [productId]
        if let coBrands = object["coBrands"] {
            guard case .array(let items) = coBrands, items.count >= 2 else {
                throw refuse("coBrands: expected an array of at least two {\"paymentProductId\": <integer>}")
            }
            ids = []
            for (offset, item) in items.enumerated() {
                guard case .object(let coBrand) = item, coBrand.keys == ["paymentProductId"],
                      case .number(let text)? = coBrand["paymentProductId"], let id = Int(text), id > 0
                else { throw refuse("coBrands[\(offset)]: expected {\"paymentProductId\": <positive integer>}") }
                guard !ids.contains(id) else { throw refuse("coBrands[\(offset)]: product \(id) is listed twice") }
                ids.append(id)
            }
            guard ids.first == productId else {
                throw refuse("paymentProductId: must be the first co-brand's (\(ids[0])), as the Client API answers")
            }
        }
        var country: String?
        if let value = object["countryCode"] {
            guard case .string(let code) = value, code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
                throw refuse("countryCode: expected an ISO 3166-1 alpha-2 code such as \"FR\"")
            }
            country = code
        }
        self.prefix = prefix
        paymentProductIds = ids
        countryCode = country
    }
}

extension SandboxData {
    /// What the platform knows of a card number as the Server API judges a payment: the IIN
    /// answer of the data whose prefix the number starts with (a co-badged Cartes Bancaires card,
    /// which no brand table can tell), for the products served; `nil` when the data has none for
    /// it (the request's own offline detection then decides). A request that takes it pays with
    /// any of the card's products, so `4000 0025 0000 1001` is a card of product 130 as well as 1.
    package func platformIINLookup(forCardNumber number: String) -> IINLookupResult? {
        guard let digits = CardNumberDigits.digits(of: number) else { return nil }
        let offered = Set(products.compactMap { Int($0.model.id) })
        for answer in iinAnswers where digits.hasPrefix(answer.prefix) {
            let ids = answer.paymentProductIds.filter(offered.contains)
            guard let first = ids.first else { continue }
            let coBrands = ids.count > 1 ? ids.map { IINDetailsResponse.CoBrand(paymentProductId: $0, isAllowedInContext: true) } : []
            return IINLookupResult(status: .supported, source: .server, details: IINDetailsResponse(
                paymentProductId: first, isAllowedInContext: true, countryCode: answer.countryCode, coBrands: coBrands))
        }
        return nil
    }
}
