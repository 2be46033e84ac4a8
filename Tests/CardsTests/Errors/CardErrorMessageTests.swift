import Testing
import PaymentFormCards

/// The card errors read like the engine's other errors (PaymentRequestError, PrepareError, ...):
/// a lower-case sentence without a final period, so the CLI and apps can put it after a flag or
/// a field ("--number: the card number may hold ...") and never a value that could be card data.
@Suite("Card error messages")
struct CardErrorMessageTests {
    @Test("each message says what was wrong and where, in the engine's style", arguments: [
        (CardNumberInputError.unexpectedCharacter(position: 5).description,
         "the card number may hold only digits, spaces and '-', but character 5 is something else"),
        (BrandChoiceError.notOffered(brandId: "mastercard").description,
         "the brand mastercard is not one of the brands this card carries, so it cannot be selected"),
        (BrandChoiceError.notOffered(brandId: "4571 0000 0000 0001").description,
         "the brand to select is not a brand id (lower-case words joined by -), so it cannot be selected"),
    ])
    func message(_ description: String, expected: String) {
        #expect(description == expected)
    }
}
