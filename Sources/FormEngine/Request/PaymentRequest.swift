import PaymentFormBrands
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
public struct PaymentRequest: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The product or group being paid with.
    public let item: any PaymentItem
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
    /// Values as typed (masked or not), by field id.
    private var values: [String: String] = [:]

    /// A request for a product or group, with nothing entered and no account on file.
    public init(item: some PaymentItem, tokenize: Bool = false) {
        self.item = item
        self.tokenize = tokenize
    }

    /// A request for `product`, with nothing entered and no account on file.
    public init(product: PaymentProduct, tokenize: Bool = false) {
        self.init(item: product, tokenize: tokenize)
    }

    /// Sets the value of a field, as typed: masked (`4111 1111 ...`) or not.
    public mutating func setValue(_ value: String, forField fieldId: String) throws(PaymentRequestError) {
        guard item.field(withId: fieldId) != nil else { throw .unknownField(fieldId) }
        values[fieldId] = value
    }

    /// Clears the value of a field.
    public mutating func removeValue(forField fieldId: String) {
        values[fieldId] = nil
    }

    /// The value of a field as it was set, or `nil`. No list value is ever pre-selected.
    public func value(forField fieldId: String) -> String? {
        values[fieldId]
    }

    /// The value of a field formatted with its mask (as it is shown), or `nil` when unset.
    public func maskedValue(forField fieldId: String) -> String? {
        guard let value = values[fieldId], let field = item.field(withId: fieldId) else { return nil }
        return field.format(value)
    }

    /// The value of a field without its mask's literals (as it is validated and sent).
    public func unmaskedValue(forField fieldId: String) -> String? {
        guard let value = values[fieldId], let field = item.field(withId: fieldId) else { return nil }
        return field.unmask(value)
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
    /// required, else left alone; otherwise every validator runs and every failure is reported.
    public func validate(in context: ValidationContext) -> ValidationReport {
        var errors: [FieldError] = []
        var sent: [(fieldId: String, value: String)] = []
        let fiscalNumber = unmaskedValue(forField: "fiscalNumber")
        for field in item.fieldsInDisplayOrder {
            let unmasked = values[field.id].map { field.unmask($0) } ?? ""
            var required = field.dataRestrictions.isRequired
                || field.dataRestrictions.validators.contains { $0.makesFieldRequired(fiscalNumber: fiscalNumber) }
            if let attribute = accountOnFile?.attribute(forField: field.id) {
                switch attribute.status {
                case .readOnly, .other:
                    continue
                case .canWrite:
                    if unmasked.isEmpty { continue }
                case .mustWrite:
                    required = true
                }
            }
            if unmasked.isEmpty {
                if required { errors.append(FieldError(fieldId: field.id, error: .required)) }
                continue
            }
            for validator in field.dataRestrictions.validators {
                if let failure = validator.validate(unmasked, in: context) {
                    errors.append(FieldError(fieldId: field.id, error: failure))
                }
            }
            sent.append((field.id, unmasked))
        }
        return ValidationReport(errors: errors, values: sent)
    }

    /// As-you-type state of one field: `incomplete` while the value can still become valid,
    /// so a form can hold back red errors until it can no longer.
    public func inputState(ofField fieldId: String, in context: ValidationContext) -> InputState {
        guard let field = item.field(withId: fieldId) else { return .invalid }
        return field.inputState(of: values[fieldId] ?? "", in: context)
    }

    /// Redacted: names the product and which fields have values, never the values.
    public var description: String {
        let account = accountOnFile.map { ", accountOnFile: \($0.id)" } ?? ""
        let brand = selectedBrand.map { ", selectedBrand: \($0.id)" } ?? ""
        return "PaymentRequest(\(type(of: item).kind.rawValue): \(item.id)\(account)\(brand), fields set: \(values.keys.sorted()))"
    }

    /// Redacted like ``description``.
    public var debugDescription: String { description }

    /// Redacted for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "item": item.id,
            "accountOnFile": accountOnFile?.id as Any,
            "tokenize": tokenize,
            "selectedBrand": selectedBrand?.id as Any,
            "fieldsSet": values.keys.sorted(),
        ], displayStyle: .struct)
    }
}

extension PaymentProductField {
    /// The mask that formats, edits and unmasks the field's values: the definition's mask, unless
    /// it has no placeholder. Such a mask would unmask every value to `""` (Connect's rule) while
    /// editing treats it as plain text, so the field is taken as unmasked (and decoding reports it).
    public var effectiveMask: Mask? {
        mask.flatMap { $0.hasPlaceholders ? $0 : nil }
    }

    /// `value` without the mask's literals; unchanged when the field has no (effective) mask.
    public func unmask(_ value: String) -> String {
        effectiveMask.map { $0.unformat(value) } ?? value
    }

    /// `value` as shown: formatted with the mask; unchanged when the field has no (effective) mask.
    public func format(_ value: String) -> String {
        effectiveMask.map { $0.format($0.unformat(value)) } ?? value
    }

    /// As-you-type state of `value` (masked or not): `invalid` when a validator can no longer
    /// pass, `incomplete` when one still can, else `valid`. Empty is `incomplete` when required.
    public func inputState(of value: String, in context: ValidationContext) -> InputState {
        let unmasked = unmask(value)
        if unmasked.isEmpty { return dataRestrictions.isRequired ? .incomplete : .valid }
        var state = InputState.valid
        for validator in dataRestrictions.validators {
            switch validator.inputState(of: unmasked, in: context) {
            case .invalid: return .invalid
            case .incomplete: state = .incomplete
            case .valid: break
            }
        }
        return state
    }
}
