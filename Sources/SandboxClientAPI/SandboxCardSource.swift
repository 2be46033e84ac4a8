import PaymentFormEngine
import PaymentFormJSON

/// The card a surcharge or DCC request is about, as the Online Payments Client API takes it:
/// `{"card": {"cardNumber": "<6 to 19 digits>", "paymentProductId"?: <integer>}}` or
/// `{"token": "<token>"}`. The sandbox's tokens are the ids of the accounts on file its products
/// carry (`"1001"`).
///
/// Never printed: the card number is card data.
package enum SandboxCardSource: Sendable {
    case card(number: String, paymentProductId: Int?)
    case token(String)

    /// Reads `json` (the request's `cardSource`).
    package init(_ json: JSONValue?) throws(ClientAPIRouter.Rejection) {
        let shape = #"cardSource must be {"card": {"cardNumber": "<digits>", "paymentProductId": <integer>}} or {"token": "<token>"}"#
        guard case .object(let object)? = json, object.keys.count == 1 else {
            throw ClientAPIRouter.Rejection(response: SandboxErrorBody.badRequest(shape, property: "cardSource"))
        }
        if case .string(let token)? = object["token"] {
            guard !token.isEmpty, token.utf8.count <= 64 else {
                throw ClientAPIRouter.Rejection(response: SandboxErrorBody.badRequest("cardSource.token must be a non-empty string of at most 64 characters", property: "cardSource.token"))
            }
            self = .token(token)
            return
        }
        guard case .object(let card)? = object["card"], card.keys.allSatisfy({ $0 == "cardNumber" || $0 == "paymentProductId" }) else {
            throw ClientAPIRouter.Rejection(response: SandboxErrorBody.badRequest(shape, property: "cardSource"))
        }
        guard case .string(let number)? = card["cardNumber"], (6...19).contains(number.utf8.count), number.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else {
            throw ClientAPIRouter.Rejection(response: SandboxErrorBody.badRequest(
                "cardSource.card.cardNumber must be a string of 6 to 19 digits (no spaces)", property: "cardSource.card.cardNumber"))
        }
        var productId: Int?
        if let value = card["paymentProductId"], value != .null {
            guard case .number(let text) = value, let id = Int(text), id > 0 else {
                throw ClientAPIRouter.Rejection(response: SandboxErrorBody.badRequest(
                    "cardSource.card.paymentProductId must be a positive integer", property: "cardSource.card.paymentProductId"))
            }
            productId = id
        }
        self = .card(number: number, paymentProductId: productId)
    }
}

extension ClientAPIRouter {
    /// The largest amount the sandbox computes with: 12 digits, as the API's integer(12).
    package static let maximumAmount = 999_999_999_999

    /// An amount of money as the Online Payments calls send it: `{"amount": <integer>, "currencyCode": "EUR"}`.
    package static func amountOfMoney(_ json: JSONValue?, at property: String) throws(Rejection) -> AmountOfMoney {
        guard case .object? = json else {
            throw Rejection(response: SandboxErrorBody.badRequest("\(property) is required: {\"amount\": <integer>, \"currencyCode\": \"EUR\"}", property: property))
        }
        guard case .number(let text)? = json?["amount"], let amount = Int(text), (0...maximumAmount).contains(amount) else {
            throw Rejection(response: SandboxErrorBody.badRequest(
                "\(property).amount must be an integer from 0 to \(maximumAmount) (minor units)", property: "\(property).amount"))
        }
        guard case .string(let currency)? = json?["currencyCode"], currency.count == 3, currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw Rejection(response: SandboxErrorBody.badRequest(
                "\(property).currencyCode must be an ISO 4217 code of three capital letters", property: "\(property).currencyCode"))
        }
        return AmountOfMoney(amount: amount, currencyCode: currency)
    }

    /// The body of an Online Payments service call: a JSON object, no member repeated.
    package static func serviceBody(_ body: [UInt8], shape: String) throws(Rejection) -> JSONValue {
        switch SandboxJSONBody.object(body) {
        case .success(let object): return .object(object)
        case .failure(let problem): throw Rejection(response: SandboxErrorBody.badRequest(problem.message("the body must be a JSON object \(shape)")))
        }
    }

    /// The account on file a token stands for (the sandbox's tokens are account-on-file ids), and its product.
    package func account(forToken token: String) throws(Rejection) -> (account: AccountOnFile, product: PaymentProduct) {
        for item in data.products {
            if let account = item.model.accountOnFile(withId: token) { return (account, item.model) }
        }
        throw Rejection(response: SandboxErrorBody.response(
            404, code: "SANDBOX_UNKNOWN_TOKEN", id: "SANDBOX_UNKNOWN_TOKEN",
            message: "no such token (the sandbox's tokens are the ids of its accounts on file)", propertyName: "cardSource.token"))
    }

    /// The served card product `id` (for a card source naming one).
    package func cardProduct(withId id: Int) throws(Rejection) -> PaymentProduct {
        guard let item = data.product(withId: String(id)) else { throw Rejection(response: SandboxErrorBody.unknownProduct(property: "cardSource.card.paymentProductId")) }
        guard item.model.paymentMethod == "card" else {
            throw Rejection(response: SandboxErrorBody.badRequest("product \(id) is not a card product", property: "cardSource.card.paymentProductId"))
        }
        return item.model
    }
}
