import PaymentFormCards
import PaymentFormValidation

/// What one field of a ``PaymentFormController`` shows now: the text and caret, the unmasked
/// value, the as-you-type state, the message to show, and whether the field is complete.
///
/// A screen binds its text field to this: after each event it sets the text and selection
/// from it, colours the field by ``state`` or ``message``, and shows ``message`` under it.
///
/// ```swift
/// let card = controller[field: "cardNumber"]
/// let text = card?.text                           // "4111 1111 1111 1111": the text field's text
/// let shown = card?.message                       // nil: nothing to show, the number is valid
/// ```
///
/// It is `Codable` (see ``encode(to:)``), so a server can send the state to a client that draws
/// it. The text and value are card data: `description`, `debugDescription` and the mirror show
/// only their lengths, and the encoded form holds them as they are.
public struct FormFieldState: Sendable, Hashable {
    /// The field as drawn: its id, localized label, placeholder, tooltip, input type, mask,
    /// required and read-only flags, list options.
    public internal(set) var field: FormField
    /// What the text field shows (masked: `4111 1111 1`).
    public internal(set) var text: String
    /// The caret (an empty range) or the selection, in UTF-16 offsets into ``text``.
    public internal(set) var selection: Range<Int>
    /// The unmasked value: what is validated and sent (empty for a read-only field, whose stored
    /// value is neither).
    public internal(set) var value: String
    /// `valid`, `incomplete` (can still become valid) or `invalid` (cannot any more).
    public internal(set) var state: InputState
    /// The localized message to show now, or `nil` (see ``PaymentFormController`` for when a
    /// message is shown).
    public internal(set) var message: String?
    /// The error behind ``message``: field id, error id and the rule's parameters; `nil` when no
    /// message is shown.
    public internal(set) var error: FieldError?
    /// Valid and nothing more to type: the value fills the field's maximum length, so no further
    /// character can be accepted; for a card number, the detected brand's longest length (Visa at
    /// 19, Mastercard at 16, American Express at 15), never a shorter length a longer one extends.
    public internal(set) var complete: Bool
    /// Whether the field shows a value of the selected account on file (read-only, or a
    /// `CAN_WRITE` value the customer has not changed).
    public internal(set) var prefilled: Bool
    /// Whether the field has the focus.
    package internal(set) var hasFocus: Bool
    /// Whether the customer changed the field at least once (a `required` message waits for it).
    package internal(set) var wasEdited: Bool
    /// Whether the field lost the focus at least once.
    package internal(set) var wasBlurred: Bool
    /// Whether a submit showed the field's error and the customer has not edited the field since:
    /// the error then stays shown when the field gets the focus (a form moves the focus to the
    /// first field in error), until the customer changes it.
    package var showsSubmitError = false
    /// Card-number fields: what offline detection says about the digits typed (the brand, its
    /// co-badge partners, or the candidates while ambiguous); `nil` for other fields. Grouping,
    /// the maximum length and ``complete`` follow the resolved brand.
    public internal(set) var brands: BrandDetection?

    /// The field's first error now, shown or not (`required` first, then the validators in
    /// definition order).
    package var firstError: FieldError?
    /// How the field formats and edits now (a card number's grouping follows its brand).
    package var formatter: FieldFormatter
    /// Card-number fields: the brand's grouping and lengths within the field's limits.
    package var cardLayout: CardNumberLayout?

    /// The field's id.
    public var id: String { field.id }
    /// Whether the value comes from the account on file and cannot be changed.
    package var readOnly: Bool { field.readOnly }
    /// Whether a value is needed (the definition says so, a `MUST_WRITE` attribute, or a
    /// `boletoBancarioRequiredness` rule that applies now).
    public internal(set) var required: Bool
    /// The caret when the selection is empty, else the selection's end.
    public var cursor: Int { selection.upperBound }

    /// A state from its values (the controller's, or a decoder's).
    package init(
        field: FormField, text: String, selection: Range<Int>, value: String, state: InputState, message: String?, error: FieldError?,
        complete: Bool, prefilled: Bool, hasFocus: Bool, wasEdited: Bool, wasBlurred: Bool, brands: BrandDetection?,
        firstError: FieldError?, formatter: FieldFormatter, cardLayout: CardNumberLayout?, required: Bool
    ) {
        self.field = field
        self.text = text
        self.selection = selection
        self.value = value
        self.state = state
        self.message = message
        self.error = error
        self.complete = complete
        self.prefilled = prefilled
        self.hasFocus = hasFocus
        self.wasEdited = wasEdited
        self.wasBlurred = wasBlurred
        self.brands = brands
        self.firstError = firstError
        self.formatter = formatter
        self.cardLayout = cardLayout
        self.required = required
    }
}

extension FormFieldState: CustomStringConvertible {
    /// Id, state and flags; the text and value only by length.
    public var description: String {
        var flags: [String] = [state.rawValue]
        if complete { flags.append("complete") }
        if readOnly { flags.append("read-only") }
        if prefilled { flags.append("prefilled") }
        if hasFocus { flags.append("focused") }
        if let error { flags.append("showing \(error.errorId)") }
        return "FormFieldState(\(id): \(flags.joined(separator: ", ")), text: <redacted, \(text.utf16.count) UTF-16 units>, "
            + "selection: \(selection.lowerBound)..<\(selection.upperBound))"
    }

}
