import PaymentFormCards
import PaymentFormMasking
import PaymentFormValidation

/// What a customer entered for a product or product group: values per field, an optional account
/// on file, and whether to store the account.
///
/// ```swift
/// var request = PaymentRequest(product: visa)
/// try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
/// try request.setValue("12/30", forField: "expiryDate")
/// try request.setValue("123", forField: "cvv")
/// let report = request.validate(in: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
/// report.isValid   // true
/// ```
public struct PaymentRequest: Sendable, CustomStringConvertible {
    /// The product or group being paid with.
    public let item: AnyPaymentItem
    /// The selected account on file, if any.
    public private(set) var accountOnFile: AccountOnFile?
    /// Whether the customer asked to store the account for later payments.
    public var tokenize: Bool
    /// The brand the customer chose for a co-badged card (see `BrandChoice`), or `nil`.
    ///
    /// It travels with the request for the processors that take a brand (Sips: `paymentMeanBrand`).
    /// It is not part of the encrypted Client API payload, whose product id already names the
    /// brand, so preparing a request sends exactly what it sent before.
    public var selectedBrand: Brand?
    /// The server's IIN lookup answers for the card number (the last for its first 8 digits and
    /// the last for its first 6), each holding while the number starts with the digits it was
    /// taken for (see `applyIINLookup(_:)`).
    package internal(set) var iinAnswers = ServerIINAnswers()
    /// The card products the form takes, when the card number decides the product (a form on a
    /// product group, or on a card product with the merchant's others): a number whose brand names
    /// none of them fails `cardNotAccepted`. `nil`: no such check (a processor's card form).
    package var acceptedCards: AcceptedCardProducts?
    /// Tells the card number's brand offline, for ``acceptedCards``.
    package var brandDetector: BrandDetector = .shipped
    /// The item's fields in display order, worked out once: validation walks them, and the form
    /// controller's fields are these (so its positions are the request's).
    package let fieldsInDisplayOrder: [PaymentProductField]
    /// Values as typed (masked or not), by position in ``fieldsInDisplayOrder``; `nil` where none
    /// is set. By position rather than by id: validation reads every field's value, the form
    /// controller writes one per keystroke, and hashing the ids was a sixth of a validation.
    private var valuesInDisplayOrder: [String?]

    /// A request for a product or group, with nothing entered and no account on file.
    ///
    /// A Client API card product takes the cards of its brand only: a card number whose brand is
    /// another product's (a Mastercard number on Visa's product) fails `cardNotAccepted`. (The form
    /// controller also takes the merchant's other card products, and switches to the one the
    /// number names.)
    public init(item: some PaymentItem, tokenize: Bool = false) {
        self.item = item.eraseToAnyPaymentItem()
        self.tokenize = tokenize
        fieldsInDisplayOrder = self.item.fieldsInDisplayOrder
        valuesInDisplayOrder = Array(repeating: nil, count: fieldsInDisplayOrder.count)
        takeCards(among: [])
    }

    /// A request for `product`, with nothing entered and no account on file.
    public init(product: PaymentProduct, tokenize: Bool = false) {
        self.init(item: product, tokenize: tokenize)
    }

    /// Sets the value of a field, as typed: masked (`4111 1111 ...`) or not.
    public mutating func setValue(_ value: String, forField fieldId: String) throws(PaymentRequestError) {
        guard let position = position(ofField: fieldId) else { throw .unknownField(fieldId) }
        valuesInDisplayOrder[position] = value
    }

    /// Sets the value of the field at `position` in ``fieldsInDisplayOrder`` (the form controller
    /// syncs a field per event, and knows where it is).
    mutating func setValue(_ value: String?, atDisplayPosition position: Int) {
        valuesInDisplayOrder[position] = value
    }

    /// Clears the value of a field.
    public mutating func removeValue(forField fieldId: String) {
        guard let position = position(ofField: fieldId) else { return }
        valuesInDisplayOrder[position] = nil
    }

    /// The value of a field as it was set, or `nil`. No list value is ever pre-selected.
    public func value(forField fieldId: String) -> String? {
        position(ofField: fieldId).flatMap { valuesInDisplayOrder[$0] }
    }

    /// The value of the field at `position` in ``fieldsInDisplayOrder`` as it was set, or `nil`.
    func value(atDisplayPosition position: Int) -> String? {
        valuesInDisplayOrder[position]
    }

    /// The value of a field formatted with its mask (as it is shown), or `nil` when unset.
    package func maskedValue(forField fieldId: String) -> String? {
        guard let position = position(ofField: fieldId), let value = valuesInDisplayOrder[position] else { return nil }
        return fieldsInDisplayOrder[position].format(value)
    }

    /// The value of a field without its mask's literals (as it is validated and sent).
    public func unmaskedValue(forField fieldId: String) -> String? {
        guard let position = position(ofField: fieldId), let value = valuesInDisplayOrder[position] else { return nil }
        return fieldsInDisplayOrder[position].unmask(value)
    }

    /// Where the field with id `fieldId` is in ``fieldsInDisplayOrder`` (decoding refuses repeated
    /// ids; should a definition built in code repeat one, the first in display order is the
    /// field), or `nil` when the item has no such field.
    private func position(ofField fieldId: String) -> Int? {
        fieldsInDisplayOrder.firstIndex { $0.id == fieldId }
    }

    /// Selects one of the product's accounts on file by id, or none with `nil`.
    public mutating func selectAccountOnFile(withId id: String?) throws(PaymentRequestError) {
        guard let id else {
            accountOnFile = nil
            return
        }
        guard let account = item.accountOnFile(withId: id) else { throw .unknownAccountOnFile(id) }
        accountOnFile = account
    }

    /// Validates every field of the product or group.
    ///
    /// Per field, in display order: with an account on file, a `READ_ONLY` attribute skips the
    /// field, a `CAN_WRITE` one keeps the stored value when nothing was entered, a `MUST_WRITE`
    /// one needs a value. The value is unmasked; an empty value is `required` when the field is
    /// required, else left alone; otherwise every validator runs and every failure is reported,
    /// then the field's type is checked: a `type: integer` field takes an integer literal (error
    /// `integer`), a `type: numericstring` field ASCII digits only (error `numericString`).
    ///
    /// Regular expressions that run on ICU share one budget for the whole request (see
    /// `docs/limits.md`): a definition full of catastrophic patterns costs one request's budget,
    /// about 100 ms, however many fields carry them; past it their values are refused.
    public func validate(in context: ValidationContext) -> ValidationReport {
        var budget = RegularExpressionBudget.perRequest
        return validate(in: context, budget: &budget)
    }

    /// Validates the values as a server receives them in a decrypted payload: each value exactly
    /// as it was set, with no mask applied.
    ///
    /// A client removes the mask's literals before it validates and sends (``validate(in:)``), so
    /// what reaches a server is unmasked already, and the server judges it as it is: a CVV `1a23`,
    /// a card number `4111 1111 1111 1111` or `4111x1111y1111z1111`, an expiry date `12/30` fail
    /// the product's rules here, where ``validate(in:)`` would first read them through the mask
    /// (as it must for what a customer types). Everything else is as in ``validate(in:)``: the
    /// account on file's attributes, `required`, every validator, the field's type, the values
    /// that pass in the report's order. This is the check a merchant's server that decrypts
    /// `encryptedCustomerInput` itself runs, and the one the sandbox runs on what it decrypts.
    ///
    /// ```swift
    /// // The values of a decrypted payload's paymentValues, by field id.
    /// func serverCheck(_ product: PaymentProduct, sent: [String: String]) throws -> ValidationReport {
    ///     var request = PaymentRequest(product: product)
    ///     for (fieldId, value) in sent {
    ///         try request.setValue(value, forField: fieldId)    // a field the product lacks throws
    ///     }
    ///     return request.validateAsSent(in: .current())        // "1a23" as a CVV: regularExpression
    /// }
    /// ```
    public func validateAsSent(in context: ValidationContext) -> ValidationReport {
        var budget = RegularExpressionBudget.perRequest
        return validate(in: context, asSent: true, budget: &budget)
    }

    /// ``validate(in:)`` drawing ICU's regular-expression work from `budget`.
    package func validate(in context: ValidationContext, budget: inout RegularExpressionBudget) -> ValidationReport {
        validate(in: context, asSent: false, budget: &budget)
    }

    /// ``validate(in:)``, or ``validateAsSent(in:)`` when `asSent` (no mask applied).
    private func validate(in context: ValidationContext, asSent: Bool, budget: inout RegularExpressionBudget) -> ValidationReport {
        var errors: [FieldError] = []
        var sent: [(fieldId: String, value: String)] = []
        let fields = fieldsInDisplayOrder
        sent.reserveCapacity(fields.count)
        // Only `boletoBancarioRequiredness` rules read the fiscal number: most products have none,
        // and then it is not looked up.
        let readsFiscalNumber = fields.indices.contains { fields[$0].dataRestrictions.validators.contains { $0.readsFiscalNumber } }
        let fiscalNumber = !readsFiscalNumber ? nil
            : asSent ? value(forField: Self.fiscalNumberFieldId) : unmaskedValue(forField: Self.fiscalNumberFieldId)
        // Fields are read by index: copying the whole field struct (which `for field in fields`
        // does) retains every one of its properties.
        for index in fields.indices {
            let input = validationInput(ofField: fields, at: index, fiscalNumber: fiscalNumber, value: valuesInDisplayOrder[index])
            if let value = Self.validateField(fields, at: index, input, of: item.id, in: context, asSent: asSent, budget: &budget,
                                              errors: &errors) {
                sent.append((fields[index].id, value))
            }
        }
        return ValidationReport(errors: errors, values: sent)
    }

    /// The field whose value `boletoBancarioRequiredness` rules read.
    static let fiscalNumberFieldId = "fiscalNumber"

    /// What one field's validation depends on besides its definition and "now": the value as
    /// set, whether the field is required (its definition, or a `boletoBancarioRequiredness`
    /// rule that applies now), and the selected account's status for it. Equal inputs give
    /// equal results, so the form controller validates again only the fields whose input changed.
    package struct FieldValidationInput: Hashable, Sendable {
        /// The value as set (masked or not), `nil` when none was.
        var value: String?
        /// Whether the definition makes the field required (before the account's status).
        var required: Bool
        /// The selected account on file's status for the field, if it has an attribute for it.
        var status: AccountOnFileAttribute.Status?
        /// Whether a server IIN lookup refuses the card number in this payment context
        /// (`allowedInContext`).
        var refusedByIIN = false
        /// Whether the card number's brand names none of the products the form takes
        /// (`cardNotAccepted`).
        var notAccepted = false
        /// Whether the card number names no product of the form yet (`cardUndecided`, when
        /// nothing else is wrong with it).
        var undecided = false
    }

    /// The input of the validation of `fields[index]` (the item's fields in display order), whose
    /// value as set is `value`.
    @inline(__always)
    package func validationInput(ofField fields: [PaymentProductField], at index: Int, fiscalNumber: String?,
                                 value: String?) -> FieldValidationInput {
        let fieldId = fields[index].id
        let restrictions = fields[index].dataRestrictions
        let required = restrictions.isRequired
            || restrictions.validators.contains { $0.makesFieldRequired(fiscalNumber: fiscalNumber) }
        let refusedByIIN = iinAnswers.refuses(fieldId: fieldId, value: value)
        var decision: AcceptedCardProducts.Decision?
        if !refusedByIIN, acceptedCards != nil, fieldId == Self.cardNumberFieldId { decision = cardDecision(forCardNumber: value) }
        var undecided = false
        if case .undecided? = decision { undecided = true }
        return FieldValidationInput(
            value: value, required: required, status: accountOnFile?.attribute(forField: fieldId)?.status,
            refusedByIIN: refusedByIIN, notAccepted: decision == .notAccepted, undecided: undecided)
    }

    /// Validates `fields[index]` (semantics of ``validate(in:)``): appends its failures to
    /// `errors` and returns the unmasked value it sends, or `nil` when it sends none (read-only,
    /// a kept stored value, empty). `asSent` judges the value as set, without unmasking it
    /// (``validateAsSent(in:)``). Each error names the product, `productId`, for its message.
    @inline(__always)
    package static func validateField(
        _ fields: [PaymentProductField], at index: Int, _ input: FieldValidationInput, of productId: String,
        in context: ValidationContext, asSent: Bool = false, budget: inout RegularExpressionBudget, errors: inout [FieldError]
    ) -> String? {
        let fieldId = fields[index].id
        func failure(_ error: ValidationError) -> FieldError {
            FieldError(fieldId: fieldId, error: error, productId: productId, messageFieldId: fields[index].messageFieldId)
        }
        var unmasked = ""
        if let value = input.value, !asSent {
            // From the parts it reads: a copy of the definition would retain each of its parts.
            unmasked = PaymentProductField.unmask(value, mask: fields[index].displayHints.mask, validators: fields[index].dataRestrictions.validators,
                                                  type: fields[index].type)
        } else if let value = input.value {
            unmasked = value
        }
        var required = input.required
        switch input.status {
        case .readOnly?, .other?:
            return nil
        case .canWrite?:
            if unmasked.isEmpty { return nil }
        case .mustWrite?:
            required = true
        case nil:
            break
        }
        if unmasked.isEmpty {
            if required { append(failure(.required), to: &errors) }
            return nil
        }
        // First: no more typing can fix a card the platform refuses here, so it is the message
        // to show as soon as the lookup answers.
        if input.refusedByIIN { append(failure(.allowedInContext), to: &errors) }
        // Likewise a card of a brand the form does not take.
        if input.notAccepted { append(failure(.cardNotAccepted), to: &errors) }
        let errorsBefore = errors.count
        for validator in fields[index].dataRestrictions.validators {
            if let error = validator.validate(unmasked, in: context, budget: &budget) {
                append(failure(error), to: &errors)
            }
        }
        // The field's type last (`integer`, `numericstring`), after every validator.
        if let error = fields[index].type.error(for: unmasked) {
            append(failure(error), to: &errors)
        }
        // A number valid by its own rules that names no product of the form yet: the product
        // is never guessed (an error only when nothing else is wrong with the number).
        if input.undecided, errors.count == errorsBefore { append(failure(.cardUndecided), to: &errors) }
        return unmasked
    }

    /// Appends `error`, making room for a few at the first: an invalid request usually has
    /// several, and growing the array one by one costs an allocation each time.
    private static func append(_ error: FieldError, to errors: inout [FieldError]) {
        if errors.isEmpty { errors.reserveCapacity(8) }
        errors.append(error)
    }

    /// As-you-type state of one field: `incomplete` while the value can still become valid,
    /// so a form can hold back red errors until it can no longer.
    ///
    /// The selected account on file counts: a field it makes read-only is `valid` (nothing is
    /// entered or sent for it), and so is an empty `CAN_WRITE` field (the stored value is kept);
    /// an empty `MUST_WRITE` field is `incomplete`, as a required one. A card number at its
    /// detected brand's longest length that still fails is `invalid`.
    ///
    /// - Throws: ``PaymentRequestError/unknownField(_:)`` when the product has no such field
    ///   (as ``setValue(_:forField:)`` does).
    public func inputState(ofField fieldId: String, in context: ValidationContext) throws(PaymentRequestError) -> InputState {
        guard let position = position(ofField: fieldId) else { throw .unknownField(fieldId) }
        let field = fieldsInDisplayOrder[position]
        let value = valuesInDisplayOrder[position] ?? ""
        var required = field.dataRestrictions.isRequired
        if let attribute = accountOnFile?.attribute(forField: fieldId) {
            switch attribute.status {
            case .readOnly, .other:
                return .valid
            case .canWrite:
                if field.unmask(value).isEmpty { return .valid }
            case .mustWrite:
                required = true
            }
        }
        // A card the platform refuses in this context, or of a brand the form does not take,
        // stays refused however it goes on.
        if !field.unmask(value).isEmpty, iinAnswers.refuses(fieldId: fieldId, value: value) { return .invalid }
        if fieldId == Self.cardNumberFieldId, acceptedCards != nil, !field.unmask(value).isEmpty,
           cardDecision(forCardNumber: value) == .notAccepted { return .invalid }
        // A card number cannot grow past its brand's longest length (Mastercard: 16 digits).
        let brandMaximum = fieldId == Self.cardNumberFieldId ? field.cardNumberLayout(for: brandDetection()).maximumLength : nil
        return field.inputState(of: value, in: context, required: required, maximumLength: brandMaximum)
    }

    /// The ids of the fields that have a value, sorted: what the redacted descriptions show.
    package var idsOfFieldsSet: [String] {
        fieldsInDisplayOrder.indices.filter { valuesInDisplayOrder[$0] != nil }.map { fieldsInDisplayOrder[$0].id }.sorted()
    }

    /// Redacted: names the product and which fields have values, never the values.
    public var description: String {
        let account = accountOnFile.map { ", accountOnFile: \($0.id)" } ?? ""
        let brand = selectedBrand.map { ", selectedBrand: \($0.id)" } ?? ""
        return "PaymentRequest(\(item.kind.rawValue): \(item.id)\(account)\(brand), fields set: \(idsOfFieldsSet))"
    }

}

extension PaymentProductField {
    /// The mask that formats, edits and unmasks the field's values: the definition's mask, unless
    /// it has no placeholder. Such a mask would unmask every value to `""` (Connect's rule) while
    /// editing treats it as plain text, so the field is taken as unmasked (and decoding reports it).
    package var effectiveMask: Mask? {
        Self.effectiveMask(displayHints.mask)
    }

    /// ``effectiveMask`` of a definition whose mask is `mask`.
    static func effectiveMask(_ mask: Mask?) -> Mask? {
        mask.flatMap { $0.hasPlaceholders ? $0 : nil }
    }

    /// `value` as a request validates and sends it: without the mask's literals, and never
    /// shorter than what was typed.
    ///
    /// Characters beyond the mask's capacity are kept, as typed, after the characters the mask
    /// holds (``Mask/unformatKeepingOverflow(_:)``), so the field's validators judge them: a
    /// 16-digit number on the 15-digit American Express mask fails `length`, `12/300` on
    /// `{{99}}/{{99}}` is `12300` and fails `expirationDate`. An expiry date on a two-digit-year
    /// mask is read by ``ExpiryDateReading`` first (`12/2030` and `1/30` are `MM/YY`), the one
    /// reading the form controller, `payform unmask` and the web form share. Unchanged when the
    /// field has no (effective) mask.
    ///
    /// ``Mask/unformat(_:)``, the masking operation, cuts at the capacity instead (the Connect
    /// SDKs' rule): use it to lay out text, never to decide what is sent.
    package func unmask(_ value: String) -> String {
        Self.unmask(value, mask: displayHints.mask, validators: dataRestrictions.validators, type: type)
    }

    /// ``unmask(_:)`` from the parts of a definition it reads (so a caller holding an array of
    /// definitions passes those, not a copy of the whole definition).
    static func unmask(_ value: String, mask: Mask?, validators: [Validator], type: FieldType) -> String {
        guard let mask = effectiveMask(mask) else { return value }
        if readsTwoDigitYearDates(mask: mask, validators: validators, type: type) { return ExpiryDateReading.unmask(value, mask: mask) }
        return mask.unformatKeepingOverflow(value)
    }

    /// `value` as shown: formatted with the mask, followed by whatever the mask cannot hold (so
    /// the display never hides a typed character); unchanged when the field has no (effective) mask.
    package func format(_ value: String) -> String {
        guard let mask = effectiveMask else { return value }
        let typed = readsTwoDigitYearDates ? ExpiryDateReading.twoDigitForm(of: value) ?? value : value
        return mask.format(mask.unformat(typed)) + mask.overflow(of: typed)
    }

    /// Whether the field holds expiry dates that begin with a two-digit month: an `expirydate`
    /// field or one with an `expirationDate` validator, whose mask begins with two digits
    /// (`{{99}}/{{99}}`, `{{99}}/{{9999}}`). Typing in it takes the expiry shortcuts (`2` → `02`).
    var readsExpiryDates: Bool {
        Self.readsExpiryDates(mask: effectiveMask, validators: dataRestrictions.validators, type: type)
    }

    /// ``readsExpiryDates`` of a definition with effective mask `mask`, `validators` and `type`.
    static func readsExpiryDates(mask: Mask?, validators: [Validator], type: FieldType) -> Bool {
        guard mask?.pattern.hasPrefix("{{99") == true else { return false }
        return type == .expiryDate || validators.contains { $0 == .expirationDate }
    }

    /// Whether values are read by ``ExpiryDateReading``: the field ``readsExpiryDates`` and its
    /// mask holds four digits, a two-digit month and a two-digit year (`{{99}}/{{99}}`).
    var readsTwoDigitYearDates: Bool {
        Self.readsTwoDigitYearDates(mask: effectiveMask, validators: dataRestrictions.validators, type: type)
    }

    /// ``readsTwoDigitYearDates`` of a definition with effective mask `mask`, `validators` and `type`.
    static func readsTwoDigitYearDates(mask: Mask?, validators: [Validator], type: FieldType) -> Bool {
        mask?.capacity == 4 && readsExpiryDates(mask: mask, validators: validators, type: type)
    }

    /// The most value characters the field can take: the tightest of its mask's capacity and its
    /// `length` validator's `maxLength`; `nil` when neither limits it.
    ///
    /// ```swift
    /// expiryDate.maximumValueLength   // 4: the mask {{99}}/{{99}}
    /// ```
    package var maximumValueLength: Int? {
        var maximum = effectiveMask?.capacity
        for case .length(_, let maxLength?) in dataRestrictions.validators {
            maximum = min(maximum ?? maxLength, maxLength)
        }
        return maximum
    }

    /// As-you-type state of `value` (masked or not): `invalid` when a validator can no longer
    /// pass, `incomplete` when one still can, else `valid`. Empty is `incomplete` when required.
    ///
    /// A value that already has ``maximumValueLength`` characters cannot grow, so one that still
    /// fails a validator is `invalid`, not `incomplete`: a fully typed `12/20` in 2026 is expired.
    /// The field's regular expressions that run on ICU share one budget, as a request's do (see
    /// ``PaymentRequest/validate(in:)``).
    package func inputState(of value: String, in context: ValidationContext) -> InputState {
        inputState(of: value, in: context, required: dataRestrictions.isRequired)
    }

    /// `inputState(of:in:)` with the field's requiredness decided by the caller (an account on
    /// file's `MUST_WRITE` makes an optional field required) and, for card numbers, the detected
    /// brand's longest length as a further limit.
    package func inputState(of value: String, in context: ValidationContext, required: Bool, maximumLength: Int? = nil) -> InputState {
        var budget = RegularExpressionBudget.perRequest
        return inputState(of: value, in: context, required: required, maximumLength: maximumLength, budget: &budget)
    }

    /// ``inputState(of:in:required:maximumLength:)`` drawing ICU's regular-expression work from
    /// `budget`.
    package func inputState(
        of value: String, in context: ValidationContext, required: Bool, maximumLength: Int?,
        budget: inout RegularExpressionBudget
    ) -> InputState {
        let unmasked = unmask(value)
        if unmasked.isEmpty { return required ? .incomplete : .valid }
        var state = type.inputState(of: unmasked)
        if state == .invalid { return .invalid }
        for validator in dataRestrictions.validators {
            switch validator.inputState(of: unmasked, in: context, budget: &budget) {
            case .invalid: return .invalid
            case .incomplete: state = .incomplete
            case .valid: break
            }
        }
        if state == .incomplete {
            var limit = maximumValueLength
            if let maximumLength { limit = min(limit ?? maximumLength, maximumLength) }
            if let limit, unmasked.count >= limit { return .invalid }
        }
        return state
    }
}
