import PaymentFormJSON

/// A hosted-fields session (Online Payments' `POST …/hostedfields/sessions`): created with an id
/// and a script URL on the sandbox, which serves no script for it, so it stays `IN_PROGRESS`.
package struct HostedFieldsSession: LedgerRecord, Hashable {
    /// Its one status: no call moves it on.
    package enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
    }

    package static let kind = "hostedfields"

    package let id: String
    package let status: Status = .inProgress

    package var byteCost: Int { 256 + id.utf8.count }

    /// `GET …/hostedfields/sessions/{id}`.
    package var json: JSONValue {
        ["status": .string(status.rawValue), "sessionId": .string(id)]
    }
}
