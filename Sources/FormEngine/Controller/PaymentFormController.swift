import PaymentFormCards
import PaymentFormLocalization
import PaymentFormValidation

/// The state a payment screen binds to: one value per form, one method per user event.
///
/// Create it from a product or a product group, then forward each text-field event to it and
/// draw what it answers: every field's text, caret, as-you-type ``FormFieldState/state``, the
/// message to show now, and whether the focus should move on.
///
/// ```swift
/// var controller = PaymentFormController(item: visa, localizer: Localizer(languageTag: "fr"),
///                                        context: .current())
/// try controller.focus("cardNumber")
/// let update = try controller.replace("cardNumber", range: 0..<0, with: "4")
/// update["cardNumber"]?.text      // "4"
/// update.advance                  // true once the number is complete: move to update.next
/// let submission = controller.submit()
/// submission.isValid              // false: every field now shows its first error
/// ```
///
/// Rules it applies, so a screen does not have to:
/// - Editing is cursor-aware and works in value space (backspace right after a separator deletes
///   the digit before it); ``replace(_:range:with:)`` maps UIKit's `shouldChangeCharactersIn`
///   call to a backspace, a forward delete or an insertion from the caret the controller last saw.
/// - Expiry dates take one typing shortcut (`2` → `02`); a month that cannot exist is kept as
///   typed and invalid at once (`1` then `3` is `13`, so `1330` is `13/30`, never `01/33`); a
///   value set or pasted whole is read as a request reads it (`12/2030` and `1/30` fill `MM/YY`
///   as `12/30` and `01/30`); a fully typed but expired date is `invalid`.
/// - At most one message per field, its first error, shown: while the field has the focus only
///   when the value can no longer become valid; after the field lost the focus when it holds a
///   value that is not valid, or is empty, required and was edited; after ``submit()`` for every
///   field with an error, focused or not, until it is edited again (so a screen can move the focus
///   to the first one); at once when the field holds more than its mask; never for a read-only
///   field. A field that shows a message is ``InputState/invalid``.
/// - No typed character is lost silently: a keystroke into a full field is `.rejected` (also a
///   digit over-typed into a full digits-only field just after it moved the focus to a text
///   field: a fifth digit of a 4-digit code never lands in the cardholder's name); a value
///   set, pasted or carried over by a product switch that is longer than the mask is kept whole
///   (the mask's layout, then the rest as typed) and its validators say what is wrong (`length`).
/// - An event that completes the focused field with the caret at the end reports ``FormUpdate/advance``
///   and the ``FormUpdate/next`` field: only once the field cannot grow, so no key meant for it
///   lands in the next one.
/// - An account on file prefills its values; read-only ones are valid and never sent, `MUST_WRITE`
///   ones are required.
/// - A card number carries its offline brand detection; a generic card field groups and limits
///   the digits by the brand, and completes at the brand's longest length, when no further digit
///   can be accepted (Visa at 19, Mastercard at 16, American Express at 15). A co-badged
///   card's brand is pre-selected (the merchant's preferred brand, else the one the card lists
///   first) and is the customer's choice (``selectBrand(_:)``).
/// - On a product group (`cards`), or a card product with the merchant's other card products in
///   `otherItems`, the card number decides the product: as it grows, the server's IIN answer or
///   the offline brand names one of the card products, and the form switches to it (its fields,
///   mask, validators and texts: American Express 4-6-5 with a 4-digit CVV); the chosen co-badge
///   brand's product is the one paid with. Offline detection narrows, it never refuses on its
///   own (``applyIINLookup(_:)``'s answer decides what only a lookup can tell, such as Cartes
///   Bancaires on a Visa number): a card of a known brand that none of the products can be for
///   fails `cardNotAccepted`; a number that names no product yet fails `cardUndecided` at
///   ``submit()``, so the product is never guessed — apply the lookup's answer and submit again.
/// - Switching the product keeps the values of the fields both products have.
///
/// It is a `Sendable` value: copy it, keep it in a view model, or drive it from a test.
public struct PaymentFormController: Sendable {
    /// The product or group the form is for now: the item it was opened on, one
    /// ``selectProduct(_:)`` chose, or the card product the card number named (see
    /// ``FormUpdate/itemChanged``).
    public internal(set) var item: AnyPaymentItem
    /// The texts' language.
    public let localizer: Localizer
    /// "Now", for expiry dates.
    package let context: ValidationContext
    /// The platform's asset base URL that logos and tooltip images are resolved against, if any.
    package let assetBaseURL: String?
    /// The form as drawn (labels, placeholders, tooltips, options), for the current item and
    /// account on file.
    public internal(set) var form: PaymentForm
    /// What the customer entered, as a request: what ``submit()`` validates and prepares.
    public internal(set) var request: PaymentRequest
    /// Every field's state, in display order.
    public internal(set) var fields: [FormFieldState]
    /// Whether ``submit()`` was called: from then on every field with an error shows it.
    public internal(set) var isSubmitted = false
    /// The products (or groups) ``selectProduct(id:)`` can switch to, besides ``item``.
    public internal(set) var otherItems: [AnyPaymentItem]
    /// Tells card brands from the digits typed, offline.
    package let brandDetector: BrandDetector
    /// The customer's brand choice for a co-badged card: its options follow the card number;
    /// nothing is chosen for the customer unless the app set a preferred brand.
    public internal(set) var brandChoice: BrandChoice

    /// The field definitions, aligned with ``fields``.
    private(set) var definitions: [PaymentProductField]
    /// Where each field is, and which fields read another's value (follows ``definitions``).
    private(set) var fieldIndex: FormFieldIndex
    /// The field that has the focus (at most one has).
    var focusedIndex: Int?
    /// The item the form was on when the card number first named a product (the group it was
    /// opened on, say); the form returns to it when the number names none any more. `nil` while
    /// the number has not chosen the item.
    var itemBeforeCardNumber: AnyPaymentItem?
    /// Each field's last validation and as-you-type state (aligned with ``definitions``), reused
    /// while what decides them is unchanged; emptied when the fields change.
    var validationMemos: [FieldValidationMemo] = []
    var inputStateMemos: [InputStateMemo?] = []
    /// How many fields' last validation failed: the request is valid when none did.
    var fieldsWithErrors = 0
    /// The card number's format for the value it was last detected on.
    var cardNumberFormatMemo: CardNumberFormatMemo?
    /// The last auto-advance, while the customer has done nothing else since (see
    /// `PaymentFormController+OverTyping.swift`).
    var autoAdvance: AutoAdvance?
    /// What the last event drew from its regular-expression budget (for tests and benchmarks of
    /// the work done; the web engine's `form.work`).
    package internal(set) var lastEventBudget = RegularExpressionBudget.perRequest

    /// A controller for a product or group with nothing entered.
    ///
    /// - Parameters:
    ///   - item: the product (Visa) or group (`cards`) whose form this is.
    ///   - localizer: the language of labels and messages.
    ///   - context: "now", for expiry dates (`.current()` for the real clock).
    ///   - assetBaseURL: the client session's asset URL, to resolve logos and tooltip images.
    ///   - otherItems: products (or groups) ``selectProduct(id:)`` may switch to. On a group or a
    ///     card product, its card products (full definitions, with their fields) are the cards the
    ///     form takes, and the card number picks among them and `item`.
    ///   - brandDetector: offline card-brand detection (the shipped table by default).
    ///   - preferredBrandId: a brand to pre-select when a co-badged card offers it; by default
    ///     the brand the card lists first. The customer can change it.
    public init(item: some PaymentItem, localizer: Localizer, context: ValidationContext, assetBaseURL: String? = nil,
                otherItems: [AnyPaymentItem] = [], brandDetector: BrandDetector = .shipped, preferredBrandId: String? = nil) {
        self.item = item.eraseToAnyPaymentItem()
        self.localizer = localizer
        self.context = context
        self.assetBaseURL = assetBaseURL
        self.otherItems = otherItems
        self.brandDetector = brandDetector
        brandChoice = BrandChoice(preferredBrandId: preferredBrandId)
        form = PaymentForm(item: item, localizer: localizer, assetBaseURL: assetBaseURL)
        request = PaymentRequest(item: item)
        request.takeCards(among: otherItems, detector: brandDetector)
        definitions = request.fieldsInDisplayOrder   // the request's positions are the fields
        fieldIndex = FormFieldIndex(definitions)
        fields = zip(definitions, form.fields).map { Self.emptyState(definition: $0, field: $1, detector: brandDetector) }
        refresh()
    }

    /// A controller with one of the item's accounts on file selected.
    ///
    /// - Throws: ``PaymentRequestError/unknownAccountOnFile(_:)`` when the item has no account
    ///   with that id.
    public init(item: some PaymentItem, accountOnFileId: String, localizer: Localizer, context: ValidationContext,
                assetBaseURL: String? = nil, otherItems: [AnyPaymentItem] = [], brandDetector: BrandDetector = .shipped,
                preferredBrandId: String? = nil) throws(PaymentRequestError) {
        self.init(item: item, localizer: localizer, context: context, assetBaseURL: assetBaseURL, otherItems: otherItems,
                  brandDetector: brandDetector, preferredBrandId: preferredBrandId)
        _ = try selectAccountOnFile(id: accountOnFileId)
    }

    // MARK: - Reading the state

    /// Whether the whole request validates now (no field has an error).
    public var isValid: Bool { fieldsWithErrors == 0 }

    /// The selected account on file, if any.
    public var accountOnFile: AccountOnFile? { request.accountOnFile }

    /// The field that has the focus, if any.
    public var focusedFieldId: String? { focusedIndex.map { fields[$0].id } }

    /// The state of a field, or `nil` when the form has no such field.
    public subscript(field fieldId: String) -> FormFieldState? {
        fieldIndex.position(of: fieldId).map { fields[$0] }
    }

    /// The state of a field.
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)`` when the form has no such field.
    package func state(ofField fieldId: String) throws(PaymentRequestError) -> FormFieldState {
        fields[try index(of: fieldId)]
    }

    /// The next field the customer can edit after `fieldId` in display order (read-only fields
    /// are skipped), or `nil` after the last one or for an unknown id.
    public func next(after fieldId: String) -> String? {
        guard let index = fieldIndex.position(of: fieldId) else { return nil }
        return Self.nextFieldId(in: fields, after: index)
    }

    /// The id of the first field after `index` that is not read-only, read in place (a copy of
    /// a field's state, or of the controller, retains each of its parts).
    static func nextFieldId(in fields: [FormFieldState], after index: Int) -> String? {
        var position = index + 1
        while position < fields.count {
            if !fields[position].readOnly { return fields[position].id }
            position += 1
        }
        return nil
    }

    // MARK: - Internals shared by the events

    func index(of fieldId: String) throws(PaymentRequestError) -> Int {
        guard let index = fieldIndex.position(of: fieldId) else { throw .unknownField(fieldId) }
        return index
    }

    /// Takes another item's fields: the index follows them, and nothing kept for the old ones holds.
    mutating func useDefinitions(_ newDefinitions: [PaymentProductField]) {
        definitions = newDefinitions
        fieldIndex = FormFieldIndex(newDefinitions)
        dropMemos()
    }

    static func emptyState(definition: PaymentProductField, field: FormField, detector: BrandDetector) -> FormFieldState {
        let format = isCardNumber(definition) ? cardNumberFormat(field: definition, value: "", detector: detector) : nil
        return FormFieldState(
            field: field, text: "", selection: 0..<0, value: "", state: .valid, message: nil, error: nil,
            complete: false, prefilled: false, hasFocus: false, wasEdited: false, wasBlurred: false,
            brands: format?.detection, firstError: nil, formatter: format?.formatter ?? FieldFormatter(field: definition),
            cardLayout: format?.layout, required: field.required)
    }
}

extension PaymentFormController: CustomStringConvertible {
    /// The item, the account and the fields' states; never what was typed.
    public var description: String {
        let account = accountOnFile.map { ", accountOnFile: \($0.id)" } ?? ""
        return "PaymentFormController(\(item.kind.rawValue): \(item.id)\(account), "
            + "fields: [\(fields.map { "\($0.id): \($0.state.rawValue)" }.joined(separator: ", "))])"
    }

}
