/// Which text of a payment product field to look up.
///
/// The raw value is the last component of the translation key, as in
/// `gc.general.paymentProductFields.cvv.tooltipText`.
package enum FieldText: String, Sendable, Hashable, CaseIterable {
    /// The field's label, e.g. "Card number".
    case label
    /// The hint shown inside an empty input, e.g. "1234 5678 9012 3456".
    case placeholder
    /// The help text, e.g. where to find the security code.
    case tooltipText
}
