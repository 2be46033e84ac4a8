/// One validation rule of a payment product field, as the Client API sends it in
/// `dataRestrictions.validators`.
///
/// Each case carries its parameters already typed. Validators see the **unmasked** value and
/// are evaluated with ``validate(_:in:)``; a UI can ask `inputState(of:in:)` while the user types.
///
/// ```swift
/// let validator = Validator.length(minLength: 2, maxLength: 5)
/// let error = validator.validate("a", in: context)
/// // error?.id == "length", error?[parameter: "minLength"] == 2, error?[parameter: "maxLength"] == 5
/// validator.validate("abc", in: context) // nil
/// ```
public enum Validator: Sendable, Hashable {
    /// The value has between `minLength` and `maxLength` characters (grapheme clusters), inclusive.
    /// An absent `minLength` is 0; an absent `maxLength` (`nil`) means no upper bound.
    case length(minLength: Int, maxLength: Int?)
    /// The value is an integer literal (optional sign, ASCII digits) within the inclusive bounds;
    /// a `nil` bound is no bound.
    case range(minValue: Int?, maxValue: Int?)
    /// One or more ASCII digits (spaces ignored) whose Luhn sum is a multiple of 10.
    case luhn
    /// A card expiry date written `MMYY` or `MMYYYY`, not in the past and in a year at most 25
    /// after the current one (any month of that year: in January 2026, `1251` is valid, `0152` not).
    case expirationDate
    /// The whole value matches the pattern.
    case regularExpression(RegularExpression)
    /// An e-mail address of the shape `local@domain.tld` (see semantics §2).
    case emailAddress
    /// The value equals one of `allowedValues` exactly (case-sensitive); an empty list accepts nothing.
    case fixedList(allowedValues: [String])
    /// An IBAN: structure and ISO 7064 mod-97 check digits.
    case iban
    /// The value is exactly `true` (the user accepted the terms).
    case termsAndConditions
    /// A Chinese resident identity number: 15 digits, or 17 digits and an ISO 7064 MOD 11-2 check
    /// character.
    case residentIdNumber
    /// Makes the field required when the `fiscalNumber` field's unmasked value has exactly
    /// `fiscalNumberLength` characters. Never fails a value by itself: see
    /// `makesFieldRequired(fiscalNumber:)`.
    case boletoBancarioRequiredness(fiscalNumberLength: Int)
    /// A validator this engine does not know, kept by its JSON key. It never makes a value invalid.
    case unknown(name: String)

    /// The Client API JSON key of the validator, which is also the id of the error it reports.
    ///
    /// ```swift
    /// Validator.luhn.name               // "luhn"
    /// Validator.unknown(name: "x").name // "x"
    /// ```
    public var name: String {
        switch self {
        case .length: "length"
        case .range: "range"
        case .luhn: "luhn"
        case .expirationDate: "expirationDate"
        case .regularExpression: "regularExpression"
        case .emailAddress: "emailAddress"
        case .fixedList: "fixedList"
        case .iban: "iban"
        case .termsAndConditions: "termsAndConditions"
        case .residentIdNumber: "residentIdNumber"
        case .boletoBancarioRequiredness: "boletoBancarioRequiredness"
        case .unknown(let name): name
        }
    }

    /// The numeric parameters an error of this validator carries, in Client API order and with
    /// Client API names. Absent bounds are left out.
    ///
    /// ```swift
    /// Validator.range(minValue: 1, maxValue: nil).parameters // [minValue: 1]
    /// ```
    package var parameters: [ValidationParameter] {
        switch self {
        // Each case builds its array in one allocation: an error is created per failing value.
        case .length(let minLength, let maxLength):
            if let maxLength {
                [ValidationParameter(name: "minLength", value: minLength), ValidationParameter(name: "maxLength", value: maxLength)]
            } else {
                [ValidationParameter(name: "minLength", value: minLength)]
            }
        case .range(let minValue, let maxValue):
            switch (minValue, maxValue) {
            case let (minValue?, maxValue?):
                [ValidationParameter(name: "minValue", value: minValue), ValidationParameter(name: "maxValue", value: maxValue)]
            case let (minValue?, nil): [ValidationParameter(name: "minValue", value: minValue)]
            case let (nil, maxValue?): [ValidationParameter(name: "maxValue", value: maxValue)]
            case (nil, nil): []
            }
        case .boletoBancarioRequiredness(let fiscalNumberLength):
            [ValidationParameter(name: "fiscalNumberLength", value: fiscalNumberLength)]
        case .luhn, .expirationDate, .regularExpression, .emailAddress, .fixedList, .iban,
             .termsAndConditions, .residentIdNumber, .unknown:
            []
        }
    }
}
