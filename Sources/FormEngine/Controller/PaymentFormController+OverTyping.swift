import PaymentFormMasking

/// An auto-advance the customer has not acted on since: the field it completed and the field
/// it moved the focus to (by id: a product switch may rebuild the fields).
struct AutoAdvance: Sendable, Hashable {
    /// The field the event completed.
    let from: String
    /// The field ``FormUpdate/next`` named.
    let to: String
}

/// Keys over-typed into a full field that the focus has just left.
///
/// A field moves the focus on only when it is complete: valid and full, so it cannot take
/// another key (a card number at its brand's longest length: a valid 16-digit Visa number may
/// still grow to 19 digits and does not move on). A key typed after that is either the next
/// field's first character or one more key meant for the full field (a fifth digit of a 4-digit
/// security code). The screen has moved the focus by then, so the key arrives in the next field.
///
/// The rule, one for every screen (the web form, UIKit, `payform form`): right after an
/// auto-advance — while the customer has done nothing but let the focus move from the completed
/// field to the next one — a digit typed at the start of the still-empty next field, when the
/// completed field takes digits only (card number, expiry date, security code) and the next
/// field does not (the cardholder's name), is a key over-typed into the full field: it is
/// `.rejected`, and nothing is written into the next field. The next field's own first key goes
/// in as usual: a letter into the name, a digit into an expiry date after a card number (a
/// digits-only field, where a digit is what the customer types next).
///
/// No key typed there is ever moved back into the completed field: it is full, so it could not
/// take it (the advance happens only then; the tests check that a key typed into a field at the
/// moment it advanced is rejected).
extension PaymentFormController {
    /// `.rejected` (the field unchanged) for a key over-typed into the field the last
    /// auto-advance completed, arriving in the field it moved the focus to; `nil` for any other
    /// insertion, which goes on as usual.
    mutating func rejectOverTypedKey(_ inserted: String, at index: Int, selection: Range<Int>) -> FormUpdate? {
        guard let window = autoAdvance, window.to == fields[index].id, fields[index].value.isEmpty,
              Self.clamped(selection, to: fields[index].text).lowerBound == 0,
              Self.isDigitKey(inserted),
              let from = fieldIndex.position(of: window.from), fields[from].complete, isFull(at: from),
              fields[from].formatter.takesDigitsOnly, !fields[index].formatter.takesDigitsOnly
        else { return nil }
        let update = perform(.field(index), fieldIndex: index, completes: false) { controller in
            controller.fields[index].selection = Self.clamped(selection, to: controller.fields[index].text)
            return .rejected
        }
        autoAdvance = window   // more over-typed digits are rejected too, until the customer does something else
        return update
    }

    /// Whether the field at `index` is full: its value is as long as the field's maximum.
    func isFull(at index: Int) -> Bool {
        guard let maximum = maximumLength(ofFieldAt: index) else { return false }
        return Self.characterCount(of: fields[index].value) >= maximum
    }

    /// Whether `text` is one decimal digit (ASCII, or another script's, which the field maps).
    static func isDigitKey(_ text: String) -> Bool {
        let key = text.withASCIIDigits.utf8
        return key.count == 1 && key.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Whether `text` is one character: what a keystroke types.
    static func isOneCharacter(_ text: String) -> Bool {
        if text.utf8.count == 1 { return true }
        var characters = text.makeIterator()
        return characters.next() != nil && characters.next() == nil
    }
}

extension FieldFormatter {
    /// Whether the field takes ASCII digits only: a mask whose every placeholder is `9` (a card
    /// number, `{{99}}/{{99}}`, `{{9999}}`). Plain text takes anything.
    var takesDigitsOnly: Bool {
        guard let mask else { return false }
        var inPlaceholder = false
        var sawPlaceholder = false
        var bytes = Array(mask.pattern.utf8)[...]
        while let byte = bytes.first {
            if bytes.starts(with: [UInt8(ascii: "{"), UInt8(ascii: "{")]) {
                inPlaceholder = true
                bytes = bytes.dropFirst(2)
            } else if bytes.starts(with: [UInt8(ascii: "}"), UInt8(ascii: "}")]) {
                inPlaceholder = false
                bytes = bytes.dropFirst(2)
            } else {
                if inPlaceholder {
                    guard byte == UInt8(ascii: "9") else { return false }
                    sawPlaceholder = true
                }
                bytes = bytes.dropFirst()
            }
        }
        return sawPlaceholder
    }
}
