import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport
import PaymentFormFixtures

/// Saferpay's answers against the mobile integration guide (seed 004) and the JSON API's error
/// list: each test names the line it answers.
@Suite("Saferpay: the mobile guide, line by line", .timeLimit(.minutes(10)))
struct SaferpayGuideTests {
    static func answer(_ json: String, language: String = "en") throws -> SaferpayErrorAnswer {
        let result = try SaferpayPostResult(statusCode: 400, body: Array(json.utf8), localizer: Localizer(languageTag: language),
                                            form: try Fixtures.sample("saferpay-card"))
        guard case .error(let answer) = result else { throw Unexpected.redirect }
        return answer
    }

    enum Unexpected: Error { case redirect }

    // Mobile guide, error answer: "Behavior … RETRY_LATER, RETRY, ABORT…". ABORT used to come
    // back as DO_NOT_RETRY, the value sent lost.
    @Test("Behavior is kept as sent, with its category beside it", arguments: [
        ("ABORT", SaferpayBehavior.doNotRetry), ("abort", .doNotRetry), ("DO_NOT_RETRY", .doNotRetry), ("RETRY", .retry),
        ("RETRY_LATER", .retryLater), ("OTHER_MEANS", .otherMeans), ("SOMETHING_NEW", .unknown),
    ])
    func behaviorKept(sent: String, category: SaferpayBehavior) throws {
        let answer = try Self.answer(#"{"ErrorName": "VALIDATION_FAILED", "Behavior": "\#(sent)", "ErrorDetail": ["CardNumber"]}"#)
        #expect(answer.behavior == sent)
        #expect(answer.category == category)
        #expect(answer.fieldErrors.map(\.fieldId) == ["CardNumber"])
        let localizer = Localizer(languageTag: "en")
        let expected = localizer.string(forKey: "gc.processors.saferpay.behavior.\(category.rawValue)") ?? localizer.string(forKey: "gc.processors.unknown")
        #expect(answer.message == expected)
    }

    @Test("an answer without Behavior keeps none, in the unknown category")
    func noBehavior() throws {
        let answer = try Self.answer(#"{"ErrorName": "VALIDATION_FAILED"}"#)
        #expect(answer.behavior == nil)
        #expect(answer.category == .unknown)
        #expect(!answer.message.isEmpty)
    }

    // JSON API error list: TOKEN_INVALID is "token does not exist for this customer or was
    // already used", TOKEN_EXPIRED "token expired; create a new one". It is the token, not the
    // card: the payer is told to start again, not "The payment was declined. Please use another
    // card."
    @Test("a used, unknown or expired token reads as such, not as a declined card",
          arguments: ["en", "fr", "de", "nl", "es", "it", "pt"])
    func tokenErrors(language: String) throws {
        let localizer = Localizer(languageTag: language)
        let tokenText = try #require(localizer.string(forKey: "gc.processors.saferpay.token"))
        let declined = try #require(localizer.string(forKey: "gc.processors.saferpay.behavior.DO_NOT_RETRY"))
        #expect(tokenText != declined)
        for name in ["TOKEN_INVALID", "TOKEN_EXPIRED"] {
            let answer = try Self.answer(#"{"ErrorName": "\#(name)", "Behavior": "DO_NOT_RETRY"}"#, language: language)
            #expect(answer.message == tokenText)
            #expect(answer.category == .doNotRetry)
        }
        let declinedAnswer = try Self.answer(#"{"ErrorName": "TRANSACTION_DECLINED", "Behavior": "DO_NOT_RETRY"}"#, language: language)
        #expect(declinedAnswer.message == declined)
    }
}
