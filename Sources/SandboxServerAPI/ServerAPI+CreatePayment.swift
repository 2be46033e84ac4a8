import Foundation
import PaymentFormEngine
import PaymentFormDecryption
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

extension ServerAPI {
    /// The card fields whose errors the platform reports under `cardPaymentMethodSpecificInput.card`.
    package static let cardFieldIds: Set<String> = ["cardNumber", "expiryDate", "cvv", "cardholderName"]

    /// What a create request pays with, once read: the product, the values (as sent), the test
    /// card's outcome and whether a token is asked for.
    package struct PaymentSource {
        package let product: PaymentProduct
        package let values: [String: String]
        package let tokenize: Bool
        /// The token paid with, when the request named one.
        package let token: ServerAPIToken?
    }

    /// The order of a create request, checked: amount, currency, reference, return URL.
    package struct Order {
        package let amount: Int
        package let currency: String
        package let merchantReference: String?
        package let returnURL: String?
        /// `cardPaymentMethodSpecificInput.authorizationMode` `SALE`, or Connect's
        /// `requiresApproval: false`: the capture is requested as soon as it is authorised.
        package var capturesOnAuthorization = false
        /// What the request asks of 3-D Secure.
        package var threeDSecure = ThreeDSecureRequest.cardDecides
    }

    /// `POST …/sessions`: a fresh client session the Client API then accepts.
    package func createSession(_ call: Call) throws(ServerAPIError) -> Answer {
        let object = try call.body()
        var tokens: [JSONValue] = []
        switch object["tokens"] {
        case nil, .null?: break
        case .array(let items)? where items.count <= 100 && items.allSatisfy({ if case .string(let text) = $0 { text.utf8.count <= 64 } else { false } }):
            tokens = items
        default: throw ServerAPIError(400, [Self.badRequest("tokens must be a list of at most 100 token ids", property: "tokens")])
        }
        var locale: String?
        switch object["locale"] {
        case nil, .null?: break
        case .string(let text)? where !text.isEmpty && text.count <= 35
            && text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }):
            locale = text
        default: throw ServerAPIError(400, [Self.badRequest("locale must be a language tag such as fr_FR or fr-FR", property: "locale")])
        }
        let (clientSessionId, session) = sessions.mint(locale: locale)
        let base = baseURL()
        // Tokens this platform keeps are valid; the others are listed back.
        let invalid = tokens.filter { if case .string(let id) = $0 { call.ledger.token(withId: id) == nil } else { true } }
        var answer = JSONObject([
            (key: "clientSessionId", value: .string(clientSessionId)),
            (key: "customerId", value: .string(session.customerId)),
            (key: "clientApiUrl", value: .string(base + "/client")),
            (key: "assetUrl", value: .string(base + "/assets")),
            (key: "invalidTokens", value: .array(invalid)),
        ])
        if call.version == .v1 { answer.append("region", "EU") }
        return Answer(.json(201, .object(answer)))
    }

    /// `POST …/payments`: with `encryptedCustomerInput` (what the app's client SDK encrypted),
    /// with `cardPaymentMethodSpecificInput.token` (a card on file) and/or `hostedTokenizationId`
    /// (the token a hosted tokenization made; ``hostedTokenizationToken(_:ledger:version:)``), or with
    /// `cardPaymentMethodSpecificInput.card` (card data sent by the server itself) and
    /// `paymentProductId`. The steps in order, each failure a 400 naming the member at fault.
    package func createPayment(_ call: Call) throws(ServerAPIError) -> Answer {
        let version = call.version
        let json: JSONObject
        switch call.object() {
        case .failure(let item): throw refuse(item.message.replacingOccurrences(of: "a JSON object", with: "a JSON object (a CreatePaymentRequest)"), nil, version)
        case .success(let object): json = object
        }
        let order = try readOrder(.object(json), version: version).orBadRequest()
        if json[Self.directDebitInput] != nil, json[Self.directDebitInput] != .null, json["encryptedCustomerInput"] == nil,
           json["cardPaymentMethodSpecificInput"] == nil {
            return try createDirectDebitPayment(call, request: json, order: order)
        }
        let source = try paymentSource(json, ledger: call.ledger, version: version)
        return try makePayment(source: source, order: order, version: version, ledger: call.ledger, hostedCheckout: nil)
    }

    /// The order members of a create request (payment or hosted checkout).
    package func readOrder(_ json: JSONValue, version: ServerAPIVersion) -> Result<Order, SandboxErrorBody.Item> {
        let money: (amount: Int, currency: String)
        switch ServerAPIInput.money(json["order"]?["amountOfMoney"], property: "order.amountOfMoney") {
        case .failure(let item): return .failure(item)
        case .success(let value):
            guard let value else { return .failure(ServerAPIInput.invalid("SANDBOX_MISSING_VALUE", "order.amountOfMoney is required", property: "order.amountOfMoney")) }
            money = value
        }
        let merchantReference: String?
        switch ServerAPIInput.reference(json["order"]?["references"]?["merchantReference"], property: "order.references.merchantReference",
                                        maximumLength: version.maximumMerchantReferenceLength) {
        case .failure(let item): return .failure(item)
        case .success(let value): merchantReference = value
        }
        let cardInput = json["cardPaymentMethodSpecificInput"]
        var returnURL: String?
        let candidates = [
            (cardInput?["threeDSecure"]?["redirectionData"]?["returnUrl"], "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl"),
            (cardInput?["returnUrl"], "cardPaymentMethodSpecificInput.returnUrl"),
            (json["hostedCheckoutSpecificInput"]?["returnUrl"], "hostedCheckoutSpecificInput.returnUrl"),
        ]
        for (value, property) in candidates {
            guard let value, value != .null, returnURL == nil else { continue }
            guard case .string(let text) = value, Self.isReturnURL(text) else {
                return .failure(Self.badRequest("\(property) must be an absolute http(s) URL of printable ASCII characters", property: property))
            }
            returnURL = text
        }
        var captures = false
        switch cardInput?["authorizationMode"] {
        case nil, .null?: break
        case .string(let mode)? where ["FINAL_AUTHORIZATION", "PRE_AUTHORIZATION", "SALE"].contains(mode): captures = mode == "SALE"
        default:
            return .failure(ServerAPIInput.invalid(
                "SANDBOX_INVALID_AUTHORIZATION_MODE", "cardPaymentMethodSpecificInput.authorizationMode must be FINAL_AUTHORIZATION, PRE_AUTHORIZATION or SALE",
                property: "cardPaymentMethodSpecificInput.authorizationMode"))
        }
        switch cardInput?["requiresApproval"] {
        case nil, .null?: break
        case .bool(let requiresApproval)? where version == .v1: captures = captures || !requiresApproval
        case .bool?: break
        default:
            return .failure(ServerAPIInput.invalid(
                "SANDBOX_INVALID_REQUIRES_APPROVAL", "cardPaymentMethodSpecificInput.requiresApproval must be true or false",
                property: "cardPaymentMethodSpecificInput.requiresApproval"))
        }
        var order = Order(amount: money.amount, currency: money.currency, merchantReference: merchantReference, returnURL: returnURL)
        order.capturesOnAuthorization = captures
        switch ThreeDSecureRequest.read(cardInput, version) {
        case .failure(let item): return .failure(item)
        case .success(let request): order.threeDSecure = request
        }
        return .success(order)
    }

    private func refuse(_ message: String, _ property: String?, _ version: ServerAPIVersion, code: String = "SANDBOX_BAD_REQUEST") -> ServerAPIError {
        .badRequest(SandboxErrorBody.Item(code: code, id: code == "SANDBOX_BAD_REQUEST" ? code : "INVALID_VALUE", message: message, propertyName: property))
    }

    /// What a create request pays with (see ``createPayment(_:)``), or the answer refusing it.
    package func paymentSource(_ json: JSONObject, ledger: ServerAPILedger, version: ServerAPIVersion) throws(ServerAPIError) -> PaymentSource {
        let cardInput = json["cardPaymentMethodSpecificInput"]
        var requestedProduct: Int?
        switch cardInput?["paymentProductId"] ?? json["paymentProductId"] {
        case nil, .null?: break
        case .number(let text)? where Int(text) != nil: requestedProduct = Int(text)
        default:
            throw refuse("cardPaymentMethodSpecificInput.paymentProductId must be a number", "cardPaymentMethodSpecificInput.paymentProductId", version)
        }
        var tokenizeRequested = false
        switch cardInput?["tokenize"] {
        case nil, .null?: break
        case .bool(let flag)?: tokenizeRequested = flag
        default: throw refuse("cardPaymentMethodSpecificInput.tokenize must be true or false", "cardPaymentMethodSpecificInput.tokenize", version,
                                        code: "SANDBOX_INVALID_TOKENIZE")
        }

        if case .string(let token)? = json["encryptedCustomerInput"] {
            guard !token.isEmpty else { throw refuse("encryptedCustomerInput must not be empty", "encryptedCustomerInput", version) }
            return try encryptedSource(token, requestedProduct: requestedProduct, tokenize: tokenizeRequested, ledger: ledger, version: version)
        }
        if json["encryptedCustomerInput"] != nil, json["encryptedCustomerInput"] != .null {
            throw refuse("encryptedCustomerInput must be a string: what the app's client SDK encrypted", "encryptedCustomerInput", version)
        }
        var namedToken = cardInput?["token"]
        if let tokenId = try hostedTokenizationToken(json, ledger: ledger, version: version) {
            if let namedToken, namedToken != .null, namedToken != .string(tokenId) {
                throw refuse("cardPaymentMethodSpecificInput.token is not the token of hostedTokenizationId", "cardPaymentMethodSpecificInput.token", version)
            }
            namedToken = .string(tokenId)
        }
        if let tokenValue = namedToken, tokenValue != .null {
            guard case .string(let tokenId) = tokenValue, let token = ledger.token(withId: tokenId) else {
                throw ServerAPIError(404, [SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_TOKEN", id: "UNKNOWN_TOKEN", message: "no token with this id on this platform",
                    propertyName: "cardPaymentMethodSpecificInput.token")])
            }
            guard let item = data.product(withId: String(token.paymentProductId)) else {
                throw refuse("the token's product is no longer served", "cardPaymentMethodSpecificInput.token", version)
            }
            if let requestedProduct, requestedProduct != token.paymentProductId {
                throw refuse("cardPaymentMethodSpecificInput.paymentProductId is not the token's product",
                                       "cardPaymentMethodSpecificInput.paymentProductId", version)
            }
            try useTemporaryToken(tokenId, ledger: ledger, version: version)
            return PaymentSource(product: item.model, values: [:], tokenize: false, token: token)
        }
        if case .object(let card)? = cardInput?["card"] {
            guard let productId = requestedProduct, let item = data.product(withId: String(productId)) else {
                throw refuse("a payment with cardPaymentMethodSpecificInput.card needs cardPaymentMethodSpecificInput.paymentProductId, "
                    + "a product this sandbox serves", "cardPaymentMethodSpecificInput.paymentProductId", version)
            }
            var values: [String: String] = [:]
            for member in card {
                guard case .string(let value) = member.value else {
                    throw refuse("cardPaymentMethodSpecificInput.card.\(LogRedaction.loggable(member.key)) must be a string",
                                           "cardPaymentMethodSpecificInput.card.\(LogRedaction.loggable(member.key))", version)
                }
                values[member.key] = value
            }
            return try validated(item.model, values: values, accountOnFile: nil, tokenize: tokenizeRequested, version: version)
        }
        throw refuse("encryptedCustomerInput is required (what the app's client SDK encrypted), or cardPaymentMethodSpecificInput.token, "
            + "or cardPaymentMethodSpecificInput.card with paymentProductId", "encryptedCustomerInput", version)
    }

    /// An `encryptedCustomerInput`: decrypted with the sandbox's key, its members checked, its
    /// session known, taken once, its values validated as sent.
    private func encryptedSource(
        _ token: String, requestedProduct: Int?, tokenize: Bool, ledger: ServerAPILedger, version: ServerAPIVersion
    ) throws(ServerAPIError) -> PaymentSource {
        let payload: DecryptedPayload
        do {
            payload = try DecryptedPayload(token: token, key: data.decryptionKey)
        } catch {
            throw refuse(error.description, "encryptedCustomerInput", version, code: "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT")
        }
        // Members of the payload whose type is wrong are refused, never read as absent.
        for (member, kind, expected) in [("accountOnFileId", JSONKind.integer, "an integer"), ("tokenize", .boolean, "true or false"),
                                         ("paymentProductId", .integer, "an integer"), ("clientSessionId", .string, "a string")] {
            if let value = payload.json[member], value != .null, value.kind != kind {
                throw refuse("the payload's \(member) must be \(expected)", "encryptedCustomerInput.\(member)", version,
                                       code: "SANDBOX_INVALID_PAYLOAD_MEMBER")
            }
        }
        guard let sessionId = payload.clientSessionId, sessions.session(withId: sessionId) != nil else {
            throw refuse(
                "the payload was prepared for a client session this sandbox did not create (or no longer keeps: the last "
                    + "\(SandboxSessions.maximumMinted))", "encryptedCustomerInput", version, code: "SANDBOX_UNKNOWN_CLIENT_SESSION")
        }
        guard ledger.use(input: token) else {
            throw refuse("this encryptedCustomerInput was submitted already: it can be submitted once", "encryptedCustomerInput", version,
                                   code: "SANDBOX_ENCRYPTED_CUSTOMER_INPUT_USED")
        }
        guard let productId = payload.paymentProductId, let item = data.product(withId: String(productId)) else {
            throw refuse("the payload's paymentProductId is not a product this sandbox serves", "encryptedCustomerInput", version,
                                   code: "SANDBOX_UNKNOWN_PRODUCT")
        }
        if let requestedProduct, requestedProduct != productId {
            throw refuse("cardPaymentMethodSpecificInput.paymentProductId is not the product of encryptedCustomerInput",
                                   "cardPaymentMethodSpecificInput.paymentProductId", version)
        }
        return try validated(item.model, values: payload.paymentValues, accountOnFile: payload.accountOnFileId, tokenize: tokenize || payload.tokenize,
                         version: version)
    }

    /// The values validated **as sent** against `product` (no mask), or the 400 listing each
    /// failing value.
    private func validated(_ product: PaymentProduct, values: [String: String], accountOnFile: Int?, tokenize: Bool, version: ServerAPIVersion)
        throws(ServerAPIError) -> PaymentSource
    {
        let isCard = product.paymentMethod == "card"
        func property(_ fieldId: String) -> String {
            isCard && Self.cardFieldIds.contains(fieldId) ? "cardPaymentMethodSpecificInput.card.\(fieldId)" : "encryptedCustomerInput.\(fieldId)"
        }
        var items: [SandboxErrorBody.Item] = []
        var request = PaymentRequest(product: product, tokenize: tokenize)
        if let account = accountOnFile {
            do {
                try request.selectAccountOnFile(withId: String(account))
            } catch {
                items.append(SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_ACCOUNT_ON_FILE", id: "SANDBOX_UNKNOWN_ACCOUNT_ON_FILE",
                    message: "the product has no account on file \(account)", propertyName: "encryptedCustomerInput.accountOnFileId"))
            }
        }
        for key in values.keys.sorted() {
            do {
                try request.setValue(values[key] ?? "", forField: key)
            } catch {
                items.append(SandboxErrorBody.Item(
                    code: "SANDBOX_UNKNOWN_FIELD", id: "SANDBOX_UNKNOWN_FIELD", message: "the product has no field \(LogRedaction.loggable(key))",
                    propertyName: property(LogRedaction.loggable(key))))
            }
        }
        // The platform knows the card's co-brands (a Cartes Bancaires card carries a Visa number).
        if let number = request.value(forField: PaymentRequest.cardNumberFieldId), let lookup = data.platformIINLookup(forCardNumber: number) {
            request.applyIINLookup(lookup)
        }
        let report = request.validateAsSent(in: .current())
        var reported = Set<String>()
        let localizer = Localizer(languageTag: "en")
        for error in report.errors where reported.insert(error.fieldId).inserted {
            items.append(Self.item(for: error, property: property(error.fieldId), localizer: localizer))
        }
        guard items.isEmpty else { throw ServerAPIError(400, items) }
        return PaymentSource(product: product, values: values, tokenize: tokenize, token: nil)
    }

    /// Makes the payment of a checked request: the outcome of its test card, a token when asked,
    /// kept, told to the webhook URL, answered as the platform does (201, 402 declined, or 201
    /// with a 3-D Secure redirect). `paymentId`: the id the payment gets (a hosted checkout's
    /// pay claims the checkout for it first).
    package func makePayment(source: PaymentSource, order: Order, version: ServerAPIVersion, ledger: ServerAPILedger, hostedCheckout: HostedCheckout?,
                     paymentId: String? = nil) throws(ServerAPIError) -> Answer
    {
        let paymentId = paymentId ?? PlatformIds.payment(version, merchantId: credentials.merchantId)
        let product = source.product
        let isCard = product.paymentMethod == "card"
        let cardNumber = isCard ? source.values["cardNumber"] : nil
        // A token follows the test card it was made from (a hosted tokenization's), else authorises.
        let cardOutcome = source.token.map { $0.cardOutcome ?? .authorized } ?? cardNumber.map(SandboxTestCards.outcome(forCardNumber:)) ?? .authorized
        // The 3-D Secure options decide whether the customer is redirected (ThreeDSecureRequest);
        // a card that is not redirected is authorised (or declined) as its number says.
        let redirects = isCard && order.threeDSecure.redirects(cardOutcome)
        let outcome: SandboxTestCards.Outcome = redirects ? .challenge : (cardOutcome == .challenge ? .authorized : cardOutcome)
        let returnProperty = "cardPaymentMethodSpecificInput.threeDSecure.redirectionData.returnUrl"
        if redirects, order.returnURL == nil {
            throw refuse("a payment that is redirected to 3-D Secure needs \(returnProperty): where the customer comes back", returnProperty, version)
        }
        if outcome == .slow { pause(SandboxTestCards.slowAnswerSeconds) }

        let status: PaymentStatus
        var reasons: [SandboxErrorBody.Item] = []
        switch outcome {
        case .authorized, .slow, .captureFails, .refundFails: status = .authorized
        case .declined: (status, reasons) = (.rejected, [Self.notAuthorised])
        case .challenge: status = .redirected
        }
        var returnURL = outcome == .challenge ? order.returnURL : nil
        var returnMAC = outcome == .challenge ? UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased() : nil
        if let hostedCheckout, outcome == .challenge {
            // Back from 3-D Secure on a hosted checkout: the merchant's return URL, as the checkout's
            // own way back; without one, the checkout's page shows the outcome (ThreeDSecurePage).
            returnURL = hostedCheckout.returnURL.map { ThreeDSecurePage.adding([("hostedCheckoutId", hostedCheckout.id)], to: $0) }
            returnMAC = hostedCheckout.returnMAC
        }
        let masked = source.token?.maskedCardNumber ?? cardNumber.map(ServerAPIPayment.mask)
        let now = clock.now()
        var payment = ServerAPIPayment(
            id: paymentId, status: .created, errors: reasons, amount: order.amount, currencyCode: order.currency, paymentProductId: Int(product.id) ?? 0,
            paymentMethod: product.paymentMethod ?? "", maskedCardNumber: masked,
            expiryDate: source.token?.expiryDate ?? (isCard ? source.values["expiryDate"] : nil),
            cardholderName: source.token?.cardholderName ?? (isCard ? source.values["cardholderName"] : nil),
            merchantReference: order.merchantReference, returnURL: returnURL, returnMAC: returnMAC,
            behaviour: cardOutcome, now: now)
        payment.hostedCheckoutId = hostedCheckout?.id
        payment.capturesOnAuthorization = isCard && order.capturesOnAuthorization
        var creation = payment.creationOutput(version)
        if let token = source.token {
            payment.token = token.id
        } else if source.tokenize, status != .rejected, let masked {
            let token = ServerAPIToken(
                id: ServerAPIToken.makeId(), paymentProductId: Int(product.id) ?? 0, maskedCardNumber: masked, expiryDate: payment.expiryDate,
                cardholderName: payment.cardholderName, originalPaymentId: payment.id, created: Date())
            ledger.keep(token)
            payment.token = token.id
            payment.isNewToken = true
            webhooks?.post(type: "token.created", member: "token", object: token.json(version), merchantId: credentials.merchantId)
        }
        if let token = payment.token {
            creation.append("token", .string(token))
            creation.append("isNewToken", .bool(payment.isNewToken))
            creation.append("tokenizationSucceeded", .bool(payment.isNewToken))
        }
        PaymentLifecycle.open(&payment, to: status, version: version, now: now)
        ledger.keep(payment)
        post(payment.outbox)
        defer { settleAtOnce(paymentId: payment.id, version) }
        let creationOutput = JSONValue.object(creation)
        if status == .rejected {
            let result: JSONValue = .object(JSONObject([(key: "creationOutput", value: creationOutput), (key: "payment", value: payment.json(version))]))
            // A declined payment is kept: the answer is the platform's 402, about that payment.
            return Answer(answer(to: ServerAPIError(402, [Self.notAuthorised], extra: [(key: "paymentResult", value: result)]), version), paymentId: payment.id)
        }
        var answer = JSONObject([(key: "creationOutput", value: creationOutput)])
        if status == .redirected, let mac = payment.returnMAC {
            answer.append("merchantAction", [
                "actionType": "REDIRECT",
                "redirectData": ["redirectURL": .string(baseURL() + ThreeDSecurePage.pathPrefix + payment.id),
                                 "RETURNMAC": .string(mac)],
            ])
        }
        answer.append("payment", payment.json(version))
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(version, "payments/\(payment.id)"))
        return Answer(response, paymentId: payment.id)
    }

    /// The decline of the platform's fixtures: `430330`, "Not authorised".
    package static let notAuthorised = SandboxErrorBody.Item(
        code: "430330", id: "NOT_AUTHORISED", message: "Not authorised", category: "PAYMENT_PLATFORM_ERROR")

    /// The error of a value that fails the product's rules: the platform's codes where its
    /// fixtures give one (an expiry date in the past or not MMYY `21000120`, a failed Luhn check
    /// `21000020`), else `SANDBOX_<RULE>` (`SANDBOX_REGULAR_EXPRESSION`, `SANDBOX_LENGTH`, ...);
    /// the message in English, never the value.
    package static func item(for error: FieldError, property: String, localizer: Localizer) -> SandboxErrorBody.Item {
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
    package static func isReturnURL(_ text: String) -> Bool {
        guard text.utf8.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return false }
        return true
    }
}
