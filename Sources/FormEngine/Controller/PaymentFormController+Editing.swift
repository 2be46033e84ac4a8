import PaymentFormMasking

extension PaymentFormController {
    /// The customer edited a field: typed, pasted or autofilled text over `selection`, or pressed
    /// backspace or forward delete (a `TextEdit`). Positions are UTF-16 offsets into the
    /// field's ``FormFieldState/text``; out-of-range ones are clamped.
    ///
    /// The answer holds the field's new text and caret (set both in the text field), with
    /// ``FormUpdate/outcome`` `.rejected` when nothing fitted, the field is full or read-only.
    ///
    /// ```swift
    /// try controller.set("cardNumber", value: "4111")
    /// let update = try controller.edit("cardNumber", selection: 4..<4, .insert("1"))
    /// // update["cardNumber"]?.text == "4111 1", update["cardNumber"]?.cursor == 6 (Visa's 4-4-4-4 grouping)
    /// ```
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func edit(_ fieldId: String, selection: Range<Int>, _ edit: TextEdit) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        if case .insert(let text) = edit, let overTyped = rejectOverTypedKey(text, at: index, selection: selection) { return overTyped }
        return perform(scope(ofEventOnField: index), fieldIndex: index, completes: true) { controller in
            controller.apply(edit, at: index, selection: selection)
        }
    }

    /// UIKit's `textField(_:shouldChangeCharactersIn:replacementString:)`, as it arrives: the
    /// controller decides what the call means from the caret it last saw (after the last edit,
    /// set or ``select(_:selection:)``):
    /// - a non-empty `string` is typed or pasted over `range`;
    /// - an empty `string` over a non-empty `range` deletes: backspace when `range` ends at the
    ///   caret (so backspace right after a separator, `1234 |5`, deletes the `4`), else forward
    ///   delete;
    /// - an empty `string` over an empty `range` changes nothing (`.rejected`).
    ///
    /// Set the text field's text and selection from the answer and return `false`.
    ///
    /// ```swift
    /// func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange,
    ///                replacementString string: String) -> Bool {
    ///     guard let range = Range(range),
    ///           let update = try? controller.replace("cardNumber", range: range, with: string) else { return false }
    ///     show(update)
    ///     return false
    /// }
    /// ```
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func replace(_ fieldId: String, range: Range<Int>, with string: String) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        let caret = fields[index].selection
        if !string.isEmpty, let overTyped = rejectOverTypedKey(string, at: index, selection: range) { return overTyped }
        return perform(scope(ofEventOnField: index), fieldIndex: index, completes: true) { controller in
            if !string.isEmpty { return controller.apply(.insert(string), at: index, selection: range) }
            guard !range.isEmpty else { return .rejected }
            let backward = range.upperBound == caret.upperBound
            return controller.apply(backward ? .deleteBackward : .deleteForward, at: index, selection: range)
        }
    }

    /// A text field that reports only its new text (SwiftUI's `TextField(text:)` binding): the
    /// controller compares it with the field's text, takes the differing part as typed, pasted
    /// or deleted text, and applies it as ``replace(_:range:with:)`` would — a deletion as a
    /// backspace, so deleting a separator deletes the digit before it. Give the binding the
    /// answer's text back.
    ///
    /// ```swift
    /// Binding(get: { controller[field: "cardNumber"]?.text ?? "" },
    ///         set: { _ = try? controller.change("cardNumber", to: $0) })
    /// ```
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func change(_ fieldId: String, to newText: String) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        let old = Array(fields[index].text)
        let new = Array(newText)
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let lower = String(old[..<prefix]).utf16.count
        let upper = lower + String(old[prefix..<(old.count - suffix)]).utf16.count
        let inserted = String(new[prefix..<(new.count - suffix)])
        if !inserted.isEmpty, let overTyped = rejectOverTypedKey(inserted, at: index, selection: lower..<upper) { return overTyped }
        return perform(scope(ofEventOnField: index), fieldIndex: index, completes: true) { controller in
            if !inserted.isEmpty { return controller.apply(.insert(inserted), at: index, selection: lower..<upper) }
            guard lower < upper else { return .rejected }
            return controller.apply(.deleteBackward, at: index, selection: lower..<upper)
        }
    }

    /// Sets a field's whole value (autofill, a value the app already knows, a list choice, a
    /// check box's `"true"`): formatted with the field's mask, as if typed into an empty field,
    /// caret at the end. An empty value clears the field. A read-only field refuses it.
    ///
    /// ```swift
    /// let update = try controller.set("expiryDate", value: "12/2030")
    /// // update["expiryDate"]?.text == "12/30"
    /// ```
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func set(_ fieldId: String, value: String) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        return perform(scope(ofEventOnField: index), fieldIndex: index, completes: true) { controller in
            guard !controller.fields[index].readOnly else { return .rejected }
            let definition = controller.definitions[index]
            var formatter = controller.fields[index].formatter
            if Self.isCardNumber(definition) {
                // One-scalar ASCII digits (`isASCII && isNumber`), read from the bytes.
                let digits = String(value.filter { $0.utf8.count == 1 && $0.utf8.first.map { (0x30...0x39).contains($0) } == true })
                formatter = Self.cardNumberFormat(field: definition, value: digits, detector: controller.brandDetector).formatter
            }
            var result = formatter.text(forValue: value)
            // The mask cut something the request keeps (beyond its capacity, or a month rule):
            // keep it all and let validation say what is wrong.
            let kept = formatter.keptValue(of: value)
            if kept.count > result.value.count { result = formatter.layOut(keptValue: kept) }
            controller.store(result, at: index)
            return .changed
        }
    }

    /// The caret moved or the selection changed without an edit (a tap, arrow keys; UIKit's
    /// `textFieldDidChangeSelection`). ``replace(_:range:with:)`` needs it to tell backspace from
    /// forward delete. The selection is clamped to the text.
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func select(_ fieldId: String, selection: Range<Int>) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        let window = autoAdvance.flatMap { $0.to == fieldId ? $0 : nil }   // a text field placing its caret
        let update = perform(.field(index), fieldIndex: index, completes: false) { controller in
            controller.fields[index].selection = Self.clamped(selection, to: controller.fields[index].text)
            return .changed
        }
        autoAdvance = window
        return update
    }

    /// The field got the focus (the one that had it loses it).
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func focus(_ fieldId: String) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        let previous = focusedIndex.flatMap { $0 == index ? nil : $0 }
        let scope = previous.map { FormEventScope.fields([min($0, index), max($0, index)]) } ?? .field(index)
        let window = autoAdvance.flatMap { $0.to == fieldId ? $0 : nil }   // the screen following an advance
        let update = perform(scope, fieldIndex: index, completes: false) { controller in
            if let previous {
                controller.fields[previous].hasFocus = false
                controller.fields[previous].wasBlurred = true
            }
            controller.fields[index].hasFocus = true
            controller.focusedIndex = index
            return .changed
        }
        autoAdvance = window
        return update
    }

    /// The field lost the focus: from now on its message shows when its value is not valid
    /// (or it is empty, required and was edited).
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)``.
    @discardableResult
    public mutating func blur(_ fieldId: String) throws(PaymentRequestError) -> FormUpdate {
        let index = try index(of: fieldId)
        let window = autoAdvance.flatMap { $0.from == fieldId ? $0 : nil }   // the screen following an advance
        let update = perform(.field(index), fieldIndex: index, completes: false) { controller in
            controller.fields[index].hasFocus = false
            controller.fields[index].wasBlurred = true
            if controller.focusedIndex == index { controller.focusedIndex = nil }
            return .changed
        }
        autoAdvance = window
        return update
    }

    // MARK: - Internals

    /// Applies an edit to a field's text; stores the result when it changed something.
    ///
    /// No typed character is lost: an insertion the mask would cut (a paste beyond its capacity,
    /// a pasted month that cannot exist) is kept whole, and a field holding more than its mask is
    /// edited in value space (see `FieldFormatter+EveryCharacter.swift`). A keystroke (one
    /// character at a collapsed caret) into a full field — its value as long as the field's
    /// maximum, ``maximumLength(ofFieldAt:)`` — is `.rejected`, which tells the screen so.
    mutating func apply(_ edit: TextEdit, at index: Int, selection: Range<Int>) -> EditOutcome {
        let formatter = fields[index].formatter
        let text = fields[index].text
        let clampedSelection = Self.clamped(selection, to: text)
        guard !fields[index].readOnly else { return .rejected }
        if case .insert(let inserted) = edit, clampedSelection.isEmpty, isFull(at: index), Self.isOneCharacter(inserted) {
            fields[index].selection = clampedSelection
            return .rejected
        }
        var result: EditResult
        if fields[index].overflowsMask {
            result = formatter.applyKeepingEveryCharacter(edit, to: text, value: fields[index].value, selection: clampedSelection)
        } else {
            result = formatter.apply(edit, to: text, selection: clampedSelection)
            if result.outcome == .changed, case .insert(let inserted) = edit,
               !Self.keptEveryCharacter(result, typed: inserted, over: clampedSelection, value: fields[index].value,
                                        formatter: formatter),
               let kept = formatter.keepingCutCharacters(of: result, inserting: inserted, into: text, selection: clampedSelection) {
                result = kept
            }
        }
        guard result.outcome == .changed else {
            fields[index].selection = clampedSelection
            return .rejected
        }
        store(result, at: index)
        return .changed
    }

    /// Whether an insertion at a caret kept every character: the new value holds all of the old
    /// value's bytes and all of the typed ones, so nothing was cut and the check that looks for
    /// a cut (another walk of the whole text) has nothing to find. A keystroke that lands takes
    /// this path; a paste over a selection, a character the mask refuses, a paste beyond the
    /// capacity and any typing under the expiry shortcuts (which rewrite what was typed: `3`
    /// becomes `03`, so a byte count proves nothing) take the full check.
    ///
    /// Sound because, outside an overflowing field, a field's value is exactly what its mask
    /// reads in its text (every event stores both from one layout), and the mask only maps
    /// what was typed to fewer bytes (non-ASCII digits to ASCII), never to more.
    static func keptEveryCharacter(_ result: EditResult, typed: String, over selection: Range<Int>, value: String,
                                   formatter: FieldFormatter) -> Bool {
        selection.isEmpty && !formatter.expiryShortcuts && result.value.utf8.count == value.utf8.count + typed.utf8.count
    }

    /// Stores an edit's text, caret and value in a field. A card number is laid out again when
    /// its brand changes its grouping, the caret following the same digits.
    mutating func store(_ result: EditResult, at index: Int) {
        var text = result.text
        var caret = result.cursor
        var value = result.value
        if isCardNumber(at: index),
           let formatter = updateCardNumberFormat(at: index, value: value, includingFormatter: true) {
            // `formatter` laid the text out; the brand's formatter lays it out again.
            let valueBeforeCaret = formatter.keptValue(of: Self.text(text, utf16Prefix: caret)).count
            let afterLiteral = caret > 0 && caret < text.utf16.count
                && formatter.keptValue(of: Self.text(text, utf16Prefix: caret))
                    == formatter.keptValue(of: Self.text(text, utf16Prefix: caret - 1))
            let relaid = fields[index].formatter.layOut(keptValue: value)
            text = relaid.text
            value = relaid.value
            caret = fields[index].formatter.offset(afterValueCharacters: valueBeforeCaret, inKeptValue: value, pastLiterals: afterLiteral)
        }
        fields[index].text = text
        fields[index].value = value
        fields[index].selection = caret..<caret
        fields[index].prefilled = false
        fields[index].wasEdited = true
        fields[index].showsSubmitError = false
    }

    /// The first `count` UTF-16 units of `text`, as a string (a unit that splits a character
    /// reads as U+FFFD). ASCII text, where a UTF-16 offset is a byte offset, is sliced without
    /// decoding: every card number, date and code is ASCII, and this runs on every keystroke.
    static func text(_ text: String, utf16Prefix count: Int) -> String {
        if text.utf8.count == text.utf16.count {
            return String(text[..<text.utf8.index(text.utf8.startIndex, offsetBy: min(max(0, count), text.utf8.count))])
        }
        return String(decoding: text.utf16.prefix(count), as: UTF16.self)
    }

    /// `text` from UTF-16 offset `offset` on, as a string (see ``text(_:utf16Prefix:)``).
    static func text(_ text: String, utf16From offset: Int) -> String {
        if text.utf8.count == text.utf16.count {
            return String(text[text.utf8.index(text.utf8.startIndex, offsetBy: min(max(0, offset), text.utf8.count))...])
        }
        return String(decoding: text.utf16.dropFirst(offset), as: UTF16.self)
    }

    /// The UTF-16 offset just after the first `count` value characters of `value` as `formatter`
    /// lays it out; with `pastLiterals`, past the literals that follow when a value character
    /// comes after them.
    static func offset(afterValueCharacters count: Int, in value: String, formatter: FieldFormatter, pastLiterals: Bool) -> Int {
        let characters = Array(value)
        let count = min(max(0, count), characters.count)
        let before = formatter.text(forValue: String(characters[..<count])).text.utf16.count
        guard pastLiterals, count < characters.count else { return before }
        let withNext = formatter.text(forValue: String(characters[...count])).text.utf16
        return withNext.count - String(characters[count]).utf16.count
    }

    /// `selection` within `text`'s UTF-16 bounds.
    static func clamped(_ selection: Range<Int>, to text: String) -> Range<Int> {
        let length = text.utf16.count
        let lower = min(max(0, selection.lowerBound), length)
        let upper = min(max(lower, selection.upperBound), length)
        return lower..<upper
    }
}
