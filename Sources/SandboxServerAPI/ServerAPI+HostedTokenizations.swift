import Foundation
import PaymentFormDecryption
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// `…/hostedtokenizations` (Online Payments): create (201 `{hostedTokenizationId,
/// hostedTokenizationUrl, partialRedirectUrl, invalidTokens}`, plus `expiredCardTokens` when the
/// request named `tokens`), get (`IN_PROGRESS` until the iframe submits, then `{token,
/// tokenStatus}`), the iframe's submit (``submitHostedTokenization(_:body:)``) and what a payment
/// naming `hostedTokenizationId` or a temporary token pays with. See ``HostedTokenization``.
extension ServerAPI {
    /// `POST …/hostedtokenizations`: honours `locale`, `askConsumerConsent` (absent: `false`),
    /// `tokens` (comma-separated ids: unknown ones are `invalidTokens`, expired cards
    /// `expiredCardTokens`, the others offered in the iframe) and
    /// `creditCardSpecificInput.ValidationRules.cvvMandatoryForExistingToken` (absent: `true`);
    /// `variant`, the other rules and `paymentProductFilters` are accepted and not applied.
    package func createHostedTokenization(_ call: Call) throws(ServerAPIError) -> Answer {
        let body = try call.body()
        var locale: String?
        switch body["locale"] {
        case nil, .null?: break
        case .string(let text)? where !text.isEmpty && text.count <= 35
            && text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || $0 == "_" || $0 == "-") }):
            locale = text
        default: throw ServerAPIError(400, [Self.badRequest("locale must be a language tag such as en_GB", property: "locale")])
        }
        // Absent is false, as the platform documents it: no box; the merchant asks the customer
        // and passes the answer as submitTokenization's storePermanently.
        var askConsumerConsent = false
        switch body["askConsumerConsent"] {
        case nil, .null?: break
        case .bool(let flag)?: askConsumerConsent = flag
        default: throw ServerAPIError(400, [Self.badRequest("askConsumerConsent must be true or false", property: "askConsumerConsent")])
        }
        var named: [String] = []
        switch body["tokens"] {
        case nil, .null?: break
        case .string(let text)? where text.utf8.count <= 4096:
            named = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        default:
            throw ServerAPIError(400, [Self.badRequest("tokens must be a string: token ids separated by commas", property: "tokens")])
        }
        var cvvForSavedCard = true
        switch body["creditCardSpecificInput"]?["ValidationRules"]?["cvvMandatoryForExistingToken"] {
        case nil, .null?: break
        case .bool(let flag)?: cvvForSavedCard = flag
        default:
            let property = "creditCardSpecificInput.ValidationRules.cvvMandatoryForExistingToken"
            throw ServerAPIError(400, [Self.badRequest("\(property) must be true or false", property: property)])
        }
        let thisMonth = Self.currentMonth()
        var invalid: [JSONValue] = [], expired: [JSONValue] = [], saved: [String] = []
        for id in named.prefix(100) {
            guard let token = call.ledger.token(withId: id) else {
                invalid.append(.string(id))
                continue
            }
            if let expiry = token.expiryDate, let month = Self.month(ofExpiry: expiry), month < thisMonth {
                expired.append(.string(id))
            } else {
                saved.append(id)
            }
        }
        let (clientSessionId, session) = sessions.mint(locale: locale)
        var tokenization = HostedTokenization(locale: locale, askConsumerConsent: askConsumerConsent, savedTokens: saved,
                                              clientSessionId: clientSessionId, customerId: session.customerId)
        tokenization.cvvForSavedCard = cvvForSavedCard
        call.ledger.keep(tokenization, id: tokenization.id)
        let base = baseURL()
        // As for hosted checkouts: on loopback, `http://` + partialRedirectUrl is the page.
        let hostAndPort = base.hasPrefix("http://") ? String(base.dropFirst("http://".count)) : base
        var answer = JSONObject([
            (key: "hostedTokenizationId", value: .string(tokenization.id)),
            (key: "hostedTokenizationUrl", value: .string(base + tokenization.pagePath)),
            (key: "invalidTokens", value: .array(invalid)),
            (key: "partialRedirectUrl", value: .string(hostAndPort + tokenization.pagePath)),
        ])
        if body["tokens"] != nil, body["tokens"] != .null { answer.append("expiredCardTokens", .array(expired)) }
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(call.version, "hostedtokenizations/\(tokenization.id)"))
        return Answer(response)
    }

    /// The session `id` of `ledger`, or `nil`.
    package func hostedTokenization(_ id: String, ledger: ServerAPILedger) -> HostedTokenization? {
        ledger.record(HostedTokenization.self, id)
    }

    /// `GET …/hostedtokenizations/{id}`: `{hostedTokenizationId, status: IN_PROGRESS}` until the
    /// iframe submits, then the platform's `{token: {id, paymentProductId, isTemporary, card},
    /// tokenStatus}` (the card masked: the first 6 and last 4 digits; never the CVV).
    package func getHostedTokenization(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let tokenization = hostedTokenization(call.id, ledger: call.ledger) else {
            throw unknown("hosted tokenization", property: "hostedTokenizationId", call.version)
        }
        guard tokenization.status != .inProgress, let tokenId = tokenization.tokenId, let token = call.ledger.token(withId: tokenId) else {
            return Answer(.json(200, ["hostedTokenizationId": .string(tokenization.id), "status": "IN_PROGRESS"]))
        }
        let answer: JSONValue = [
            "token": [
                "id": .string(token.id), "paymentProductId": .number(String(token.paymentProductId)), "isTemporary": .bool(tokenization.isTemporary),
                "card": ["alias": .string(token.maskedCardNumber), "data": ["cardWithoutCvv": .object(token.cardWithoutCvv)]],
            ],
            "tokenStatus": .string(tokenization.tokenStatus ?? "CREATED"),
        ]
        return Answer(.json(200, answer))
    }

    /// The iframe's submit, `{encryptedCustomerInput}` (the card form's output, encrypted for the
    /// session's own client session) or `{tokenId, cvv}` (a stored token the session offers, its
    /// security code when the session asks for it: checked, never kept), with
    /// `storePermanently` (the merchant's `submitTokenization` argument) and `consent` (the
    /// customer's checkbox, when `askConsumerConsent`). Once per session: 200
    /// `{hostedTokenizationId}`, else the platform's error shape (404 unknown, 409 submitted
    /// already, 410 expired, 400 a card that does not validate).
    package func submitHostedTokenization(_ id: String, body: [UInt8]) -> HTTPResponse {
        do throws(ServerAPIError) {
            return try submittedHostedTokenization(id, body: body)
        } catch {
            return answer(to: error, .v2)
        }
    }

    private func submittedHostedTokenization(_ id: String, body: [UInt8]) throws(ServerAPIError) -> HTTPResponse {
        let ledger = v2
        guard let tokenization = hostedTokenization(id, ledger: ledger) else { throw unknown("hosted tokenization", property: "hostedTokenizationId", .v2) }
        if let refusal = Self.submitRefusal(tokenization) { throw hostedTokenizationRefused(refusal) }
        let request: JSONObject
        switch SandboxJSONBody.object(body) {
        case .success(let object): request = object
        case .failure(let problem): throw ServerAPIError(400, [Self.badRequest(problem.message("the body must be a JSON object"))])
        }
        var storePermanently = false
        if case .bool(let flag)? = request["storePermanently"] { storePermanently = flag }
        var consent = false
        if case .bool(let flag)? = request["consent"] { consent = flag }
        // A new card's token is temporary unless the customer consented: the iframe's checkbox
        // when the session asks (askConsumerConsent), else the merchant's storePermanently (the
        // merchant asked). A stored card chosen stays what it is: a permanent token.
        var isTemporary = tokenization.askConsumerConsent ? !consent : !storePermanently

        let token: ServerAPIToken
        let tokenStatus: String
        if case .string(let chosen)? = request["tokenId"] {
            guard tokenization.savedTokens.contains(chosen), let stored = ledger.token(withId: chosen) else {
                throw ServerAPIError(400, [Self.badRequest("tokenId is not a token this hosted tokenization offers (its request's tokens)", property: "tokenId")])
            }
            // The security code of a stored card is checked and forgotten: a token keeps none.
            if tokenization.cvvForSavedCard {
                guard case .string(let cvv)? = request["cvv"], (3...4).contains(cvv.count), cvv.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw ServerAPIError(400, [Self.badRequest("a stored card needs its security code: cvv must be 3 or 4 digits", property: "cvv")])
                }
            }
            (token, tokenStatus) = (stored, "UNCHANGED")
            isTemporary = stored.isTemporary
        } else {
            guard case .string(let input)? = request["encryptedCustomerInput"], !input.isEmpty else {
                throw ServerAPIError(400, [Self.badRequest("the body must name encryptedCustomerInput or tokenId", property: "encryptedCustomerInput")])
            }
            // The card must have been typed in this session's own form.
            let payloadSession = (try? DecryptedPayload(token: input, key: data.decryptionKey))?.clientSessionId
            guard payloadSession == tokenization.clientSessionId else {
                throw ServerAPIError(400, [Self.badRequest("encryptedCustomerInput was not made for this hosted tokenization's form", property: "encryptedCustomerInput")])
            }
            let source = try paymentSource(JSONObject([(key: "encryptedCustomerInput", value: .string(input))]), ledger: ledger, version: .v2)
            guard source.product.paymentMethod == "card", let number = source.values["cardNumber"] else {
                throw ServerAPIError(400, [Self.badRequest("a hosted tokenization takes cards only", property: "encryptedCustomerInput")])
            }
            token = ServerAPIToken(id: ServerAPIToken.makeId(), paymentProductId: Int(source.product.id) ?? 0, maskedCardNumber: ServerAPIPayment.mask(number),
                                   expiryDate: source.values["expiryDate"], cardholderName: source.values["cardholderName"], originalPaymentId: nil,
                                   created: Date(), isTemporary: isTemporary, cardOutcome: SandboxTestCards.outcome(forCardNumber: number))
            tokenStatus = "CREATED"
        }
        let now = Date()
        let outcome = ledger.updateRecord(HostedTokenization.self, id) { (session: inout HostedTokenization) throws(HostedTokenization.Refusal) in
            try session.submit(tokenId: token.id, isTemporary: isTemporary, tokenStatus: tokenStatus, at: now)
        }
        switch outcome {
        case nil: throw unknown("hosted tokenization", property: "hostedTokenizationId", .v2)
        case .failure(let refusal)?: throw hostedTokenizationRefused(refusal)
        case .success?: break
        }
        if tokenStatus == "CREATED" {
            ledger.keep(token)
            if !isTemporary { webhooks?.post(type: "token.created", member: "token", object: token.json(.v2), merchantId: credentials.merchantId) }
        }
        return .json(200, ["hostedTokenizationId": .string(id)])
    }

    /// Why `tokenization` cannot be submitted now (a quick answer; the ledger's lock decides).
    private static func submitRefusal(_ tokenization: HostedTokenization) -> HostedTokenization.Refusal? {
        var copy = tokenization
        do throws(HostedTokenization.Refusal) {
            try copy.submit(tokenId: "", isTemporary: true, tokenStatus: "CREATED", at: Date())
            return nil
        } catch {
            return error
        }
    }

    /// 410 for an expired session, else 409 `ACTION_NOT_ALLOWED_ON_TARGET`, in the platform's error shape.
    package func hostedTokenizationRefused(_ refusal: HostedTokenization.Refusal) -> ServerAPIError {
        ServerAPIError(refusal.expired ? 410 : 409, [SandboxErrorBody.Item(
            code: refusal.expired ? "SANDBOX_HOSTED_TOKENIZATION_EXPIRED" : "SANDBOX_ACTION_NOT_ALLOWED",
            id: refusal.expired ? "HOSTED_TOKENIZATION_EXPIRED" : "ACTION_NOT_ALLOWED_ON_TARGET", message: refusal.message,
            propertyName: "hostedTokenizationId")])
    }

    /// The token a create-payment request pays with through its top-level `hostedTokenizationId`
    /// (`nil` when it names none): the session must be `TOKENIZED`; it becomes `PAID`, so a
    /// second payment naming it is refused (409).
    package func hostedTokenizationToken(_ json: JSONObject, ledger: ServerAPILedger, version: ServerAPIVersion) throws(ServerAPIError) -> String? {
        guard let value = json["hostedTokenizationId"], value != .null else { return nil }
        guard version == .v2, case .string(let id) = value else {
            throw ServerAPIError(400, [Self.badRequest("hostedTokenizationId must be the id of a hosted tokenization (Online Payments)",
                                                         property: "hostedTokenizationId")])
        }
        let now = Date()
        var tokenId: String?
        let outcome = ledger.updateRecord(HostedTokenization.self, id) { (session: inout HostedTokenization) throws(HostedTokenization.Refusal) in
            try session.pay(paymentId: nil, at: now)
            tokenId = session.tokenId
        }
        switch outcome {
        case nil: throw unknown("hosted tokenization", property: "hostedTokenizationId", version)
        case .failure(let refusal)?: throw hostedTokenizationRefused(refusal)
        case .success?: return tokenId
        }
    }

    /// Refuses a second payment with a temporary token (made by a hosted tokenization without
    /// consent), or one past its two hours; `nil` for a token that may pay.
    package func useTemporaryToken(_ tokenId: String, ledger: ServerAPILedger, version: ServerAPIVersion) throws(ServerAPIError) {
        guard let session = ledger.records(HostedTokenization.self).first(where: { $0.tokenId == tokenId && $0.isTemporary }) else { return }
        if session.temporaryTokenExpired(at: Date()) {
            throw ServerAPIError(410, [SandboxErrorBody.Item(code: "SANDBOX_TOKEN_EXPIRED", id: "TOKEN_EXPIRED",
                                                      message: "this temporary token expired: it pays within two hours of its hosted tokenization's submit",
                                                      propertyName: "cardPaymentMethodSpecificInput.token")])
        }
        guard ledger.insert(TemporaryTokenUse(tokenId: tokenId), id: tokenId) else {
            throw ServerAPIError(409, [SandboxErrorBody.Item(code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
                                                      message: "this temporary token paid already: a temporary token pays once",
                                                      propertyName: "cardPaymentMethodSpecificInput.token")])
        }
    }

    /// `YYYYMM` of the current month (UTC).
    private static func currentMonth() -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month], from: Date())
        return (parts.year ?? 0) * 100 + (parts.month ?? 0)
    }

    /// `YYYYMM` of an `MMYY` expiry date, or `nil`.
    private static func month(ofExpiry expiry: String) -> Int? {
        guard expiry.count == 4, let month = Int(expiry.prefix(2)), let year = Int(expiry.suffix(2)), (1...12).contains(month) else { return nil }
        return (2000 + year) * 100 + month
    }
}
