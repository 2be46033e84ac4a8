#if !PAYFORM_WEB_FORM_ONLY
import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormSamples
import PaymentFormValidation
#endif

#if hasFeature(Embedded) && !PAYFORM_WEB_FORM_ONLY
/// `{"op": "bench", "case": ID, "iterations": N}`: runs one of `payform-bench`'s engine
/// benchmarks N times inside the module, for `Web/bench/engine-bench.mjs` to time beside the
/// native figures (same ids, same inputs: the shipped Visa sample, the demo key, November 2026).
/// Answers `{"iterations": N}`, or an error for an unknown case.
///
/// - `mask.format.pan`: format a 19-digit card number with the card mask;
/// - `controller.keystroke.card`: one keystroke completing a card number, or its backspace,
///   alternately, on one controller;
/// - `validate.card.valid`: validate a valid card request;
/// - `decode.visa`: decode the Visa product;
/// - `prepare.visa`: validate and encrypt a card request (2048-bit key).
/// - `regex.hostile.backtracking`, `regex.review.backtracking`: a hostile pattern on the engine's
///   own backtracking matcher, cut off at 1,000,000 steps (so a figure gives the steps per second).
enum WebBenchmarks {
    nonisolated(unsafe) private static var sink = 0

    static func answer(_ request: JSONValue) -> JSONValue {
        guard case .string(let name)? = request["case"] else { return WebRequests.failure("usage", "\"case\" must name a benchmark") }
        guard case .number(let text)? = request["iterations"], let iterations = Int(text), iterations > 0, iterations <= 10_000_000 else {
            return WebRequests.failure("usage", "\"iterations\" must be a whole number from 1 to 10000000")
        }
        guard let body = body(name) else { return WebRequests.failure("usage", "unknown benchmark \"\(name)\"") }
        for _ in 0..<iterations { sink &+= body() }
        return .object(JSONObject([(key: "iterations", value: .number(String(iterations)))]))
    }

    private static func body(_ name: String) -> (() -> Int)? {
        guard let visaBytes = Samples.product(named: "visa"), let visa = try? PaymentProduct.decode(from: visaBytes).value,
              let keyBytes = Samples.demoPublicKeyResponse, let response = try? PublicKeyResponse.decode(from: keyBytes).value,
              let key = try? EncryptionKey(response), let now = YearMonth(year: 2026, month: 11)
        else { return nil }
        let context = ValidationContext(now: now)
        var valid = PaymentRequest(product: visa)
        for (field, value) in [("cardNumber", "4111 1111 1111 1111"), ("expiryDate", "12/30"), ("cvv", "123"), ("cardholderName", "Zoë O'Brien")] {
            try? valid.setValue(value, forField: field)
        }
        switch name {
        case "mask.format.pan":
            let mask = Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
            return { mask.format("4111111111111111111").utf8.count }
        case "controller.keystroke.card":
            var controller = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"), context: context)
            _ = try? controller.focus("cardNumber")
            _ = try? controller.set("cardNumber", value: "4111 1111 1111 111")
            var typing = true
            return {
                let caret = controller.fields[0].cursor
                let update = typing ? try? controller.replace("cardNumber", range: caret..<caret, with: "1")
                    : try? controller.replace("cardNumber", range: (caret - 1)..<caret, with: "")
                typing.toggle()
                return update?.fields.count ?? 0
            }
        case "validate.card.valid":
            return { valid.validate(in: context).isValid ? 1 : 0 }
        case "decode.visa":
            return { (try? PaymentProduct.decode(from: visaBytes).value.fields.count) ?? 0 }
        case "prepare.visa":
            let metaInfo = ClientMetaInfo(platformIdentifier: "WebAssembly", appIdentifier: "bench")
            return { (try? valid.prepare(clientSessionId: "bench", key: key, metaInfo: metaInfo, in: context).encryptedFields.utf8.count) ?? 0 }
        case "regex.hostile.backtracking", "regex.review.backtracking":
            let hostile = name == "regex.hostile.backtracking"
            let source = hostile ? "(?i)(a+)+" : "(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b"
            let value = hostile ? String(repeating: "a", count: 40) + "!" : String(repeating: "a", count: 100)
            guard let pattern = try? RegularExpression(backtrackingOnly: source) else { return nil }
            return { pattern.matchesWhole(value) ? 1 : 0 }
        default:
            return nil
        }
    }
}
#endif
