// Fuzz target: a mask pattern, a value and a sequence of edits (masks and cursor-aware editing).
//
// Invariants beyond "never crash": carets stay inside the text; a rejected edit changes nothing;
// the text after an edit is formatted (without a dangling literal run) and unmasks to the edit's
// value; formatting is idempotent; the byte paths plain ASCII text takes give exactly what the
// `Character` path gives.
import PaymentFormEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMaskEditing(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let mask = Mask(input.string(maximumBytes: 120))
    let typed = input.string(maximumBytes: 120)

    let formatted = mask.format(typed)
    trace("mask \(mask.pattern.debugDescription) typed \(typed.debugDescription) -> \(formatted.debugDescription)")
    check(formatted == mask.formatByCharacters(typed), "format: byte path and Character path differ")
    check(mask.unformat(typed) == mask.unformatByCharacters(typed), "unformat: byte path and Character path differ")
    check(mask.isComplete(typed) == mask.isCompleteByCharacters(typed), "isComplete: byte path and Character path differ")
    let value = mask.unformat(formatted)
    // Connect's walk consumes input equal to a literal, so `format(unformat(t)) == t` fails for
    // masks whose literals could be value characters (`1-{{999}}`); a formatted text, though,
    // formats to itself.
    // (Not for texts with multi-scalar characters: see the note on combining marks below.)
    check(formatted.unicodeScalars.count != formatted.count || mask.format(formatted) == formatted,
          "a formatted text does not format to itself")
    _ = mask.isComplete(value)
    _ = mask.relaxed.format(typed)

    let caret = input.int(in: 0...typed.utf16.count)
    let withCursor = mask.format(typed, cursor: caret)
    check(withCursor == mask.formatByCharacters(typed, cursor: caret), "format with cursor: byte path and Character path differ")
    check(withCursor.text == formatted, "format with a cursor gives another text")
    check((0...formatted.utf16.count).contains(withCursor.cursor), "formatted cursor outside the text")

    var text = formatted
    var steps = 0
    while !input.isAtEnd && steps < 32 {
        steps += 1
        let length = text.utf16.count
        // Selections may be out of range or reversed-looking on purpose: they must be clamped.
        let start = input.int(in: -2...length + 2)
        let end = max(start, input.int(in: -2...length + 2))
        let edit: TextEdit
        switch input.byte() % 4 {
        case 0: edit = .deleteBackward
        case 1: edit = .deleteForward
        default: edit = .insert(input.string(maximumBytes: 40))
        }
        let result = mask.apply(edit, to: text, selection: start..<end)
        check(result == mask.applyByCharacters(edit, to: text, selection: start..<end), "edit: byte path and Character path differ")
        if case .insert(let inserted) = edit { trace("insert \(inserted.debugDescription)") }
        trace("\(edit) at \(start)..<\(end) on \(text.debugDescription) -> \(result.text.debugDescription) " +
              "caret \(result.cursor) value \(result.value.debugDescription) \(result.outcome)")
        check((0...result.text.utf16.count).contains(result.cursor), "caret outside the edited text")
        if !mask.hasPlaceholders {
            // Documented: a mask without placeholders edits as plain text.
            check(result == edit.applied(to: text, selection: start..<end), "placeholder-less mask is not plain text")
        } else if result.outcome == .rejected {
            check(result.text == text, "a rejected edit changed the text")
        } else if result.text.unicodeScalars.count == result.text.count {
            // (Skipped for texts with multi-scalar characters: a value starting with a combining
            // mark merges with the literal before it into one Character, a known limitation.)
            // The text is laid out as `format` would (less the trailing literal run it adds, §5.2).
            check(mask.format(result.text).utf16.starts(with: result.text.utf16), "edited text is not formatted")
            check(mask.unformat(result.text) == result.value, "edited text does not unmask to its value")
            check(!result.value.isEmpty || result.text.isEmpty, "an empty value left text behind")
        }
        // The String.Index form must agree with the UTF-16 form on the same selection.
        let clampedStart = min(max(start, 0), length), clampedEnd = min(max(end, 0), length)
        if isScalarBoundary(text, clampedStart) && isScalarBoundary(text, clampedEnd) {
            let lower = String.Index(utf16Offset: clampedStart, in: text)
            let upper = String.Index(utf16Offset: clampedEnd, in: text)
            let byIndex = mask.apply(edit, to: text, selection: lower..<upper)
            check(byIndex == result, "String.Index and UTF-16 forms of the same edit disagree")
        }

        let plain = edit.applied(to: text, selection: start..<end)
        check((0...plain.text.utf16.count).contains(plain.cursor), "plain-text caret outside the text")
        text = result.text
    }
    return 0
}

private func isScalarBoundary(_ text: String, _ offset: Int) -> Bool {
    guard offset > 0, offset < text.utf16.count else { return true }
    let index = text.utf16.index(text.utf16.startIndex, offsetBy: offset)
    return !UTF16.isTrailSurrogate(text.utf16[index])
}
