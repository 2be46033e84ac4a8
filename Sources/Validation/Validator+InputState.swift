extension Validator {
    /// How a partially typed **unmasked** value stands: ``InputState/valid`` when it passes now,
    /// ``InputState/incomplete`` when it fails but some continuation (characters appended at the
    /// end) could pass, ``InputState/invalid`` when none can.
    ///
    /// Per validator:
    /// - `length`: incomplete while shorter than `minLength`; invalid over `maxLength`.
    /// - `range`: incomplete for `""`, `+`, `-` and integer prefixes that more digits can bring
    ///   into bounds; invalid for other characters or numbers already past the bound.
    /// - `luhn`: incomplete for any run of digits and spaces (a check digit can always be added).
    /// - `expirationDate`: exact; e.g. `1`, `0`, `12`, `122` incomplete, `13` invalid.
    /// - `regularExpression`: exact on the engine's linear matcher (incomplete when some
    ///   continuation matches); on ICU, incomplete when the match attempt reached the end of the
    ///   value (its hit-end report), so it errs towards `incomplete`, never towards `invalid`.
    /// - `emailAddress`: incomplete while the labels so far can still form an address.
    /// - `fixedList`, `termsAndConditions`: incomplete for a proper prefix of an accepted value.
    /// - `iban`: incomplete while the structure fits and the check digits can still come right.
    /// - `residentIdNumber`: incomplete for up to 17 digits (except the valid 15).
    /// - `boletoBancarioRequiredness`, unknown: always valid.
    ///
    /// ```swift
    /// Validator.expirationDate.inputState(of: "1", in: context)  // .incomplete
    /// Validator.expirationDate.inputState(of: "13", in: context) // .invalid
    /// ```
    package func inputState(of partial: String, in context: ValidationContext) -> InputState {
        var budget = RegularExpressionBudget.perRequest
        return inputState(of: partial, in: context, budget: &budget)
    }

    /// `inputState(of:in:)` with a regular expression's ICU work drawn from a budget shared by
    /// all the validators of a field (see ``RegularExpressionBudget``).
    package func inputState(of partial: String, in context: ValidationContext, budget: inout RegularExpressionBudget) -> InputState {
        switch self {
        case .length(let minLength, let maxLength):
            LengthRule.inputState(of: partial, minLength: minLength, maxLength: maxLength)
        case .range(let minValue, let maxValue):
            RangeRule.inputState(of: partial, minValue: minValue, maxValue: maxValue)
        case .luhn:
            LuhnRule.inputState(of: partial)
        case .expirationDate:
            ExpirationDateRule.inputState(of: partial, now: context.now)
        case .regularExpression(let expression):
            expression.inputState(of: partial, budget: &budget)
        case .emailAddress:
            EmailAddressRule.inputState(of: partial)
        case .fixedList(let allowedValues):
            FixedListRule.inputState(of: partial, allowedValues: allowedValues)
        case .iban:
            IBANRule.inputState(of: partial)
        case .termsAndConditions:
            TermsAndConditionsRule.inputState(of: partial)
        case .residentIdNumber:
            ResidentIdNumberRule.inputState(of: partial)
        case .boletoBancarioRequiredness, .unknown:
            .valid
        }
    }
}
