import PaymentFormEngine

/// The localized texts of processor outcomes, by table key.
enum ProcessorMessage {
    static func sips(_ outcome: SipsOutcome) -> String {
        "gc.processors.sips.outcome.\(outcome.rawValue)"
    }

    static func saferpay(_ behavior: String) -> String {
        "gc.processors.saferpay.behavior.\(behavior)"
    }

    static let saferpayRedirect = "gc.processors.saferpay.redirect"
}

extension Localizer {
    /// The text for a processor message key; a readable English fallback when a table lacks it
    /// (only a broken build can cause that: a test checks every key in every language).
    func processorMessage(_ key: String) -> String {
        string(forKey: key) ?? string(forKey: "gc.processors.unknown") ?? "The payment provider answered with an error."
    }
}
