import PaymentFormTestSupport
import Testing
@testable import PaymentFormEngine

/// The controller validates again only what an event changed. Random event sequences check that
/// this never shows anything a controller validating everything from scratch would not.
@Suite("Form controller: incremental validation equals a full one")
struct IncrementalValidationTests {
    static let pieces = ["4", "1", "5", "3", "0", "9", "2", "7", " ", "/", "-", "a", "Z", "é", "12/2030", "4111111111111111",
                         "378282246310005", "12345", "٣", "Marie Curie"]

    /// The same controller with its memos dropped and everything worked out again.
    static func fromScratch(_ controller: PaymentFormController) -> PaymentFormController {
        var fresh = controller
        fresh.validationMemos = []
        fresh.inputStateMemos = []
        fresh.refresh()
        return fresh
    }

    static func randomSelection(in text: String, _ random: inout SeededGenerator) -> Range<Int> {
        let length = text.utf16.count
        let lower = Int.random(in: 0...length, using: &random)
        let upper = Bool.random(using: &random) ? lower : Int.random(in: lower...length, using: &random)
        return lower..<upper
    }

    @Test("random events on card products, with product switches and an account on file", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomEvents(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var controller = try ControllerFixtures.controller(seed % 2 == 0 ? "visa" : "mastercard-accounts-on-file",
                                                           otherSamples: ["amex", "visa", "sepa-direct-debit"])
        for step in 0..<400 {
            let fieldIds = controller.fields.map(\.id)
            guard let fieldId = fieldIds.randomElement(using: &random) else { break }
            let text = controller[field: fieldId]?.text ?? ""
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<35:
                let inserted = (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.pieces.randomElement(using: &random) ?? "1" }.joined()
                try controller.edit(fieldId, selection: Self.randomSelection(in: text, &random), .insert(inserted))
            case 35..<50:
                try controller.edit(fieldId, selection: Self.randomSelection(in: text, &random), Bool.random(using: &random) ? .deleteBackward : .deleteForward)
            case 50..<60:
                try controller.set(fieldId, value: Self.pieces.randomElement(using: &random) ?? "")
            case 60..<70:
                try controller.select(fieldId, selection: Self.randomSelection(in: text, &random))
            case 70..<80:
                try controller.focus(fieldId)
            case 80..<86:
                try controller.blur(fieldId)
            case 86..<92:
                let ids = controller.otherItems.map(\.id)
                if let id = ids.randomElement(using: &random) { try controller.selectProduct(id: id) }
            case 92..<96:
                let accounts = controller.item.accountsOnFile.map(\.id)
                try controller.selectAccountOnFile(id: Bool.random(using: &random) ? accounts.randomElement(using: &random) : nil)
            default:
                controller.submit()
            }
            let fresh = Self.fromScratch(controller)
            #expect(fresh.report == controller.report, "seed \(seed), step \(step)")
            #expect(fresh.fields == controller.fields, "seed \(seed), step \(step)")
            #expect(controller.report == controller.request.validate(in: controller.context), "seed \(seed), step \(step)")
            if fresh.fields != controller.fields || fresh.report != controller.report { return }
        }
    }
}
