import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// `…/tokens`: cards on file, made from card data (`card.data.cardWithoutCvv`, the shape both
/// platforms take) or from an `encryptedCustomerInput`, read, updated (Connect) and deleted.
extension ServerAPI {
    /// The card members of a token request: number (digits, Luhn-valid), expiry `MMYY`, name.
    private func tokenCard(_ body: JSONObject, version: ServerAPIVersion) throws(ServerAPIError) -> (number: String?, expiry: String?, name: String?) {
        let card = body["card"]?["data"]?["cardWithoutCvv"] ?? body["card"]?["data"]?["card"] ?? body["card"]?["card"]
        func text(_ name: String) throws(ServerAPIError) -> String? {
            switch card?[name] {
            case nil, .null?: return nil
            case .string(let value)? where value.utf8.count <= 64 && value.unicodeScalars.allSatisfy({ !$0.properties.generalCategory.isControlOrFormat }):
                return value
            default:
                throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_INVALID_VALUE", "card.data.cardWithoutCvv.\(name) must be a short string",
                                                                   property: "card.data.cardWithoutCvv.\(name)")])
            }
        }
        var values: [String?] = []
        for name in ["cardNumber", "expiryDate", "cardholderName"] {
            values.append(try text(name))
        }
        if let number = values[0], !(13...19).contains(number.count) || !number.allSatisfy({ $0.isASCII && $0.isNumber }) || !Self.passesLuhn(number) {
            throw ServerAPIError(400, [SandboxErrorBody.Item(
                code: "21000020", id: "INVALID_VALUE", message: "card.data.cardWithoutCvv.cardNumber must be 13 to 19 digits passing the Luhn check",
                propertyName: "card.data.cardWithoutCvv.cardNumber")])
        }
        if let expiry = values[1], expiry.count != 4 || !expiry.allSatisfy({ $0.isASCII && $0.isNumber }) || !(1...12).contains(Int(expiry.prefix(2)) ?? 0) {
            throw ServerAPIError(400, [SandboxErrorBody.Item(
                code: "21000120", id: "INVALID_VALUE", message: "card.data.cardWithoutCvv.expiryDate IS IN THE PAST OR NOT IN CORRECT MMYY FORMAT",
                propertyName: "card.data.cardWithoutCvv.expiryDate")])
        }
        return (values[0], values[1], values[2])
    }

    package static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard var digit = character.wholeNumberValue else { return false }
            if index % 2 == 1 { digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2 }
            sum += digit
        }
        return sum % 10 == 0
    }

    /// `POST …/tokens`: 201 `{token, isNewToken}`.
    package func createToken(_ call: Call) throws(ServerAPIError) -> Answer {
        let body = try call.body()
        var productId: Int?
        var masked: String?, expiry: String?, name: String?
        if body["encryptedCustomerInput"] != nil {
            let source = try paymentSource(body, ledger: call.ledger, version: call.version)
            productId = Int(source.product.id)
            masked = source.values["cardNumber"].map(ServerAPIPayment.mask)
            expiry = source.values["expiryDate"]
            name = source.values["cardholderName"]
        } else {
            if case .number(let text)? = body["paymentProductId"] { productId = Int(text) }
            let card = try tokenCard(body, version: call.version)
            masked = card.number.map(ServerAPIPayment.mask)
            (expiry, name) = (card.expiry, card.name)
        }
        guard let productId, data.product(withId: String(productId)) != nil else {
            throw ServerAPIError(400, [ServerAPIInput.invalid(
                "SANDBOX_UNKNOWN_PRODUCT", "paymentProductId is required: a product this sandbox serves", property: "paymentProductId")])
        }
        guard let masked else {
            throw ServerAPIError(400, [ServerAPIInput.invalid(
                "SANDBOX_MISSING_VALUE", "card.data.cardWithoutCvv.cardNumber is required", property: "card.data.cardWithoutCvv.cardNumber")])
        }
        let token = ServerAPIToken(
            id: ServerAPIToken.makeId(), paymentProductId: productId, maskedCardNumber: masked, expiryDate: expiry, cardholderName: name,
            originalPaymentId: nil, created: Date())
        call.ledger.keep(token)
        webhooks?.post(type: "token.created", member: "token", object: token.json(call.version), merchantId: credentials.merchantId)
        var response = HTTPResponse.json(201, token.createdJSON(call.version, isNew: true))
        response.headers.append(location(call.version, "tokens/\(token.id)"))
        return Answer(response)
    }

    /// `GET`, `PUT` (Connect: new expiry date or name) and `DELETE …/tokens/{id}`, Connect's
    /// `approvesepadirectdebit` (no SEPA tokens in the sandbox: 204 for a known token).
    private func token(_ call: Call) throws(ServerAPIError) -> ServerAPIToken {
        guard let token = call.ledger.token(withId: call.id) else { throw unknown("token", property: "tokenId", call.version) }
        return token
    }

    /// `GET …/tokens/{id}`.
    package func getToken(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, try token(call).json(call.version)))
    }

    /// `DELETE …/tokens/{id}`: 204, then 404.
    package func deleteToken(_ call: Call) throws(ServerAPIError) -> Answer {
        let token = try token(call)
        // Removed under the lock: of racing deletes one is 204 (and one event), the others 404.
        guard call.ledger.removeToken(withId: token.id) != nil else { throw unknown("token", property: "tokenId", call.version) }
        webhooks?.post(type: "token.deleted", member: "token", object: token.json(call.version), merchantId: credentials.merchantId)
        return Answer(HTTPResponse(status: 204))
    }

    /// Connect's `PUT …/tokens/{id}`: a new expiry date or name.
    package func updateToken(_ call: Call) throws(ServerAPIError) -> Answer {
        var token = try token(call)
        let card = try tokenCard(try call.body(), version: call.version)
        if let number = card.number { token.maskedCardNumber = ServerAPIPayment.mask(number) }
        if let expiry = card.expiry { token.expiryDate = expiry }
        if let name = card.name { token.cardholderName = name }
        call.ledger.keep(token)
        webhooks?.post(type: "token.updated", member: "token", object: token.json(call.version), merchantId: credentials.merchantId)
        return Answer(HTTPResponse(status: 204))
    }

    /// Connect's `approvesepadirectdebit` (no SEPA tokens in the sandbox): 204 for a known token.
    package func approveSepaDirectDebit(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try token(call)
        return Answer(HTTPResponse(status: 204))
    }
}
