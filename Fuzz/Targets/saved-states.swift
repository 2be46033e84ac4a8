// Fuzz target: saved controller states decoded with Foundation's JSONDecoder (a restored state is
// input like any other: a server may send it, an app may keep it across launches).
//
// Input: a kind byte (0 a field state, 1 an update, 2 a submission, 3 a form), then the JSON.
// Invariants beyond "never crash, never hang, never allocate without bound": a state that decodes
// has its selection inside its text and its value from its text (a read-only one none); it
// re-encodes to JSON that decodes to an equal value.
import Foundation
import PaymentFormEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSavedStates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let kind = input.byte() % 4
    let json = Data(input.remainingBytes())
    switch kind {
    case 0:
        guard let state = decodedRoundTrip(FormFieldState.self, json) else { return 0 }
        checkState(state)
    case 1:
        guard let update = decodedRoundTrip(FormUpdate.self, json) else { return 0 }
        update.fields.forEach(checkState)
        check(Set(update.fields.map(\.id)).count == update.fields.count, "an update has a field twice")
    case 2:
        guard let submission = decodedRoundTrip(FormSubmission.self, json) else { return 0 }
        submission.fields.forEach(checkState)
        check(submission.isValid == submission.errors.isEmpty, "a submission's validity and errors disagree")
        check(submission.prepared == nil || submission.isValid, "an invalid submission carries a prepared request")
    default:
        guard let form = decodedRoundTrip(PaymentForm.self, json) else { return 0 }
        for field in form.fields {
            check((field.maxLength ?? 0) >= 0, "a negative maxLength")
            check(field.linkTextRange.map { $0.lowerBound >= 0 && $0.upperBound <= field.label.utf16.count } ?? true, "a link outside its label")
        }
    }
    return 0
}

/// The decoded value, after checking that it encodes to JSON that decodes equal; `nil` when the
/// input is refused.
private func decodedRoundTrip<Value: Codable & Equatable>(_ type: Value.Type, _ json: Data) -> Value? {
    guard let value = try? JSONDecoder().decode(type, from: json) else { return nil }
    trace("decoded a \(type)")
    guard let encoded = try? JSONEncoder().encode(value) else {
        check(false, "a decoded \(type) does not encode")
        return nil
    }
    check((try? JSONDecoder().decode(type, from: encoded)) == value, "a decoded \(type) does not round-trip")
    return value
}

private func checkState(_ state: FormFieldState) {
    let length = state.text.utf16.count
    check(state.selection.lowerBound >= 0 && state.selection.upperBound <= length, "a selection outside the text")
    check(!state.complete || state.state == .valid, "a complete field that is not valid")
    check((state.message == nil) == (state.error == nil), "a message without its error, or an error without its message")
    if state.field.readOnly { check(state.value.isEmpty, "a read-only field with a value") }
}
