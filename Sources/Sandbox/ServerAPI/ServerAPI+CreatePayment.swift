import Foundation
import PaymentFormEngine
import PaymentFormDecryption
import PaymentFormJSON

extension ServerAPI {
    /// The card fields whose errors the platform reports under `cardPaymentMethodSpecificInput.card`.
    static let cardFieldIds: Set<String> = ["cardNumber", "expiryDate", "cvv", "cardholderName"]

    /// `POST …/payments`: see ``ServerAPI``; the steps in order, each failure a 400 naming the
    /// member at fault.
    func createPayment(_ body: [UInt8], version: ServerAPIVersion) -> HTTPResponse {
        func refuse(_ message: String, property: String?, code: String = "SANDBOX_BAD_REQUEST") -> HTTPResponse {
            errors(400, [SandboxErrorBody.Item(code: code, id: code, message: message, propertyName: property)], version)
        }
        guard case .object(let json)? = try? JSONParser(rejectsDuplicateKeys: true).parse(body) else {
            return refuse("the body must be a JSON object (a CreatePaymentRequest) without repeated members", property: nil)
        }
        guard case .string(let token)? = json["encryptedCustomerInput"], !token.isEmpty else {
            return refuse("encryptedCustomerInput is required: what the app's client SDK encrypted", property: "encryptedCustomerInput")
        }
        let amountOfMoney = json["order"]?["amountOfMoney"]
        guard case .number(let amountText)? = amountOfMoney?["amount"], let amount = Int(amountText), amount >= 0 else {
            return refuse("order.amountOfMoney.amount is required: a non-negative integer in minor units", property: "order.amountOfMoney.amount")
        }
        guard case .string(let currency)? = amountOfMoney?["currencyCode"], currency.count == 3,
              currency.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) })
        else {
            return refuse("order.amountOfMoney.currencyCode is required: three capital letters (EUR)", property: "order.amountOfMoney.currencyCode")
        }
        var merchantReference: String?
        if case .string(let reference)? = json["order"]?["references"]?["merchantReference"] { merchantReference = reference }
        let cardInput = json["cardPaymentMethodSpecificInput"]
        var requestedProduct: String?
        switch cardInput?["paymentProductId"] {
        case nil, .null?: break
        case .number(let text)?: requestedProduct = text
        default: return refuse("cardPaymentMethodSpecificInput.paymentProductId must be a number", property: "cardPaymentMethodSpecificInput.paymentProductId")
        }
        var returnURL: String?
        let returnURLProperty = "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl"
        for (value, property) in [(cardInput?["threeDSecure"]?["redirectionData"]?["returnUrl"], returnURLProperty),
                                  (cardInput?["returnUrl"], "cardPaymentMethodSpecificInput.returnUrl")] {
            guard let value, value != .null, returnURL == nil else { continue }
            guard case .string(let text) = value, Self.isReturnURL(text) else {
                return refuse("\(property) must be an absolute http(s) URL of printable ASCII characters", property: property)
            }
            returnURL = text
        }

        let payload: DecryptedPayload
        do {
            payload = try DecryptedPayload(token: token, key: data.decryptionKey)
        } catch {
            return refuse(error.description, property: "encryptedCustomerInput", code: "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT")
        }
        guard let sessionId = payload.clientSessionId, sessions.session(withId: sessionId) != nil else {
            return refuse(
                "the payload was prepared for a client session this sandbox did not create (or no longer keeps: the last "
                    + "\(SandboxSessions.maximumMinted))", property: "encryptedCustomerInput", code: "SANDBOX_UNKNOWN_CLIENT_SESSION")
        }
        guard memory.use(token: token) else {
            return refuse("this encryptedCustomerInput was submitted already: it can be submitted once", property: "encryptedCustomerInput",
                          code: "SANDBOX_ENCRYPTED_CUSTOMER_INPUT_USED")
        }
        guard let productId = payload.paymentProductId, let item = data.product(withId: String(productId)) else {
            return refuse("the payload's paymentProductId is not a product this sandbox serves", property: "encryptedCustomerInput",
                          code: "SANDBOX_UNKNOWN_PRODUCT")
        }
        if let requestedProduct, requestedProduct != String(productId) {
            return refuse("cardPaymentMethodSpecificInput.paymentProductId is not the product of encryptedCustomerInput",
                          property: "cardPaymentMethodSpecificInput.paymentProductId")
        }

        // The values as sent: no mask.
        let product = item.model
        let isCard = product.paymentMethod == "card"
        func property(_ fieldId: String) -> String {
            isCard && Self.cardFieldIds.contains(fieldId) ? "cardPaymentMethodSpecificInput.card.\(fieldId)" : "encryptedCustomerInput.\(fieldId)"
        }
        var items: [SandboxErrorBody.Item] = []
        var request = PaymentRequest(product: product, tokenize: payload.tokenize)
        if let account = payload.accountOnFileId {
            do {
                try request.selectAccountOnFile(withId: String(account))
            } catch {
                items.append(SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_ACCOUNT_ON_FILE", id: "SANDBOX_UNKNOWN_ACCOUNT_ON_FILE",
                    message: "the product has no account on file \(account)", propertyName: "encryptedCustomerInput.accountOnFileId"))
            }
        }
        let values = payload.paymentValues
        for key in values.keys.sorted() {
            do {
                try request.setValue(values[key] ?? "", forField: key)
            } catch {
                items.append(SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_FIELD", id: "SANDBOX_UNKNOWN_FIELD", message: "the product has no field \(SandboxServer.loggable(key))",
                    propertyName: property(SandboxServer.loggable(key))))
            }
        }
        let report = request.validateAsSent(in: .current())
        var reported = Set<String>()
        let localizer = Localizer(languageTag: "en")
        for error in report.errors where reported.insert(error.fieldId).inserted {
            items.append(Self.item(for: error, property: property(error.fieldId), localizer: localizer))
        }
        guard items.isEmpty else { return errors(400, items, version) }

        let cardNumber = isCard ? values["cardNumber"] : nil
        let outcome = cardNumber.map(SandboxTestCards.outcome(forCardNumber:)) ?? .authorized
        if outcome == .challenge, returnURL == nil {
            return refuse("a 3-D Secure challenge card needs \(returnURLProperty): where the customer comes back", property: returnURLProperty)
        }
        if outcome == .slow { pause(SandboxTestCards.slowAnswerSeconds) }

        let state: ServerAPIPayment.State
        switch outcome {
        case .authorized, .slow: state = .authorized
        case .declined: state = .rejected([Self.notAuthorised])
        case .challenge: state = .redirected
        }
        let payment = ServerAPIPayment(
            id: ServerAPIPayment.makeId(), state: state, amount: amount, currencyCode: currency, paymentProductId: productId,
            paymentMethod: product.paymentMethod ?? "", maskedCardNumber: cardNumber.map(ServerAPIPayment.mask), expiryDate: isCard ? values["expiryDate"] : nil,
            merchantReference: merchantReference, returnURL: outcome == .challenge ? returnURL : nil,
            returnMAC: outcome == .challenge ? UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased() : nil, statusChanged: Date())
        memory.keep(payment)
        let creationOutput: JSONValue = ["additionalReference": .string(payment.id), "externalReference": .string(payment.id)]
        if outcome == .declined {
            let result: JSONValue = .object(JSONObject([(key: "creationOutput", value: creationOutput), (key: "payment", value: payment.json(version))]))
            return errors(402, [Self.notAuthorised], version, extra: [(key: "paymentResult", value: result)])
        }
        var answer = JSONObject([(key: "creationOutput", value: creationOutput)])
        if outcome == .challenge, let mac = payment.returnMAC {
            answer.append("merchantAction", [
                "actionType": "REDIRECT",
                "redirectData": ["redirectURL": .string(baseURL() + ThreeDSecurePage.pathPrefix + payment.id), "RETURNMAC": .string(mac)],
            ])
        }
        answer.append("payment", payment.json(version))
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(HTTPHeaderField("Location", "\(baseURL())/\(version.rawValue)/\(credentials.merchantId)/payments/\(payment.id)"))
        return response
    }

    /// The decline of the platform's fixtures: `430330`, "Not authorised".
    static let notAuthorised = SandboxErrorBody.Item(
        code: "430330", id: "NOT_AUTHORISED", message: "Not authorised", category: "PAYMENT_PLATFORM_ERROR")

    /// The error of a value that fails the product's rules: the platform's codes where its
    /// fixtures give one (an expiry date in the past or not MMYY `21000120`, a failed Luhn check
    /// `21000020`), else `SANDBOX_<RULE>` (`SANDBOX_REGULAR_EXPRESSION`, `SANDBOX_LENGTH`, ...);
    /// the message in English, never the value.
    static func item(for error: FieldError, property: String, localizer: Localizer) -> SandboxErrorBody.Item {
        var parameters: [String: Int] = [:]
        for parameter in error.error.parameters { parameters[parameter.name] = parameter.value }
        let message = "\(property): " + localizer.validationMessage(errorId: error.errorId, parameters: parameters)
        switch (error.fieldId, error.errorId) {
        case ("expiryDate", "expirationDate"), ("expiryDate", "regularExpression"):
            return SandboxErrorBody.Item(
                code: "21000120", id: "INVALID_VALUE", message: "\(property) IS IN THE PAST OR NOT IN CORRECT MMYY FORMAT", propertyName: property)
        case ("cardNumber", "luhn"):
            return SandboxErrorBody.Item(code: "21000020", id: "INVALID_VALUE", message: message, propertyName: property)
        default:
            let code = "SANDBOX_" + error.errorId.reduce(into: "") { text, character in
                if character.isUppercase { text += "_" }
                text += character.uppercased()
            }
            return SandboxErrorBody.Item(code: code, id: "INVALID_VALUE", message: message, propertyName: property)
        }
    }

    /// Whether `text` is an absolute http(s) URL of printable ASCII (it becomes a `Location`).
    static func isReturnURL(_ text: String) -> Bool {
        guard text.utf8.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return false }
        return true
    }
}
