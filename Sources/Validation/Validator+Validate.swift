extension Validator {
    /// Checks an **unmasked** value; returns `nil` when it passes, else the error to report.
    ///
    /// `boletoBancarioRequiredness` and unknown validators never fail a value (see
    /// `makesFieldRequired(fiscalNumber:)`). Deciding whether an empty optional field is
    /// validated at all is the caller's job (semantics §3): here `""` is checked like any value.
    ///
    /// ```swift
    /// Validator.luhn.validate("4111 1111 1111 1111", in: context) // nil
    /// Validator.luhn.validate("4111 1111 1111 1112", in: context) // ValidationError(luhn)
    /// ```
    public func validate(_ value: String, in context: ValidationContext) -> ValidationError? {
        var budget = RegularExpressionBudget.perRequest
        return validate(value, in: context, budget: &budget)
    }

    /// ``validate(_:in:)`` with a regular expression's ICU work drawn from a budget shared by a
    /// whole request (see ``RegularExpressionBudget``).
    package func validate(_ value: String, in context: ValidationContext, budget: inout RegularExpressionBudget) -> ValidationError? {
        if isValid(value, in: context, budget: &budget) { return nil }
        if case .regularExpression(let expression) = self, expression.unusableReason != nil {
            return ValidationError(id: ValidationError.uncheckableId, parameters: [])
        }
        return ValidationError(id: name, parameters: parameters, reason: reason(forFailing: value, in: context))
    }

    /// What exactly failed in `value`, which fails this validator (see ``ValidationReason``).
    private func reason(forFailing value: String, in context: ValidationContext) -> ValidationReason? {
        switch self {
        case .length(let minLength, let maxLength):
            LengthRule.reason(value, minLength: minLength, maxLength: maxLength)
        case .expirationDate:
            ExpirationDateRule.reason(value, now: context.now)
        case .iban:
            IBANRule.reason(value)
        case .range, .luhn, .regularExpression, .emailAddress, .fixedList, .termsAndConditions, .residentIdNumber,
             .boletoBancarioRequiredness, .unknown:
            nil
        }
    }

    /// Whether `value` passes this validator.
    func isValid(_ value: String, in context: ValidationContext, budget: inout RegularExpressionBudget) -> Bool {
        switch self {
        case .length(let minLength, let maxLength):
            LengthRule.isValid(value, minLength: minLength, maxLength: maxLength)
        case .range(let minValue, let maxValue):
            RangeRule.isValid(value, minValue: minValue, maxValue: maxValue)
        case .luhn:
            LuhnRule.isValid(value)
        case .expirationDate:
            ExpirationDateRule.isValid(value, now: context.now)
        case .regularExpression(let expression):
            expression.matchesWhole(value, budget: &budget)
        case .emailAddress:
            EmailAddressRule.isValid(value)
        case .fixedList(let allowedValues):
            FixedListRule.isValid(value, allowedValues: allowedValues)
        case .iban:
            IBANRule.isValid(value)
        case .termsAndConditions:
            TermsAndConditionsRule.isValid(value)
        case .residentIdNumber:
            ResidentIdNumberRule.isValid(value)
        case .boletoBancarioRequiredness, .unknown:
            true
        }
    }

    /// For `boletoBancarioRequiredness`: whether the field becomes required, which it does when
    /// the unmasked `fiscalNumber` value has exactly `fiscalNumberLength` characters. Always
    /// `false` for every other validator and when there is no fiscal number.
    ///
    /// ```swift
    /// let boleto = Validator.boletoBancarioRequiredness(fiscalNumberLength: 14)
    /// boleto.makesFieldRequired(fiscalNumber: "12345678000195") // true (a CNPJ)
    /// boleto.makesFieldRequired(fiscalNumber: "12345678909")    // false (a CPF)
    /// ```
    package func makesFieldRequired(fiscalNumber: String?) -> Bool {
        guard case .boletoBancarioRequiredness(let fiscalNumberLength) = self, let fiscalNumber else { return false }
        return fiscalNumber.count == fiscalNumberLength
    }
}
