import PaymentFormJSON

/// A webhook event a transition of ``PaymentLifecycle`` made: its type and the object as it
/// stood right then (a later transition in the same call does not change it).
package struct PaymentEvent: Sendable {
    /// `payment.captured`, `refund.refunded`, ...
    package let type: String
    /// The member the object goes in: `payment` or `refund`.
    package let member: String
    package let object: JSONValue

    /// `payment.<status>` with the payment as it is now.
    package static func payment(_ payment: ServerAPIPayment, _ version: ServerAPIVersion) -> PaymentEvent {
        PaymentEvent(type: payment.status.eventType(version), member: "payment", object: payment.json(version))
    }

    /// `refund.<status>` with the refund as it is now.
    package static func refund(_ refund: ServerAPIPayment.Refund, of payment: ServerAPIPayment, _ version: ServerAPIVersion) -> PaymentEvent {
        PaymentEvent(type: "refund." + refund.status.name.lowercased(), member: "refund", object: payment.json(refund, version))
    }
}
