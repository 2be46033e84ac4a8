import PaymentFormEngine
import PaymentFormDecryption
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// `POST /sandbox/v1/payments` with `{"paymentProductId", "encryptedCustomerInput"}`: decrypts
/// what an app prepared with the sandbox's key, validates the values **as sent** against the
/// product (no mask applied: ``PaymentRequest/validateAsSent(in:)``, the platform's view) and
/// answers `{"valid", "errors", "values"}`, so a test checks end to end what the app sent.
///
/// The answer holds the decrypted values (card data): the router serves it to loopback clients
/// only, and nothing of it is logged.
package struct SandboxPayments {
    package let data: SandboxData
    /// The sessions a payload may be prepared for.
    package let sessions: SandboxSessions

    package init(data: SandboxData, sessions: SandboxSessions) {
        self.data = data
        self.sessions = sessions
    }

    package func respond(to body: [UInt8]) -> HTTPResponse {
        let json: JSONValue
        // A repeated member would leave which product or token counts to a guess.
        switch SandboxJSONBody.object(body) {
        case .success(let object): json = .object(object)
        case .failure(let problem) where problem.isDuplicateKey: return SandboxErrorBody.badRequest("the body is ambiguous: \(problem.reason)")
        case .failure(let problem):
            return SandboxErrorBody.badRequest(problem.message("the body must be a JSON object {\"paymentProductId\", \"encryptedCustomerInput\"}"))
        }
        let productId: String
        switch json["paymentProductId"] {
        case .number(let text)?: productId = text
        case .string(let text)?: productId = text
        default: return SandboxErrorBody.badRequest("paymentProductId is required (a number)", property: "paymentProductId")
        }
        guard case .string(let token)? = json["encryptedCustomerInput"] else {
            return SandboxErrorBody.badRequest("encryptedCustomerInput is required (the prepared request's encryptedFields)", property: "encryptedCustomerInput")
        }
        guard let item = data.product(withId: productId) else { return SandboxErrorBody.unknownProduct(property: "paymentProductId") }
        let payload: DecryptedPayload
        do {
            payload = try DecryptedPayload(token: token, key: data.decryptionKey)
        } catch {
            return SandboxErrorBody.response(
                400, code: "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT", id: "SANDBOX_INVALID_ENCRYPTED_CUSTOMER_INPUT",
                message: error.description, propertyName: "encryptedCustomerInput")
        }

        var errors: [JSONValue] = []
        func payloadError(_ errorId: String, _ message: String, fieldId: String? = nil) {
            var object = JSONObject()
            if let fieldId { object.append("fieldId", .string(fieldId)) }
            object.append("errorId", .string(errorId))
            object.append("message", .string(message))
            errors.append(.object(object))
        }
        if payload.clientSessionId.flatMap(sessions.session(withId:)) == nil {
            payloadError("clientSessionId", "the payload was prepared for another client session")
        }
        if payload.paymentProductId.map(String.init) != productId {
            payloadError("paymentProductId", "the payload's product is not the paymentProductId of the request")
        }
        var request = PaymentRequest(product: item.model, tokenize: payload.tokenize)
        if let account = payload.accountOnFileId {
            do {
                try request.selectAccountOnFile(withId: String(account))
            } catch {
                payloadError("accountOnFileId", "the product has no account on file \(account)")
            }
        }
        let values = payload.paymentValues
        for key in values.keys.sorted() {
            do {
                try request.setValue(values[key] ?? "", forField: key)
            } catch {
                payloadError("unknownField", "the product has no field \(key)", fieldId: key)
            }
        }
        // The platform knows the card's co-brands (a Cartes Bancaires card carries a Visa number).
        if let number = request.value(forField: PaymentRequest.cardNumberFieldId), let lookup = data.platformIINLookup(forCardNumber: number) {
            request.applyIINLookup(lookup)
        }
        let report = request.validateAsSent(in: .current())
        let localizer = Localizer(languageTag: "en")
        for error in report.errors {
            var object = JSONObject([(key: "fieldId", value: .string(error.fieldId)), (key: "errorId", value: .string(error.errorId))])
            var parameters: [String: Int] = [:]
            for parameter in error.error.parameters {
                object.append(parameter.name, .number(String(parameter.value)))
                parameters[parameter.name] = parameter.value
            }
            object.append("message", .string(localizer.validationMessage(errorId: error.errorId, parameters: parameters)))
            errors.append(.object(object))
        }
        let valueObject = JSONObject(values.keys.sorted().map { (key: $0, value: JSONValue.string(values[$0] ?? "")) })
        return .json(200, [
            "valid": .bool(errors.isEmpty),
            "errors": .array(errors),
            "values": .object(valueObject),
        ])
    }
}
