import Foundation
import PaymentFormTestSupport
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization

/// The controller works out again only the fields an event can change (the field, and the fields
/// whose rules read it), and validates again only what changed. Random event sequences check that
/// this never shows anything a controller working everything out from scratch would not, and
/// that each update reports exactly the fields that changed.
@Suite("Form controller: incremental validation equals a full one")
struct IncrementalValidationTests {
    static let pieces = ["4", "1", "5", "3", "0", "9", "2", "7", " ", "/", "-", "a", "Z", "é", "12/2030", "4111111111111111",
                         "378282246310005", "12345", "٣", "Marie Curie", "12345678901", "12345678901234"]

    /// The same controller with its memos dropped and everything worked out again.
    static func fromScratch(_ controller: PaymentFormController) -> PaymentFormController {
        var fresh = controller
        fresh.dropMemos()
        fresh.refresh()
        return fresh
    }

    /// What the drive compares of an update.
    static func parts(_ update: FormUpdate) -> (fields: [FormFieldState], itemChanged: Bool) {
        (update.fields, update.itemChanged)
    }

    static func randomSelection(in text: String, _ random: inout SeededGenerator) -> Range<Int> {
        let length = text.utf16.count
        let lower = Int.random(in: 0...length, using: &random)
        let upper = Bool.random(using: &random) ? lower : Int.random(in: lower...length, using: &random)
        return lower..<upper
    }

    /// Fields that read another's value: `boletoBancarioRequiredness` rules on the fiscal number
    /// (one before it, one after it, one on the fiscal number itself, of two lengths).
    static func boletoProduct() throws -> PaymentProduct {
        func field(_ id: String, order: Int, _ restrictions: String) -> String {
            #"{"id": "\#(id)", "displayHints": {"displayOrder": \#(order), "formElement": {"type": "text"}}, "dataRestrictions": \#(restrictions)}"#
        }
        let fields = [
            field("stateCode", order: 0, #"{"validators": {"boletoBancarioRequiredness": {"fiscalNumberLength": 14}, "length": {"minLength": 2, "maxLength": 2}}}"#),
            field("fiscalNumber", order: 1, #"{"isRequired": true, "validators": {"length": {"minLength": 11, "maxLength": 14}, "boletoBancarioRequiredness": {"fiscalNumberLength": 14}}}"#),
            field("companyName", order: 2, #"{"validators": {"boletoBancarioRequiredness": {"fiscalNumberLength": 14}}}"#),
            field("firstName", order: 3, #"{"validators": {"boletoBancarioRequiredness": {"fiscalNumberLength": 11}}}"#),
            field("city", order: 4, #"{"isRequired": true}"#),
        ]
        let json = #"{"id": 1503, "paymentMethod": "cash", "displayHints": {"logo": "x"}, "fields": ["# + fields.joined(separator: ",") + "]}"
        return try PaymentProduct.decode(from: Array(json.utf8)).value
    }

    @Test("random events on card products, with product switches and an account on file", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEvents(seed: UInt64) throws {
        let controller = try ControllerFixtures.controller(seed % 2 == 0 ? "visa" : "mastercard-accounts-on-file",
                                                           otherSamples: ["amex", "visa", "sepa-direct-debit"])
        try Self.drive(controller, seed: seed)
    }

    @Test("random events on fields that read the fiscal number", arguments: [6, 7, 8] as [UInt64])
    func randomEventsOnDependentFields(seed: UInt64) throws {
        let controller = PaymentFormController(item: try Self.boletoProduct(), localizer: Localizer(languageTag: "en"),
                                               context: ControllerFixtures.now)
        try Self.drive(controller, seed: seed)
    }

    /// 400 random events; after each, the controller must equal one that worked everything out
    /// again, and the update must name exactly the fields whose state changed.
    static func drive(_ start: PaymentFormController, seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var controller = start
        for step in 0..<400 {
            let fieldIds = controller.fields.map(\.id)
            guard let fieldId = fieldIds.randomElement(using: &random) else { break }
            let text = controller[field: fieldId]?.text ?? ""
            let before = controller.fields
            var always: String? = fieldId
            let update: (fields: [FormFieldState], itemChanged: Bool)
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35:
                let inserted = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "1" }.joined()
                update = Self.parts(try controller.edit(fieldId, selection: Self.randomSelection(in: text, &random), .insert(inserted)))
            case 35..<50:
                update = Self.parts(try controller.edit(fieldId, selection: Self.randomSelection(in: text, &random),
                                                        Bool.random(using: &random) ? .deleteBackward : .deleteForward))
            case 50..<60:
                update = Self.parts(try controller.set(fieldId, value: Self.pieces.randomElement(using: &random) ?? ""))
            case 60..<70:
                update = Self.parts(try controller.select(fieldId, selection: Self.randomSelection(in: text, &random)))
            case 70..<80:
                update = Self.parts(try controller.focus(fieldId))
            case 80..<86:
                update = Self.parts(try controller.blur(fieldId))
            case 86..<92:
                always = nil
                let ids = controller.otherItems.map(\.id)
                guard let id = ids.randomElement(using: &random) else { continue }
                update = Self.parts(try controller.selectProduct(id: id))
            case 92..<96:
                always = nil
                let accounts = controller.item.accountsOnFile.map(\.id)
                update = Self.parts(try controller.selectAccountOnFile(id: Bool.random(using: &random) ? accounts.randomElement(using: &random) : nil))
            default:
                always = nil
                update = (controller.submit().fields, false)
            }
            let fresh = Self.fromScratch(controller)
            #expect(fresh.report == controller.report, "seed \(seed), step \(step)")
            #expect(fresh.fields == controller.fields, "seed \(seed), step \(step)")
            #expect(fresh.isValid == controller.isValid, "seed \(seed), step \(step)")
            #expect(controller.report == controller.request.validate(in: controller.context), "seed \(seed), step \(step)")
            // A switch of the item (the card number named another product) redraws every field.
            let expected = update.itemChanged ? controller.fields : controller.changedFields(since: before, always: always)
            #expect(update.fields == expected, "seed \(seed), step \(step)")
            #expect(controller.focusedFieldId == controller.fields.first(where: \.hasFocus)?.id, "seed \(seed), step \(step)")
            // The shortcuts of a keystroke rest on this: an edited field's text is the layout of
            // its value, so the value's length tells whether the text holds more than the mask,
            // and (without the expiry shortcuts, which read `2030` in a text as `30`) the value
            // is what the mask keeps of the text.
            for state in controller.fields {
                // Every state a controller produces is one decoding accepts (the checks of a
                // restored state refuse only what no controller makes).
                let decoded = try JSONDecoder().decode(FormFieldState.self, from: JSONEncoder().encode(state))
                #expect(decoded == state, "seed \(seed), step \(step), \(state.id): a saved state does not come back")
                #expect(state.overflowsMask == state.formatter.overflows(state.text), "seed \(seed), step \(step), \(state.id)")
                if !state.prefilled, !state.readOnly, !state.formatter.expiryShortcuts {
                    #expect(state.value == state.formatter.keptValue(of: state.text), "seed \(seed), step \(step), \(state.id)")
                }
            }
            if fresh.fields != controller.fields || fresh.report != controller.report { return }
        }
    }
}
