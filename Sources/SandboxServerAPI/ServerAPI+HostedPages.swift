import Foundation
import PaymentFormJSON

/// Hosted mandate managements (``HostedMandateManagement``) and hosted-fields sessions
/// (``HostedFieldsSession``): created with an id and a URL on the sandbox (which answers no page
/// for them), read back. (Hosted checkouts and tokenizations have their own pages and files.)
extension ServerAPI {
    /// Connect's `POST …/hostedmandatemanagements`: 201 `{hostedMandateManagementId, RETURNMAC, partialRedirectUrl}`.
    package func createHostedMandateManagement(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try call.body()
        let management = HostedMandateManagement(id: Self.newId(HostedMandateManagement.kind))
        let answer = JSONObject([
            (key: "hostedMandateManagementId", value: .string(management.id)),
            (key: "RETURNMAC", value: .string(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())),
            (key: "partialRedirectUrl", value: .string(String(baseURL().dropFirst("http://".count)) + "/sandbox/v1/hostedmandate/" + management.id)),
        ])
        call.ledger.keep(management, id: management.id)
        return Answer(.json(201, .object(answer)))
    }

    /// `GET …/hostedmandatemanagements/{id}`: `{status}`.
    package func getHostedMandateManagement(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let management = call.ledger.record(HostedMandateManagement.self, call.id) else {
            throw unknown(HostedMandateManagement.kind, property: "hostedMandateManagementId", call.version)
        }
        return Answer(.json(200, management.json))
    }

    /// Online Payments' `POST …/hostedfields/sessions`: 201 `{sessionId, sdkUrl, sessionData, invalidTokens}`.
    package func createHostedFieldsSession(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try call.body()
        let session = HostedFieldsSession(id: Self.newId(HostedFieldsSession.kind))
        let base = baseURL()
        let answer = JSONObject([
            (key: "sessionId", value: .string(session.id)),
            (key: "sdkUrl", value: .string(base + "/sandbox/v1/hostedfields.js")),
            (key: "sessionData", value: ["hostedFieldsSessionId": .string(session.id), "platformUrl": .string(base), "sessionToken": .string(session.id)]),
            (key: "invalidTokens", value: []),
        ])
        call.ledger.keep(session, id: session.id)
        return Answer(.json(201, .object(answer)))
    }

    /// `GET …/hostedfields/sessions/{id}`: `{status, sessionId}`.
    package func getHostedFieldsSession(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let session = call.ledger.record(HostedFieldsSession.self, call.id) else {
            throw unknown(HostedFieldsSession.kind, property: "sessionId", call.version)
        }
        return Answer(.json(200, session.json))
    }
}
