import Foundation
import PaymentFormConcurrency
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors
import PaymentFormSandboxHTTP

/// A stand-in for Saferpay's card post, so an app's whole Saferpay flow runs in tests over
/// loopback. It is not Saferpay: it checks the posted card data against the `saferpay-card`
/// definition and answers the way the card post does.
///
/// - `POST /saferpay/tokens` with `{"ReturnUrl": "<url>"}` answers
///   `{"Token", "RedirectUrl": "http://<bound address>/saferpay/cardpost/<token>"}` (what the
///   merchant's server gets from Transaction Initialize). The URLs it hands out are built from
///   the address the sandbox listens on, never from the request's `Host` header, which any client
///   sets as it likes. A `ReturnUrl` must be an absolute http(s) URL of printable ASCII: it
///   becomes a `Location` header, where a line break would start a header of the client's choice.
/// - `POST /saferpay/cardpost/<token>` (form-encoded `HolderName`, `CardNumber`, `ExpMonth`,
///   `ExpYear`, `VerificationCode`, `FromAjax`) answers 200 `{"RedirectUrl": ".../saferpay/redirect/<token>"}`,
///   or 400 `{"ErrorName": "VALIDATION_FAILED", "Behavior": "RETRY", "ErrorDetail": [<invalid fields>]}`;
///   the card number `4000000000000002` is declined (402 `TRANSACTION_DECLINED`, `DO_NOT_RETRY`); a
///   used or unknown token is `TOKEN_INVALID` (a token is used once, however many posts race).
/// - `GET /saferpay/redirect/<token>` redirects (303) to the token's `ReturnUrl`.
package final class SaferpayStandIn: Sendable {
    /// The card number the stand-in declines, to exercise an error answer that is not about input.
    package static let declinedCardNumber = "4000000000000002"
    /// Tokens kept at once; the oldest are dropped beyond it.
    package static let maximumTokens = 10_000

    private struct Token: Sendable {
        package let returnURL: String
        package var used = false
    }

    /// What the stand-in remembers between requests (connection threads share it).
    private struct State: Sendable {
        /// `http://HOST:PORT` of the running sandbox.
        package var baseURL = "http://127.0.0.1"
        package var tokens: [String: Token] = [:]
        /// Token ids, oldest first.
        package var order: [String] = []
    }

    private let state = LockedValue(State())
    private let definition: PaymentProduct?

    package init() {
        definition = try? SaferpayCardPost.definition
    }

    /// Sets the base of the URLs handed out: the address the sandbox is bound to.
    package func setBaseURL(_ url: String) {
        state.withLock { $0.baseURL = url }
    }

    /// Answers a request below `/saferpay/`.
    package func respond(to request: HTTPRequest, segments: [String]) -> HTTPResponse {
        let host = state.withLock { $0.baseURL }
        switch (request.method, segments.count) {
        case ("POST", 1) where segments[0] == "tokens":
            return makeToken(request.body, host: host)
        case ("POST", 2) where segments[0] == "cardpost":
            return cardPost(token: segments[1], body: request.body, host: host)
        case ("GET", 2) where segments[0] == "redirect":
            return redirect(token: segments[1])
        case (_, 1) where segments[0] == "tokens", (_, 2) where segments[0] == "cardpost":
            return Self.error(405, name: "ACTION_NOT_SUPPORTED", behavior: "DO_NOT_RETRY", message: "use POST")
        default:
            return Self.error(404, name: "ACTION_NOT_SUPPORTED", behavior: "DO_NOT_RETRY", message: "no such path")
        }
    }

    private func makeToken(_ body: [UInt8], host: String) -> HTTPResponse {
        let object: JSONObject
        switch SandboxJSONBody.object(body, rejectsDuplicateKeys: false) {
        case .success(let read): object = read
        case .failure(let problem):
            return Self.error(400, name: "VALIDATION_FAILED", behavior: "DO_NOT_RETRY", message: problem.message("the body must be a JSON object {\"ReturnUrl\": ...}"))
        }
        guard case .string(let returnURL)? = object["ReturnUrl"],
              returnURL.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let url = URL(string: returnURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
            return Self.error(
                400, name: "VALIDATION_FAILED", behavior: "DO_NOT_RETRY",
                message: "ReturnUrl must be an absolute http(s) URL of printable ASCII characters (no spaces or control characters)", detail: ["ReturnUrl"])
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = UInt8.random(in: .min ... .max, using: &generator) }
        let token = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        state.withLock { state in
            state.tokens[token] = Token(returnURL: returnURL)
            state.order.append(token)
            if state.order.count > Self.maximumTokens {
                // Drop the oldest half at once, so the cost stays amortised constant per token.
                let dropped = state.order.prefix(state.order.count - Self.maximumTokens / 2)
                for old in dropped { state.tokens[old] = nil }
                state.order.removeFirst(dropped.count)
            }
        }
        return .json(200, ["Token": .string(token), "RedirectUrl": .string("\(host)/saferpay/cardpost/\(token)")])
    }

    private func cardPost(token: String, body: [UInt8], host: String) -> HTTPResponse {
        let known = state.withLock { $0.tokens[token] }
        guard let known, !known.used else {
            return Self.error(400, name: "TOKEN_INVALID", behavior: "DO_NOT_RETRY", message: "the token is unknown or was already used")
        }
        guard let definition else {
            return Self.error(500, name: "INTERNAL_ERROR", behavior: "RETRY_LATER", message: "the saferpay-card definition is missing from the build")
        }
        var posted: [String: String] = [:]
        for field in PercentEncoding.formFields(Substring(String(decoding: body, as: UTF8.self))) where posted[field.name] == nil {
            posted[field.name] = field.value
        }
        var invalid: [String] = []
        let month = posted["ExpMonth"] ?? ""
        let year = posted["ExpYear"] ?? ""
        if !(month.count == 2 || month.count == 1) || Int(month).map({ !(1...12).contains($0) }) ?? true { invalid.append("ExpMonth") }
        if year.count != 4 || Int(year) == nil { invalid.append("ExpYear") }
        var request = PaymentRequest(product: definition)
        try? request.setValue(posted["HolderName"] ?? "", forField: "HolderName")
        try? request.setValue(posted["CardNumber"] ?? "", forField: "CardNumber")
        try? request.setValue(posted["VerificationCode"] ?? "", forField: "VerificationCode")
        if invalid.isEmpty {
            let paddedMonth = month.count == 1 ? "0" + month : month
            try? request.setValue(paddedMonth + String(year.suffix(2)), forField: "Expiry")
        }
        for error in request.validate(in: .current()).errors {
            switch error.fieldId {
            case "Expiry":
                // A month and year that read well but lie in the past: the year is at fault.
                if invalid.isEmpty || (!invalid.contains("ExpMonth") && !invalid.contains("ExpYear")) { invalid.append("ExpYear") }
            default:
                if !invalid.contains(error.fieldId) { invalid.append(error.fieldId) }
            }
        }
        if !invalid.isEmpty {
            return Self.error(400, name: "VALIDATION_FAILED", behavior: "RETRY", message: "the card data is not valid", detail: invalid)
        }
        if SipsCallParameters.digits(posted["CardNumber"] ?? "") == Self.declinedCardNumber {
            return Self.error(402, name: "TRANSACTION_DECLINED", behavior: "DO_NOT_RETRY", message: "the transaction was declined")
        }
        // A token pays once, however many posts race: taken under the lock (compare and set).
        let taken = state.withLock { state -> Bool in
            guard state.tokens[token]?.used == false else { return false }
            state.tokens[token]?.used = true
            return true
        }
        guard taken else { return Self.error(400, name: "TOKEN_INVALID", behavior: "DO_NOT_RETRY", message: "the token is unknown or was already used") }
        return .json(200, ["RedirectUrl": .string("\(host)/saferpay/redirect/\(token)")])
    }

    private func redirect(token: String) -> HTTPResponse {
        let known = state.withLock { $0.tokens[token] }
        guard let known, known.used else { return Self.error(404, name: "TOKEN_INVALID", behavior: "DO_NOT_RETRY", message: "no such payment") }
        return HTTPResponse(status: 303, headers: [HTTPHeaderField("Location", known.returnURL)])
    }

    package static func error(_ status: Int, name: String, behavior: String, message: String, detail: [String] = []) -> HTTPResponse {
        var object = JSONObject([
            (key: "ResponseHeader", value: ["SpecVersion": "1.53", "RequestId": .string(UUID().uuidString.lowercased())]),
            (key: "Behavior", value: .string(behavior)),
            (key: "ErrorName", value: .string(name)),
            (key: "ErrorMessage", value: .string(message)),
        ])
        if !detail.isEmpty { object.append("ErrorDetail", .array(detail.map { .string($0) })) }
        return .json(status, .object(object))
    }
}
