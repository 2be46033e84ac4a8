/// The two Server APIs the sandbox answers at its root: `/v1/...` as the Connect platform (its
/// server SDKs' paths) and `/v2/...` as the Online Payments platform. They differ in a few names
/// and codes, all of them here.
enum ServerAPIVersion: String, Sendable, Hashable, CaseIterable {
    /// Connect.
    case v1
    /// Online Payments.
    case v2

    /// The error `category` of the platform's own errors.
    var platformErrorCategory: String {
        switch self {
        case .v1: "CONNECT_PLATFORM_ERROR"
        case .v2: "DIRECT_PLATFORM_ERROR"
        }
    }

    /// The error code of a duplicate request while the first is still being answered: what
    /// each SDK turns into its `IdempotenceException` (Connect reads `code`, Online Payments
    /// `errorCode`; the sandbox writes each error's code in both).
    var duplicateRequestCode: String {
        switch self {
        case .v1: "1409"
        case .v2: "30001002"
        }
    }

    /// The status of an authorised card payment waiting for the merchant: Connect's
    /// `PENDING_APPROVAL` (status code 600, as its fixtures), Online Payments' `PENDING_CAPTURE`.
    var authorizedStatus: (status: String, code: Int) {
        switch self {
        case .v1: ("PENDING_APPROVAL", 600)
        case .v2: ("PENDING_CAPTURE", 5)
        }
    }

    /// The status code of a `REJECTED` payment (Connect's fixtures: 100).
    var rejectedStatusCode: Int {
        switch self {
        case .v1: 100
        case .v2: 2
        }
    }

    /// The status code of a `REDIRECTED` payment (waiting for the customer's authentication).
    var redirectedStatusCode: Int {
        switch self {
        case .v1: 50
        case .v2: 46
        }
    }
}
