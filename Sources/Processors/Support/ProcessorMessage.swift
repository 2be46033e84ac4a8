import PaymentFormEngine

/// The localized texts of processor outcomes, by table key.
enum ProcessorMessage {
    static func sips(_ outcome: SipsOutcome) -> String {
        "gc.processors.sips.outcome.\(outcome.rawValue)"
    }

    /// The advice for a Saferpay error: the token's own text for the token errors, else the
    /// category's.
    static func saferpay(errorName: String, category: SaferpayBehavior) -> String {
        if ProcessorDecisions.saferpayTokenErrorNames.contains(errorName) { return saferpayToken }
        return "gc.processors.saferpay.behavior.\(category.rawValue)"
    }

    static let saferpayToken = "gc.processors.saferpay.token"
}

extension Localizer {
    /// The text for a processor message key; a readable English fallback when a table lacks it
    /// (only a broken build can cause that: a test checks every key in every language).
    func processorMessage(_ key: String) -> String {
        string(forKey: key) ?? string(forKey: "gc.processors.unknown") ?? "The payment provider answered with an error."
    }
}
