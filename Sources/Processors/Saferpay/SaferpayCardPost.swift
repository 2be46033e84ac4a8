import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// The card form posted straight to Saferpay's `RedirectUrl` from the app (Saferpay's mobile
/// integration), and its answer.
///
/// The merchant's server initialises the transaction and hands the app the `RedirectUrl`; the app
/// validates the `saferpay-card` form and posts `HolderName`, `CardNumber`, `ExpMonth`, `ExpYear`
/// and `VerificationCode` (with `FromAjax=true`) as a form-encoded body. Card data goes to
/// Saferpay only, never through the merchant's server.
///
/// ```swift
/// let post = try SaferpayCardPost(request: request, redirectURL: redirectURL, in: .current())
/// switch try await post.send() {
/// case .redirect(let url): webView.load(URLRequest(url: url))     // 3-D Secure / DCC
/// case .error(let error): show(error.fieldErrors, error.message)
/// }
/// ```
public struct SaferpayCardPost: Sendable, CustomStringConvertible, CustomReflectable {
    /// Where the form is posted.
    public let redirectURL: URL
    /// The fields, in order; they hold card data.
    let fields: [(name: String, value: String)]

    /// The definition the post is built from.
    public static let definitionName = "saferpay-card"

    /// Validates `request` (made on the `saferpay-card` definition) and prepares the post: the
    /// card number as digits, `Expiry` typed `MM/YY` split into a two-digit `ExpMonth` and a
    /// four-digit `ExpYear`.
    ///
    /// `redirectURL` must be an absolute `https` URL with a host; plain `http` is accepted only to
    /// this machine (`localhost`, `127.0.0.0/8`, `::1`: the sandbox's stand-in), so card data never
    /// crosses a network unencrypted. Anything else throws ``SaferpayError/invalidURL(_:)``.
    public init(request: PaymentRequest, redirectURL: URL, in context: ValidationContext) throws(SaferpayError) {
        guard request.item.id == Self.definitionName else { throw .wrongDefinition(request.item.id) }
        guard SaferpayURLRule.allows(redirectURL) else {
            throw .invalidURL("RedirectUrl")
        }
        let report = request.validate(in: context)
        guard report.isValid else { throw .invalidRequest(report) }
        var values: [String: String] = [:]
        for entry in report.values { values[entry.fieldId] = entry.value }
        let expiry = SipsCallParameters.digits(values["Expiry"] ?? "")
        guard expiry.count == 4 || expiry.count == 6 else { throw .invalidRequest(report) }
        // The month as the number it is, written with ProcessorDecisions.saferpayMonthDigits digits.
        let monthNumber = String(Int(expiry.prefix(2)) ?? 0)
        let month = String(repeating: "0", count: max(0, ProcessorDecisions.saferpayMonthDigits - monthNumber.count)) + monthNumber
        let year = expiry.count == 4 ? SipsCallParameters.fourDigitYear(ofTwoDigits: expiry.suffix(2), now: context.now) : String(expiry.suffix(4))
        fields = [
            ("HolderName", values["HolderName"] ?? ""),
            ("CardNumber", SipsCallParameters.digits(values["CardNumber"] ?? "")),
            ("ExpMonth", month),
            ("ExpYear", year),
            ("VerificationCode", values["VerificationCode"] ?? ""),
            ("FromAjax", "true"),
        ]
        self.redirectURL = redirectURL
    }

    /// The form-encoded body (`application/x-www-form-urlencoded`). It holds card data.
    public var body: [UInt8] {
        Array(PercentEncoding.formBody(fields).utf8)
    }

    /// The names of the posted fields, in order.
    public var fieldNames: [String] { fields.map(\.name) }

    /// Posts the card data over HTTPS and reads Saferpay's answer; `form` is the definition the
    /// answer's field errors are mapped onto, `localizer` the language of their messages.
    ///
    /// With `URLSessionTransport` the answer is bounded like a Client API answer: at most
    /// 32 MiB of body, no redirect followed (a 3xx is an unexpected answer), the whole answer
    /// within `timeout`.
    ///
    /// - Throws: ``SaferpayError`` when no answer came (network, timeout, cancellation) or the
    ///   answer is neither a redirect nor a Saferpay error.
    public func send(timeout: TimeInterval = 30, localizer: Localizer = Localizer(languageTag: "en"),
                     form: (any PaymentItem)? = nil) async throws(SaferpayError) -> SaferpayPostResult {
        try await send(using: URLSessionTransport(), timeout: timeout, localizer: localizer, form: form)
    }

    /// ``send(timeout:localizer:form:)`` through `transport` (tests inject theirs).
    package func send(using transport: any ClientAPITransport, timeout: TimeInterval = 30, localizer: Localizer = Localizer(languageTag: "en"),
                      form: (any PaymentItem)? = nil) async throws(SaferpayError) -> SaferpayPostResult {
        let request = ClientAPIRequest(
            method: "POST", url: redirectURL,
            headers: [HTTPHeaderField("Content-Type", "application/x-www-form-urlencoded"), HTTPHeaderField("Accept", "application/json")],
            body: body, timeout: timeout)
        let response: ClientAPIResponse
        do {
            response = try await transport.send(request)
        } catch is CancellationError {
            throw .cancelled
        } catch let error as AnswerTooLargeError {
            throw .unexpectedAnswer(statusCode: error.statusCode, reason: "the answer is larger than \(error.limitText)")
        } catch let error as URLError where error.code == .cancelled {
            throw .cancelled
        } catch {
            throw .network(String(describing: type(of: error)))
        }
        return try SaferpayPostResult(statusCode: response.statusCode, body: response.body, localizer: localizer, form: form)
    }

    /// The URL's host and the field names; never the values.
    public var description: String { "SaferpayCardPost(\(redirectURL.host ?? ""), fields: \(fieldNames.joined(separator: ", ")))" }

    /// Redacted for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["host": redirectURL.host as Any, "fieldNames": fieldNames], displayStyle: .struct)
    }
}

/// Saferpay's answer to a card post.
public enum SaferpayPostResult: Sendable, Hashable {
    /// HTTP 200: open this URL in a web view (3-D Secure, currency choice); Saferpay then sends the
    /// payer's browser to the shop's return URL.
    case redirect(URL)
    /// HTTP 4xx with Saferpay's error body.
    case error(SaferpayErrorAnswer)

    /// Reads an answer: a 200 with `RedirectUrl`, or an error body (`ErrorName`, `Behavior`,
    /// `ErrorDetail`). The `RedirectUrl` must be an absolute `https` URL with a host (plain `http`
    /// only to this machine), like the post's own URL; a 3xx answer is unexpected (Saferpay
    /// answers the card post with JSON, and the redirect is not followed).
    public init(statusCode: Int, body: [UInt8], localizer: Localizer, form: (any PaymentItem)? = nil) throws(SaferpayError) {
        if (300..<400).contains(statusCode) {
            throw .unexpectedAnswer(statusCode: statusCode, reason: "a redirect, which is not followed")
        }
        let value: JSONValue
        do {
            value = try JSONParser().parse(body)
        } catch {
            throw .unexpectedAnswer(statusCode: statusCode, reason: "the body is not JSON")
        }
        guard case .object(let object) = value else { throw .unexpectedAnswer(statusCode: statusCode, reason: "the body is not a JSON object") }
        if statusCode == 200 {
            guard case .string(let text)? = object["RedirectUrl"], let url = URL(string: text) else {
                throw .unexpectedAnswer(statusCode: statusCode, reason: "no RedirectUrl in the answer")
            }
            guard SaferpayURLRule.allows(url) else {
                throw .unexpectedAnswer(statusCode: statusCode, reason: "the RedirectUrl in the answer is not \(SaferpayURLRule.requirement)")
            }
            self = .redirect(url)
            return
        }
        guard (400..<500).contains(statusCode), case .string(let name)? = object["ErrorName"] else {
            throw .unexpectedAnswer(statusCode: statusCode, reason: "not a Saferpay error answer")
        }
        var behavior: String?
        if case .string(let text)? = object["Behavior"] { behavior = text }
        var details: [String] = []
        switch object["ErrorDetail"] {
        case .string(let text)?:
            details = text.split(whereSeparator: { ProcessorDecisions.saferpayErrorDetailSeparators.contains($0) }).map(String.init)
        case .array(let elements)?:
            details = elements.compactMap { if case .string(let text) = $0 { return text } else { return nil } }
        default: break
        }
        var message: String?
        if case .string(let text)? = object["ErrorMessage"] { message = text }
        self = .error(SaferpayErrorAnswer(errorName: name, behavior: behavior, errorDetail: details, errorMessage: message, form: form, localizer: localizer))
    }
}

/// A Saferpay error answer, mapped onto the form.
public struct SaferpayErrorAnswer: Sendable, Hashable {
    /// Saferpay's stable error name (`VALIDATION_FAILED`, `TRANSACTION_DECLINED`, ...).
    public let errorName: String
    /// What Saferpay advises, as sent (`RETRY`, `ABORT`, ...); `nil` when the answer has no
    /// `Behavior`.
    public let behavior: String?
    /// The category of that advice (`ABORT` is ``SaferpayBehavior/doNotRetry``).
    public let category: SaferpayBehavior
    /// The details as sent (for `VALIDATION_FAILED`: the invalid fields' names).
    public let errorDetail: [String]
    /// Saferpay's own text, for logs (not for the payer).
    public let errorMessage: String?
    /// The form fields the details name, each with a `rejected` error (`ExpMonth` and `ExpYear`
    /// land on `Expiry`), without repeats, in the form's order when a form is given.
    public let fieldErrors: [FieldError]
    /// The localized advice for the payer: for an unknown, used or expired token
    /// (`TOKEN_INVALID`, `TOKEN_EXPIRED`) that the payment must be started again (it is not the
    /// card's fault), else the advice of the ``category``.
    public let message: String

    init(errorName: String, behavior: String?, errorDetail: [String], errorMessage: String?, form: (any PaymentItem)?, localizer: Localizer) {
        self.errorName = errorName
        self.behavior = behavior
        category = SaferpayBehavior(behavior ?? "")
        self.errorDetail = errorDetail
        self.errorMessage = errorMessage
        var fields: [String] = []
        for detail in errorDetail {
            guard let field = ProcessorDecisions.saferpayFieldForErrorDetail[detail], !fields.contains(field) else { continue }
            fields.append(field)
        }
        if let form {
            let order = form.fieldsInDisplayOrder.map(\.id)
            fields = fields.filter { order.contains($0) }.sorted { (order.firstIndex(of: $0) ?? 0) < (order.firstIndex(of: $1) ?? 0) }
        }
        fieldErrors = fields.map { FieldError(fieldId: $0, error: ValidationError(id: SipsResult.rejectedErrorId)) }
        message = localizer.processorMessage(ProcessorMessage.saferpay(errorName: errorName, category: category))
    }
}
