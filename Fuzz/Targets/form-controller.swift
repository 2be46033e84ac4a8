// Fuzz target: a form controller on a shipped sample, driven by a sequence of fuzzed events
// (edits, UIKit replacements, sets, selections, focus, accounts on file, products, brands, submit),
// then drawn as an HTML preview.
//
// Invariants beyond "never crash": every selection stays inside its text; a complete field is
// valid; a read-only field is valid and shows nothing; a shown message has its error, for its own
// field; a focused field shows a message only when it is invalid; a rejected edit leaves the
// field's text alone; after submit, validity matches the errors and unfocused fields show their
// first error; the preview's HTML has only the renderer's own tags and attributes.
import PaymentFormEngine
import PaymentFormRendering
import PaymentFormSamples

private let samples = ["visa", "amex", "mastercard-accounts-on-file", "sepa-direct-debit", "ideal"]
private let products: [PaymentProduct] = samples.compactMap { name in
    Samples.product(named: name).flatMap { try? PaymentProduct(jsonEncoded: $0) }
}
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFormController(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard products.count == samples.count else {
        check(false, "the shipped samples do not decode")
        return 0
    }
    var input = FuzzInput(data, count: size)
    let product = products[input.int(in: 0...(products.count - 1))]
    let localizer = Localizer(languageTag: ["en", "fr", "de"][input.int(in: 0...2)])
    let now = YearMonth(year: 2026, month: input.int(in: 1...12)) ?? YearMonth(year: 2026, month: 6)!
    var controller = PaymentFormController(item: product, localizer: localizer, context: ValidationContext(now: now),
                                           otherItems: products.filter { $0.id != product.id }.map { .product($0) })
    let fieldIds = controller.fields.map(\.id) + ["unknown"]
    var steps = 0
    while !input.isAtEnd && steps < 48 {
        steps += 1
        let fieldId = fieldIds[input.int(in: 0...(fieldIds.count - 1))]
        let before = controller[field: fieldId]
        let length = before?.text.utf16.count ?? 0
        let start = input.int(in: -2...length + 2)
        let end = input.int(in: -2...length + 2)
        var update: FormUpdate?
        let kind = input.byte() % 13
        trace("event \(kind) on \(fieldId) at \(start)..<\(max(start, end))")
        do {
            switch kind {
            case 0, 1: update = try controller.replace(fieldId, range: max(0, start)..<max(0, start, end), with: input.string(maximumBytes: 24))
            case 2: update = try controller.replace(fieldId, range: max(0, start)..<max(0, start, end), with: "")
            case 3: update = try controller.edit(fieldId, selection: start..<max(start, end), .insert(input.string(maximumBytes: 24)))
            case 4: update = try controller.edit(fieldId, selection: start..<max(start, end), input.byte() % 2 == 0 ? .deleteBackward : .deleteForward)
            case 5: update = try controller.set(fieldId, value: input.string(maximumBytes: 40))
            case 6: update = try controller.select(fieldId, selection: start..<max(start, end))
            case 7: update = try controller.focus(fieldId)
            case 8: update = try controller.blur(fieldId)
            case 9: update = try controller.change(fieldId, to: input.string(maximumBytes: 40))
            case 10:
                let accounts = controller.item.accountsOnFile.map(\.id) + ["nope"]
                let choice = input.int(in: 0...accounts.count)
                update = try controller.selectAccountOnFile(id: choice == accounts.count ? nil : accounts[choice])
            case 11:
                let ids = controller.otherItems.map(\.id) + [controller.item.id, "nope"]
                update = try controller.selectProduct(id: ids[input.int(in: 0...(ids.count - 1))])
            default:
                if input.byte() % 2 == 0 {
                    let submission = controller.submit()
                    check(submission.isValid == submission.errors.isEmpty, "submit: validity and errors disagree")
                    check(submission.isValid == controller.isValid, "submit: validity differs from the controller's")
                    for state in controller.fields where !state.readOnly && !state.hasFocus {
                        let first = submission.errors.first { $0.fieldId == state.id }
                        check(state.error == first, "after submit a field does not show its first error")
                    }
                } else {
                    let options = controller.brandChoice.options.map(\.id) + ["nope"]
                    update = try controller.selectBrand(options[input.int(in: 0...(options.count - 1))])
                }
            }
        } catch {
            trace("refused: \(error)")
        }
        if let update, update.outcome == .rejected, let before, let after = controller[field: fieldId] {
            check(after.text == before.text, "a rejected edit changed the text")
        }
        for state in controller.fields {
            check(state.selection.lowerBound >= 0 && state.selection.upperBound <= state.text.utf16.count, "selection outside the text")
            check(!state.complete || state.state == .valid, "a complete field that is not valid")
            if state.readOnly {
                check(state.state == .valid && state.message == nil, "a read-only field is not valid or shows a message")
            }
            check((state.message == nil) == (state.error == nil), "a message without its error, or the reverse")
            check(state.error.map { $0.fieldId == state.id } ?? true, "a field shows another field's error")
            if state.hasFocus, state.message != nil {
                check(state.state == .invalid, "a focused field shows a message while it can still become valid")
            }
        }
    }

    let html = FormHTMLRenderer(languageTag: localizer.languageTag, localizer: localizer).render(controller)
    let structure = HTMLStructure(html)
    check(structure.problems.isEmpty, "the HTML needs repairs: \(structure.problems)")
    check(structure.tagNames.isSubset(of: RendererAllowList.tags), "unexpected tags \(structure.tagNames.subtracting(RendererAllowList.tags))")
    let unexpected = RendererAllowList.unexpectedAttributes(in: structure)
    check(unexpected.isEmpty, "unexpected attributes \(unexpected)")
    return 0
}
