/// The two Server APIs the sandbox answers at its root: `/v1/...` as the Connect platform (its
/// server SDKs' paths) and `/v2/...` as the Online Payments platform. They differ in a few names
/// and codes, all of them here; each keeps its own payments, tokens and idempotence keys (a
/// `/v1` payment is unknown on `/v2`: two platforms).
package enum ServerAPIVersion: String, Sendable, Hashable, CaseIterable {
    /// Connect.
    case v1
    /// Online Payments.
    case v2

    /// The error `category` of the platform's own errors.
    package var platformErrorCategory: String {
        switch self {
        case .v1: "CONNECT_PLATFORM_ERROR"
        case .v2: "DIRECT_PLATFORM_ERROR"
        }
    }

    /// The error code of a duplicate request while the first is still being answered, as each
    /// platform's current server SDK for Python maps it to its `IdempotenceException`: Connect
    /// `1409` (in `code`; its Java SDK checks the same), Online Payments `30001002` (in
    /// `errorCode`; its Java SDK 7.4.1 still checks `1409` and so raises a
    /// `ReferenceException` with status 409 and id `DUPLICATE_REQUEST_IN_PROGRESS`).
    package var duplicateRequestCode: String {
        switch self {
        case .v1: "1409"
        case .v2: "30001002"
        }
    }

    /// The longest `merchantReference` the platform takes: Connect 50 (its SDK's documentation:
    /// 30 on the older GlobalCollect platform, 50 on the current one), Online Payments 40.
    package var maximumMerchantReferenceLength: Int {
        switch self {
        case .v1: 50
        case .v2: 40
        }
    }
}
