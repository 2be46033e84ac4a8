import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// `…/mandates` on both platforms: create (201 `{mandate}`, with `merchantAction` REDIRECT to the
/// signing page for `SMS` and `AIS`), Connect's create with a reference (`PUT`), get, block,
/// unblock and revoke (200 `{mandate}`). The lifecycle is ``Mandate``'s; a move it refuses is 400
/// on Online Payments (as its SDK's tests expect), 409 on Connect.
extension ServerAPI {
    package func getMandate(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let mandate = call.ledger.mandate(withReference: call.id) else {
            throw unknown("mandate", property: "uniqueMandateReference", call.version)
        }
        return Answer(.json(200, ["mandate": mandate.json]))
    }

    /// Block, unblock or revoke.
    package func moveMandate(_ call: Call, _ move: Mandate.Move) throws(ServerAPIError) -> Answer {
        switch call.ledger.update(mandate: call.id, move) {
        case nil where move == .revoke && call.version == .v2:
            // Online Payments answers a revoke of an unknown reference with 400, not 404.
            throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_UNKNOWN_MANDATE", "no mandate with this reference",
                                                              property: "uniqueMandateReference")])
        case nil:
            throw unknown("mandate", property: "uniqueMandateReference", call.version)
        case .failure(let refusal)?:
            throw ServerAPIError(call.version == .v2 ? 400 : 409, [SandboxErrorBody.Item(
                code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET",
                message: "a mandate in status \(refusal.status.rawValue) cannot be \(Self.pastTense(refusal.move))")])
        case .success(let mandate)?:
            return Answer(.json(200, ["mandate": mandate.json]))
        }
    }

    /// A new mandate from a `CreateMandateRequest` (or a direct debit's inline `mandate`, its
    /// members below `prefix`), checked as the platform checks it: a reference of at most 35
    /// letters, digits or `-` (`reference` when the path names it, else the request's or a new
    /// one), `recurrenceType`, the platform's `signatureType`s, a `returnUrl` required when the
    /// customer signs on a page, a valid IBAN.
    package func readMandate(_ request: JSONObject, reference named: String?, version: ServerAPIVersion, prefix: String) -> Result<Mandate, SandboxErrorBody.Item> {
        func invalid(_ message: String, _ member: String, code: String = "SANDBOX_INVALID_VALUE") -> Result<Mandate, SandboxErrorBody.Item> {
            .failure(ServerAPIInput.invalid(code, prefix + message, property: prefix + member))
        }
        var reference = named ?? Self.newId("m")
        if named == nil, let given = request["uniqueMandateReference"], given != .null {
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
            let accepted = Mandate.SignatureType.accepted(by: version)
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
        return .success(Mandate(reference: reference, version: version, recurrenceType: recurrenceType, signatureType: signatureType,
                                customerReference: request["customerReference"], alias: request["alias"], customer: request["customer"], returnURL: returnURL))
    }

    private static func pastTense(_ move: Mandate.Move) -> String {
        switch move {
        case .block: "blocked"
        case .unblock: "unblocked"
        case .revoke: "revoked"
        case .sign: "signed"
        case .refuse: "refused"
        case .use: "used"
        }
    }

    package func createMandate(_ call: Call, referenceInPath: Bool) throws(ServerAPIError) -> Answer {
        let request = try call.body()
        // Connect's PUT names the reference in the path; the body's is then not read.
        let mandate = try readMandate(request, reference: referenceInPath ? call.id : nil, version: call.version, prefix: "").orBadRequest()
        // Checked and kept under the lock: of racing creates with one reference, one is 201.
        guard call.ledger.insert(mandate) else {
            throw ServerAPIError(409, [SandboxErrorBody.Item(
                code: "SANDBOX_DUPLICATE_MANDATE", id: "DUPLICATE_MANDATE_REFERENCE", message: "a mandate with this reference exists",
                propertyName: "uniqueMandateReference")])
        }
        var answer = JSONObject([(key: "mandate", value: mandate.json)])
        if mandate.signatureType.redirects {
            answer.append("merchantAction", [
                "actionType": "REDIRECT",
                "redirectData": ["redirectURL": .string(baseURL() + mandate.pagePath), "RETURNMAC": .string(mandate.returnMAC)],
            ])
        }
        var response = HTTPResponse.json(201, .object(answer))
        response.headers.append(location(call.version, "mandates/\(mandate.reference)"))
        return Answer(response)
    }
}
