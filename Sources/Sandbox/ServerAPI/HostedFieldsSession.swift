import PaymentFormJSON

/// A hosted-fields session (Online Payments' `POST …/hostedfields/sessions`): created with an id
/// and a script URL on the sandbox, which serves no script for it, so it stays `IN_PROGRESS`.
struct HostedFieldsSession: LedgerRecord, Hashable {
    /// Its one status: no call moves it on.
    enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
    }

    static let kind = "hostedfields"

    let id: String
    let status: Status = .inProgress

    var byteCost: Int { 256 + id.utf8.count }

    /// `GET …/hostedfields/sessions/{id}`.
    var json: JSONValue {
        ["status": .string(status.rawValue), "sessionId": .string(id)]
    }
}
