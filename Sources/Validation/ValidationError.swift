/// Why a value failed a validator: the error id and the validator's parameters.
///
/// It never holds the validated value, so it is safe to log or show, even for card data.
///
/// ```swift
/// let error = Validator.length(minLength: 2, maxLength: 5).validate("a", in: context)
/// error?.id                          // "length"
/// error?[parameter: "maxLength"]     // 5
/// ```
public struct ValidationError: Error, Sendable, Hashable {
    /// The error id: the failing validator's JSON key (``Validator/name``), `required`, or
    /// `uncheckable` for a `regularExpression` validator whose pattern cannot run here (no engine
    /// of this build compiles it): such a rule fails every value rather than pass one unchecked.
    public let id: String
    /// The validator's parameters (`parameters`), in order; absent bounds left out.
    public let parameters: [ValidationParameter]
    /// What exactly failed, where the validator tells (``ValidationReason``): `tooShort` or
    /// `tooLong` for `length`; `incomplete`, `invalidMonth`, `expired` or `tooFarAhead` for
    /// `expirationDate`; `incomplete` for `iban`. `nil` otherwise.
    public let reason: ValidationReason?

    /// Creates an error with an id, its parameters and the reason, if any.
    package init(id: String, parameters: [ValidationParameter] = [], reason: ValidationReason? = nil) {
        self.id = id
        self.parameters = parameters
        self.reason = reason
    }

    /// The error for a required field left empty (error id `required`).
    package static let required = ValidationError(id: "required")

    /// The id of the error a validator reports when it cannot run (its pattern does not compile).
    package static let uncheckableId = "uncheckable"

    /// The value of the parameter with that name, or `nil` when the error does not carry it.
    ///
    /// ```swift
    /// let error = Validator.length(minLength: 2, maxLength: 5).validate("a", in: .current())
    /// error?[parameter: "minLength"]   // 2
    /// error?[parameter: "minValue"]    // nil: a `length` error has no such parameter
    /// ```
    public subscript(parameter name: String) -> Int? {
        parameters.first { $0.name == name }?.value
    }
}

extension ValidationError: CustomStringConvertible {
    /// The id, parameters and reason, e.g. `ValidationError(length, minLength: 2, maxLength: 5,
    /// reason: tooShort)`. Never contains the validated value: the error does not store it.
    public var description: String {
        let details = parameters.map { ", \($0.name): \($0.value)" }.joined()
        let reason = reason.map { ", reason: \($0.rawValue)" } ?? ""
        return "ValidationError(\(id)\(details)\(reason))"
    }
}
