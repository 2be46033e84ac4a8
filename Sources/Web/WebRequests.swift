import PaymentFormCore
import PaymentFormJSON

/// The requests the web engine answers: `{"op": NAME, ...}` in, a JSON answer out; anything
/// wrong with a request is an answer `{"error": {"code", "message"}}`, never a trap.
enum WebRequests {
    /// The answer to the request in `bytes`.
    static func answer(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONValue {
        let request: JSONValue
        do {
            request = try JSONParser(rejectsDuplicateKeys: true).parse(bytes)
        } catch {
            return failure("malformed_json", "the request is not JSON: \(error.description)")
        }
        guard case .string(let op)? = request["op"] else { return failure("usage", "the request has no \"op\"") }
        switch op {
        case "version":
            return .object(JSONObject([(key: "version", value: .string(EngineVersion.current))]))
        #if hasFeature(Embedded) && !PAYFORM_WEB_FORM_ONLY
        case "cli":
            return WebCommandLine.answer(request)
        case "bench":
            return WebBenchmarks.answer(request)
        #endif
        #if hasFeature(Embedded)
        case "form.open": return WebForms.open(request)
        case "form.event": return WebForms.event(request)
        case "form.view": return WebForms.currentView(request)
        case "form.close": return WebForms.close(request)
        case "form.brands": return WebForms.brands(request)
        case "card.lookupPrefix": return WebForms.lookupPrefix(request)
        case "form.work": return WebForms.work(request)
        #endif
        default:
            return failure("usage", "unknown op \"\(op)\"")
        }
    }

    /// `{"error": {"code", "message"}}`.
    static func failure(_ code: String, _ message: String) -> JSONValue {
        .object(JSONObject([(key: "error", value: .object(JSONObject([
            (key: "code", value: .string(code)), (key: "message", value: .string(message)),
        ])))]))
    }
}

/// What is wrong with a request: answered as `{"error": {"code", "message"}}`.
struct WebRequestError: Error {
    /// A stable identifier (`usage`, `type_mismatch`, ...).
    let code: String
    /// What was wrong, naming the request's member.
    let message: String

    /// A request that does not say what it must.
    static func usage(_ message: String) -> WebRequestError {
        WebRequestError(code: "usage", message: message)
    }
}
