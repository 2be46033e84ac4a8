/// The outcome of ``PaymentRequest/validate(in:)``: every failure, in the form's order, and the
/// values that would be sent.
public struct ValidationReport: Sendable, Hashable, CustomStringConvertible {
    /// Failures ordered by the fields' display order, then by the validators' definition order.
    public let errors: [FieldError]
    /// The unmasked values of the fields that were validated, in display order: what an
    /// encrypted payload carries (read-only and empty optional fields are not in it).
    package let values: [(fieldId: String, value: String)]

    /// A report with errors and the values that would be sent.
    package init(errors: [FieldError], values: [(fieldId: String, value: String)]) {
        self.errors = errors
        self.values = values
    }

    /// Whether the request has no failures.
    public var isValid: Bool { errors.isEmpty }

    /// The failures of one field.
    public func errors(forField fieldId: String) -> [FieldError] {
        errors.filter { $0.fieldId == fieldId }
    }

    /// Lists the failures; never the values.
    public var description: String {
        isValid ? "valid (\(values.count) values)" : "invalid: " + errors.map { $0.description }.joined(separator: "; ")
    }

    /// Reports are equal when their errors and values are.
    public static func == (lhs: ValidationReport, rhs: ValidationReport) -> Bool {
        lhs.errors == rhs.errors && lhs.values.map { $0.fieldId } == rhs.values.map { $0.fieldId }
            && lhs.values.map { $0.value } == rhs.values.map { $0.value }
    }

    /// Hashes the errors and values.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(errors)
        for entry in values {
            hasher.combine(entry.fieldId)
            hasher.combine(entry.value)
        }
    }
}

