import Foundation
import PaymentFormConcurrency

/// The ids each platform gives a payment and its operations (captures, refunds, cancels), in the
/// shapes the project's research found in recorded answers and Worldline's own code:
///
/// - Connect (`/v1`): 30 digits, merchant (10) + order (10) + effort (5) + attempt (5), a payment
///   `0000000000` `<order>` `00001` `00001`. A refund is the same order with a negative effort
///   (`000-1`, `000-2`, ... as recorded answers show); a capture, whose id was not found, takes
///   effort 2, 3, ... (the sandbox's pick). The merchant part is the merchant id when it is at most
///   10 digits, else zeros. Connect has no id of a cancel (it answers the payment).
/// - Online Payments (`/v2`): `<10 digits>_<operation>`: the payment (its authorisation) is
///   operation `_0`, each capture, refund and cancel the next number.
///
/// Order numbers come from one counter of the process (both platforms), started at a random
/// 10-digit number: two payments of one sandbox never share an id, and two sandboxes rarely do.
package enum PlatformIds {
    private static let orders = LockedValue<UInt64>(UInt64.random(in: 1_000_000_000...8_999_999_999))

    /// A new order number, 10 digits.
    private static func nextOrder() -> String {
        let order = orders.withLock { value -> UInt64 in
            value = value >= 9_999_999_999 ? 1_000_000_000 : value + 1
            return value
        }
        return padded(String(order), to: 10)
    }

    private static func padded(_ text: String, to width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Connect's merchant part: the merchant id if it is 1 to 10 digits, else ten zeros.
    private static func merchantPart(_ merchantId: String) -> String {
        guard !merchantId.isEmpty, merchantId.count <= 10, merchantId.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return String(repeating: "0", count: 10)
        }
        return padded(merchantId, to: 10)
    }

    /// A new payment's id on `version`.
    package static func payment(_ version: ServerAPIVersion, merchantId: String) -> String {
        switch version {
        case .v1: merchantPart(merchantId) + nextOrder() + "00001" + "00001"
        case .v2: nextOrder() + "_0"
        }
    }

    /// Capture number `number` (from 1) of `payment`; `operation` is the payment's operation
    /// number on Online Payments (from 1, across captures, refunds and cancels).
    package static func capture(of paymentId: String, number: Int, operation: Int, _ version: ServerAPIVersion) -> String {
        switch version {
        case .v1: String(paymentId.prefix(20)) + padded(String(number + 1), to: 5) + "00001"
        case .v2: base(of: paymentId) + "_" + String(operation)
        }
    }

    /// Refund number `number` (from 1) of `payment`.
    package static func refund(of paymentId: String, number: Int, operation: Int, _ version: ServerAPIVersion) -> String {
        switch version {
        case .v1: String(paymentId.prefix(20)) + padded("-" + String(number), to: 5) + "00001"
        case .v2: base(of: paymentId) + "_" + String(operation)
        }
    }

    /// A cancel's id: Online Payments' next operation; Connect has none (`nil`).
    package static func cancel(of paymentId: String, operation: Int, _ version: ServerAPIVersion) -> String? {
        version == .v2 ? base(of: paymentId) + "_" + String(operation) : nil
    }

    /// The number before `_` of an Online Payments id.
    private static func base(of id: String) -> String {
        guard let underscore = id.lastIndex(of: "_") else { return id }
        return String(id[..<underscore])
    }

    /// The id of the payment an operation id (or a payment id) belongs to, by its shape; `nil`
    /// when the id has no shape of `version`. Whether that payment has the operation is the
    /// caller's check.
    package static func paymentId(of id: String, _ version: ServerAPIVersion) -> String? {
        switch version {
        case .v1:
            let characters = Array(id)
            guard characters.count == 30, characters.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }),
                  characters[0..<20].allSatisfy(\.isNumber), characters[25..<30].allSatisfy(\.isNumber)
            else { return nil }
            return String(characters[0..<20]) + "00001" + "00001"
        case .v2:
            guard let underscore = id.lastIndex(of: "_") else { return nil }
            let number = id[..<underscore], operation = id[id.index(after: underscore)...]
            guard !number.isEmpty, !operation.isEmpty, operation.count <= 6, (number + operation).allSatisfy({ $0.isASCII && $0.isNumber })
            else { return nil }
            return number + "_0"
        }
    }
}
