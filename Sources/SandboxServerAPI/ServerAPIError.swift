import PaymentFormJSON
import PaymentFormSandboxClientAPI

/// Why the Server API refuses a call: the HTTP status and the platform's error items, plus the
/// members some refusals carry beside them (a rejected refund's `refundResult`). Handlers throw
/// it; ``ServerAPI/answer(to:_:)`` alone turns it into the error body of the call's version
/// (`errorId`, `errors[]` with each item's category, `status` on /v2) and its HTTP status.
package struct ServerAPIError: Error, Sendable {
    /// The HTTP status.
    package let status: Int
    /// The platform's error items, in order.
    package let items: [SandboxErrorBody.Item]
    /// Members of the body after `errors`.
    package var extra: [(key: String, value: JSONValue)] = []
    /// The payment the refusal is about, whose current state a replay shows.
    package var paymentId: String?

    package init(_ status: Int, _ items: [SandboxErrorBody.Item], extra: [(key: String, value: JSONValue)] = [], paymentId: String? = nil) {
        self.status = status
        self.items = items
        self.extra = extra
        self.paymentId = paymentId
    }

    /// A refused transition of a payment.
    package init(_ refusal: PaymentLifecycle.Refusal, extra: [(key: String, value: JSONValue)] = [], paymentId: String? = nil) {
        self.init(refusal.status, [refusal.item], extra: extra, paymentId: paymentId)
    }

    /// 400 for one value at fault.
    package static func badRequest(_ item: SandboxErrorBody.Item) -> ServerAPIError {
        ServerAPIError(400, [item])
    }

    /// 409 `SANDBOX_ACTION_NOT_ALLOWED`: the object's status does not allow the call.
    package static func notAllowed(_ message: String, property: String? = nil, status: Int = 409) -> ServerAPIError {
        ServerAPIError(status, [SandboxErrorBody.Item(
            code: "SANDBOX_ACTION_NOT_ALLOWED", id: "ACTION_NOT_ALLOWED_ON_TARGET", message: message, propertyName: property)])
    }
}

extension Result where Failure == SandboxErrorBody.Item {
    /// The value, or the 400 refusing the value at fault.
    package func orBadRequest() throws(ServerAPIError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let item): throw .badRequest(item)
        }
    }
}
