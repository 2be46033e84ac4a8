import PaymentFormJSON

/// A hosted mandate management (Connect's `POST …/hostedmandatemanagements`): created with an id
/// and a URL on the sandbox, which answers no page for it, so it stays `IN_PROGRESS`.
package struct HostedMandateManagement: LedgerRecord, Hashable {
    /// Its one status: no call moves it on.
    package enum Status: String, Sendable, Hashable {
        case inProgress = "IN_PROGRESS"
    }

    package static let kind = "hostedmandate"

    package let id: String
    package let status: Status = .inProgress

    package var byteCost: Int { 256 + id.utf8.count }

    /// `GET …/hostedmandatemanagements/{id}`.
    package var json: JSONValue {
        ["status": .string(status.rawValue)]
    }
}
