import Testing
import PaymentFormValidation

@Suite("boletoBancarioRequiredness")
struct BoletoBancarioRequirednessTests {
    static let boleto = Validator.boletoBancarioRequiredness(fiscalNumberLength: 14)

    @Test(arguments: ["", "anything", "😀", "12345678000195"])
    func neverFailsAValue(value: String) {
        #expect(passes(Self.boleto, value))
        #expect(Self.boleto.inputState(of: value, in: anyContext) == .valid)
    }

    @Test(arguments: [
        ("12345678000195", true),    // 14 characters (a CNPJ)
        ("12345678909", false),      // 11 (a CPF)
        ("123456780001951", false),
        ("", false),
        ("1234567800019😀", true),   // counted in characters
    ] as [(String?, Bool)] + [(nil, false)])
    func requiredWhenTheFiscalNumberHasTheLength(fiscalNumber: String?, required: Bool) {
        #expect(Self.boleto.makesFieldRequired(fiscalNumber: fiscalNumber) == required)
    }

    @Test func otherValidatorsNeverMakeAFieldRequired() {
        #expect(!Validator.length(minLength: 14, maxLength: 14).makesFieldRequired(fiscalNumber: "12345678000195"))
        #expect(!Validator.unknown(name: "boleto").makesFieldRequired(fiscalNumber: "12345678000195"))
    }

    @Test func zeroLengthMatchesAnEmptyFiscalNumber() {
        #expect(Validator.boletoBancarioRequiredness(fiscalNumberLength: 0).makesFieldRequired(fiscalNumber: ""))
    }
}
