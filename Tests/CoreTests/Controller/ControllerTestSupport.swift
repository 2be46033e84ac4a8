import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport
import PaymentFormFixtures

/// Builders and helpers for driving a controller in tests.
enum ControllerFixtures {
    /// June 2026: `12/20` is expired, `12/30` is not.
    static let now = ValidationContext(now: YearMonth(year: 2026, month: 6)!)

    static func controller(_ sample: String, language: String = "en", account: String? = nil,
                           otherSamples: [String] = []) throws -> PaymentFormController {
        let product = try Fixtures.sample(sample)
        let others = try otherSamples.map { AnyPaymentItem.product(try Fixtures.sample($0)) }
        if let account {
            return try PaymentFormController(item: product, accountOnFileId: account, localizer: Localizer(languageTag: language),
                                             context: now, otherItems: others)
        }
        return PaymentFormController(item: product, localizer: Localizer(languageTag: language), context: now, otherItems: others)
    }

    /// A merchant's card products: the shipped Visa (1), American Express (2), Mastercard (3,
    /// with accounts on file) and Cartes Bancaires (130), and a Dankort product (123) made from
    /// Visa's definition.
    static func cardProducts() throws -> [PaymentProduct] {
        var dankort = try Fixtures.sample("visa")
        dankort.id = "123"
        dankort.displayHints.label = "Dankort"
        return [try Fixtures.sample("visa"), try Fixtures.sample("amex"), try Fixtures.sample("mastercard-accounts-on-file"),
                try Fixtures.sample("cartes-bancaires"), dankort]
    }

    /// The shipped `cards` group (Resources/Groups/cards.json).
    static func cardsGroup() throws -> PaymentProductGroup {
        try PaymentProductGroup.decode(from: Array(try PackageFiles.text("Resources/Groups/cards.json").utf8)).value
    }

    /// A card form the card number decides: on `opened` (the `cards` group by default, else the
    /// sample of that name), with every other card product of ``cardProducts()`` beside it.
    /// A card form on the `cards` group (or on the sample `opened`) taking the merchant's card
    /// products: Visa, Amex, Mastercard, Cartes Bancaires and Dankort, or without Cartes
    /// Bancaires (where a Visa or Mastercard number then names its product offline: with CB
    /// taken, only an IIN lookup can tell).
    static func cardForm(_ opened: String? = nil, language: String = "en", preferredBrandId: String? = nil,
                         takingCartesBancaires: Bool = true) throws -> PaymentFormController {
        let products = try cardProducts().filter { takingCartesBancaires || $0.id != "130" }
        let item: AnyPaymentItem = try opened.map { name in .product(try Fixtures.sample(name)) } ?? .group(try cardsGroup())
        let others = products.filter { $0.id != item.id }.map(AnyPaymentItem.product)
        return PaymentFormController(item: item, localizer: Localizer(languageTag: language), context: now, otherItems: others,
                                     preferredBrandId: preferredBrandId)
    }
}

extension PaymentFormController {
    /// Types `text` one character at a time at the caret, as a keyboard does through UIKit's
    /// delegate call; returns every update.
    @discardableResult
    mutating func type(_ text: String, into fieldId: String) throws -> [FormUpdate] {
        var updates: [FormUpdate] = []
        for character in text {
            let caret = try state(ofField: fieldId).selection
            updates.append(try replace(fieldId, range: caret, with: String(character)))
        }
        return updates
    }

    /// Backspace at the caret, as UIKit reports it: the range of the UTF-16 unit before a
    /// collapsed caret, or the selection.
    @discardableResult
    mutating func backspace(in fieldId: String) throws -> FormUpdate {
        let selection = try state(ofField: fieldId).selection
        let range = selection.isEmpty ? max(0, selection.lowerBound - 1)..<selection.lowerBound : selection
        return try replace(fieldId, range: range, with: "")
    }
}
