import PaymentFormJSON

/// A webhook event a transition of ``PaymentLifecycle`` made: its type and the object as it
/// stood right then (a later transition in the same call does not change it).
struct PaymentEvent: Sendable {
    /// `payment.captured`, `refund.refunded`, ...
    let type: String
    /// The member the object goes in: `payment` or `refund`.
    let member: String
    let object: JSONValue

    /// `payment.<status>` with the payment as it is now.
    static func payment(_ payment: ServerAPIPayment, _ version: ServerAPIVersion) -> PaymentEvent {
        PaymentEvent(type: payment.status.eventType(version), member: "payment", object: payment.json(version))
    }

    /// `refund.<status>` with the refund as it is now.
    static func refund(_ refund: ServerAPIPayment.Refund, of payment: ServerAPIPayment, _ version: ServerAPIVersion) -> PaymentEvent {
        PaymentEvent(type: "refund." + refund.status.name.lowercased(), member: "refund", object: payment.json(refund, version))
    }
}
