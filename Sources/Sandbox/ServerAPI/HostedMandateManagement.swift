import PaymentFormJSON

/// A hosted mandate management (Connect's `POST …/hostedmandatemanagements`): created with an id
/// and a URL on the sandbox, which answers no page for it, so it stays `IN_PROGRESS`.
struct HostedMandateManagement: LedgerRecord, Hashable {
    /// Its one status: no call moves it on.
    enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
    }

    static let kind = "hostedmandate"

    let id: String
    let status: Status = .inProgress

    var byteCost: Int { 256 + id.utf8.count }

    /// `GET …/hostedmandatemanagements/{id}`.
    var json: JSONValue {
        ["status": .string(status.rawValue)]
    }
}
