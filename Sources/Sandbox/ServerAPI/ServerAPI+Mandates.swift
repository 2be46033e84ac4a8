import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// `…/mandates` on both platforms: create (201 `{mandate}`, with `merchantAction` REDIRECT to the
/// signing page for `SMS` and `AIS`), Connect's create with a reference (`PUT`), get, block,
/// unblock and revoke (200 `{mandate}`). The lifecycle is ``Mandate``'s; a move it refuses is 400
/// on Online Payments (as its SDK's tests expect), 409 on Connect.
extension ServerAPI {
    func getMandate(_ call: Call) -> Answer {
        guard let mandate = call.ledger.mandate(withReference: call.id) else {
            return Answer(unknown("mandate", property: "uniqueMandateReference", call.version))
        }
        return Answer(.json(200, ["mandate": mandate.json]))
    }

    /// Block, unblock or revoke.
    func moveMandate(_ call: Call, _ move: Mandate.Move) -> Answer {
        switch call.ledger.update(mandate: call.id, move) {
        case nil where move == .revoke && call.version == .v2:
            // Online Payments answers a revoke of an unknown reference with 400, not 404.
            return Answer(errors(400, [ServerAPIInput.invalid("SANDBOX_UNKNOWN_MANDATE", "no mandate with this reference",
                                                              property: "uniqueMandateReference")], call.version))
        case nil:
            return Answer(unknown("mandate", property: "uniqueMandateReference", call.version))
        case .failure(let refusal)?:
            return Answer(errors(call.version == .v2 ? 400 : 409, [SandboxErrorBody.Item(
                code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
                message: "a mandate in status \(refusal.status.rawValue) cannot be \(Self.pastTense(refusal.move))")], call.version))
        case .success(let mandate)?:
            return Answer(.json(200, ["mandate": mandate.json]))
        }
    }

    private static func pastTense(_ move: Mandate.Move) -> String {
        switch move {
        case .block: "blocked"
        case .unblock: "unblocked"
        case .revoke: "revoked"
        case .sign: "signed"
        case .refuse: "refused"
        }
    }

    func createMandate(_ call: Call) -> Answer {
        let request: JSONObject
        switch call.object() {
        case .failure(let item): return Answer(errors(400, [item], call.version))
        case .success(let object): request = object
        }
        func invalid(_ message: String, _ property: String, code: String = "SANDBOX_INVALID_VALUE") -> Answer {
            Answer(errors(400, [ServerAPIInput.invalid(code, message, property: property)], call.version))
        }
        var reference = call.operation == .createMandateWithReference ? call.id : Self.newId("m")
        if call.operation == .createMandate, let given = request["uniqueMandateReference"], given != .null {
            guard case .string(let text) = given, !text.isEmpty else {
                return invalid("uniqueMandateReference must be a string", "uniqueMandateReference", code: "SANDBOX_INVALID_REFERENCE")
            }
            reference = text
        }
        guard reference.count <= 35, reference.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return invalid("uniqueMandateReference must be at most 35 letters, digits or '-'", "uniqueMandateReference", code: "SANDBOX_INVALID_REFERENCE")
        }
        var recurrenceType = "UNIQUE"
        switch request["recurrenceType"] {
        case nil, .null?: break
        case .string(let text)? where text == "UNIQUE" || text == "RECURRING": recurrenceType = text
        default: return invalid("recurrenceType must be UNIQUE or RECURRING", "recurrenceType")
        }
        var signatureType = Mandate.SignatureType.unsigned
        switch request["signatureType"] {
        case nil, .null?: break
        case .string(let text)?:
            let accepted = Mandate.SignatureType.accepted(by: call.version)
            guard let type = Mandate.SignatureType(rawValue: text), accepted.contains(type) else {
                return invalid("signatureType must be one of " + accepted.map(\.rawValue).joined(separator: ", "), "signatureType")
            }
            signatureType = type
        default: return invalid("signatureType must be a string", "signatureType")
        }
        var returnURL: String?
        switch request["returnUrl"] {
        case nil, .null?: break
        case .string(let text)? where Self.isReturnURL(text): returnURL = text
        default: return invalid("returnUrl must be an absolute http(s) URL of printable ASCII characters", "returnUrl")
        }
        if signatureType.redirects, returnURL == nil {
            return invalid("returnUrl is required when signatureType is \(signatureType.rawValue): the customer signs on a page, then comes back",
                           "returnUrl", code: "SANDBOX_MISSING_VALUE")
        }
        switch request["customer"]?["bankAccountIban"]?["iban"] {
        case nil, .null?: break
        // The IBAN rule (mod 97) reads no date: any month serves as the context's.
        case .string(let iban)? where Validator.iban.validate(iban, in: ValidationContext(now: .fallback)) == nil: break
        default: return invalid("customer.bankAccountIban.iban is not a valid IBAN", "customer.bankAccountIban.iban", code: "SANDBOX_INVALID_IBAN")
        }
        let mandate = Mandate(reference: reference, version: call.version, recurrenceType: recurrenceType, signatureType: signatureType,
                              customerReference: request["customerReference"], alias: request["alias"], customer: request["customer"], returnURL: returnURL)
        // Checked and kept under the lock: of racing creates with one reference, one is 201.
        guard call.ledger.insert(mandate) else {
            return Answer(errors(409, [SandboxErrorBody.Item(
                code: "SANDBOX_DUPLICATE_MANDATE", id: "DUPLICATE_MANDATE_REFERENCE", message: "a mandate with this reference exists",
                propertyName: "uniqueMandateReference")], call.version))
        }
        var answer = JSONObject([(key: "mandate", value: mandate.json)])
        if signatureType.redirects {
            answer.append("merchantAction", [
                "actionType": "REDIRECT",
                "redirectData": ["redirectURL": .string(baseURL() + mandate.pagePath), "RETURNMAC": .string(mandate.returnMAC)],
            ])
        }
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(call.version, "mandates/\(reference)"))
        return Answer(response)
    }
}
