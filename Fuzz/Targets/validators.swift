// Fuzz target: every validator with fuzzed parameters, value and clock.
//
// Invariants beyond "never crash": a value that validates is `valid` as typed, and no prefix of it
// is `invalid` (a field must never tell a customer that typing on cannot help when it can);
// errors carry the validator's name as their id.
import PaymentFormEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidators(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    guard let now = YearMonth(year: input.int(in: 1...9999), month: input.int(in: 1...12)) else { return 0 }
    let context = ValidationContext(now: now)
    guard let validator = makeValidator(&input) else { return 0 }
    let value = input.remainingString()

    let error = validator.validate(value, in: context)
    if let error {
        check(error.id == validator.name, "error id \(error.id) from the \(validator.name) validator")
    }
    let state = validator.inputState(of: value, in: context)
    if error == nil {
        check(state == .valid, "\(validator.name): a passing value is \(state.rawValue)")
        // Every prefix of a passing value can still be completed.
        if value.utf16.count <= 80 {
            var prefix = ""
            for character in value.dropLast() {
                prefix.append(character)
                let prefixState = validator.inputState(of: prefix, in: context)
                check(prefixState != .invalid, "\(validator.name): a prefix of a passing value is invalid")
            }
        }
    }
    _ = validator.makesFieldRequired(fiscalNumber: value)
    _ = validator.parameters
    _ = YearMonth(parsing: value)
    return 0
}

private func makeValidator(_ input: inout FuzzInput) -> Validator? {
    switch input.byte() % 12 {
    case 0:
        let minimum = input.edgyInt()
        return .length(minLength: minimum, maxLength: input.byte() % 2 == 0 ? input.edgyInt() : nil)
    case 1:
        let minimum = input.byte() % 3 == 0 ? nil : input.edgyInt()
        return .range(minValue: minimum, maxValue: input.byte() % 3 == 0 ? nil : input.edgyInt())
    case 2: return .luhn
    case 3: return .expirationDate
    case 4:
        guard let expression = try? RegularExpression(input.string(maximumBytes: 60)) else { return nil }
        return .regularExpression(expression)
    case 5: return .emailAddress
    case 6: return .fixedList(allowedValues: (0..<input.int(in: 0...4)).map { _ in input.string(maximumBytes: 16) })
    case 7: return .iban
    case 8: return .termsAndConditions
    case 9: return .residentIdNumber
    case 10: return .boletoBancarioRequiredness(fiscalNumberLength: input.edgyInt())
    default: return .unknown(name: input.string(maximumBytes: 20))
    }
}
