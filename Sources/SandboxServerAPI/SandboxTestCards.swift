import Foundation

/// What a valid card payment on the Server API becomes, by its card number: the sandbox's test
/// cards, as documented (`payform sandbox --help`, `docs/backend-tests.md`). Every number is
/// Luhn-valid, so a client encrypts it; none is a real card. Any other valid card is authorised.
package enum SandboxTestCards {
    /// The outcome of a payment.
    package enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Authorised: 201, the payment waiting for the merchant.
        case authorized
        /// Declined: 402 with `paymentResult`, the payment `REJECTED`.
        case declined
        /// A 3-D Secure challenge: 201 with a `REDIRECT` merchant action to the sandbox's
        /// authentication page, the payment `REDIRECTED` until the customer completes or fails it.
        case challenge
        /// Authorised, but answered only after ``slowAnswerSeconds``: a second request with the
        /// same idempotence key meanwhile gets 409, and a client's timeout can be tested.
        case slow
        /// Authorised; every capture is refused (402), the payment becomes `REJECTED_CAPTURE`.
        case captureFails
        /// Authorised and capturable; every refund is refused (402, the refund `REJECTED`).
        case refundFails
    }

    /// How long a ``Outcome/slow`` card's answer waits.
    package static let slowAnswerSeconds = 2.0

    /// The test cards, in the order the docs list them: number, brand, outcome.
    package static let table: [(number: String, brand: String, outcome: Outcome)] = [
        ("4012001775445550", "Visa", .declined),
        ("4012003360932265", "Visa", .declined),
        ("5200000000001005", "Mastercard", .declined),
        ("4012000000003002", "Visa", .challenge),
        ("5200000000003001", "Mastercard", .challenge),
        ("4012000000009009", "Visa", .slow),
        ("4012000000006005", "Visa", .captureFails),
        ("5200000000006004", "Mastercard", .captureFails),
        ("4012000000007003", "Visa", .refundFails),
        ("5200000000007002", "Mastercard", .refundFails),
    ]

    /// The outcome of a valid card number (digits only, as sent).
    package static func outcome(forCardNumber number: String) -> Outcome {
        table.first { $0.number == number }?.outcome ?? .authorized
    }

    /// The table as `--help` and the docs print it.
    package static var helpText: String {
        var lines = ["Test cards (Luhn-valid, not real; any expiry date in the future, any valid CVV):"]
        for (number, brand, outcome) in table {
            let text: String
            switch outcome {
            case .authorized: text = "authorised"
            case .declined: text = "declined: 402, payment REJECTED"
            case .challenge: text = "3-D Secure: 201 with merchantAction REDIRECT, payment REDIRECTED"
            case .slow: text = "authorised after \(Int(slowAnswerSeconds)) s (a duplicate meanwhile: 409)"
            case .captureFails: text = "authorised; a capture is refused: 402, payment REJECTED_CAPTURE"
            case .refundFails: text = "authorised; a refund is refused: 402, refund REJECTED"
            }
            lines.append("  \(number)  \(brand.padding(toLength: 10, withPad: " ", startingAt: 0)) \(text)")
        }
        lines.append("  " + "any other valid card".padding(toLength: 29, withPad: " ", startingAt: 0)
            + "authorised: 201, PENDING_APPROVAL (/v1) or PENDING_CAPTURE (/v2)")
        return lines.joined(separator: "\n")
    }
}
