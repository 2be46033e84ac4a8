import PaymentFormLocalization
import PaymentFormMasking

/// A payment form as a front end draws it: the product, the selected account on file, and the
/// fields in display order with localized texts.
///
/// ```swift
/// let form = PaymentForm(product: product, accountOnFile: nil, localizer: Localizer(languageTag: "fr"))
/// for field in form.fields { print(field.label, field.required) }
/// ```
public struct PaymentForm: Sendable, Hashable {
    /// The product's id and localized name.
    public var productId: String
    public var productLabel: String
    /// The selected account on file's id and label, if any.
    public var accountOnFile: (id: String, label: String)?
    public var fields: [FormField]

    /// The form for `product`, optionally with one of its accounts on file selected.
    public init(product: PaymentProduct, accountOnFile: AccountOnFile? = nil, localizer: Localizer) {
        productId = product.id
        productLabel = localizer.productName(productId: product.id, definitionLabel: product.displayHints.label)
        self.accountOnFile = accountOnFile.map { ($0.id, $0.label) }
        fields = product.fieldsInDisplayOrder.map { field in
            FormField(field: field, productId: product.id, attribute: accountOnFile?.attribute(forField: field.id), localizer: localizer)
        }
    }

    public static func == (lhs: PaymentForm, rhs: PaymentForm) -> Bool {
        lhs.productId == rhs.productId && lhs.productLabel == rhs.productLabel
            && lhs.accountOnFile?.id == rhs.accountOnFile?.id && lhs.accountOnFile?.label == rhs.accountOnFile?.label
            && lhs.fields == rhs.fields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(productId)
        hasher.combine(accountOnFile?.id)
        hasher.combine(fields)
    }
}

/// One field of a ``PaymentForm``.
public struct FormField: Sendable, Hashable {
    public var id: String
    /// The Client API field type (`numericstring`, `expirydate`, ...).
    public var type: String
    public var inputType: FormInputType
    public var label: String
    public var placeholder: String?
    public var tooltip: String?
    /// The mask pattern, if any.
    public var mask: String?
    /// Whether the value is hidden on screen.
    public var obfuscate: Bool
    /// Whether the customer must fill it in (a `MUST_WRITE` attribute makes it required).
    public var required: Bool
    /// Whether the value comes from the account on file and cannot be changed.
    public var readOnly: Bool
    /// The prefilled value from the account on file (stored values are already partly hidden).
    public var value: String?
    /// A link the label refers to (`{link}` in terms-and-conditions labels).
    public var link: String?
    /// The options of a list field, in order.
    public var options: [FormOption]

    /// The form field for `field`, with the account on file's attribute for it, if any.
    public init(field: PaymentProductField, productId: String, attribute: AccountOnFileAttribute?, localizer: Localizer) {
        id = field.id
        type = field.type.name
        inputType = FormInputType(field: field)
        let hints = field.displayHints
        label = localizer.fieldText(.label, productId: productId, fieldId: field.id, definitionText: hints.label) ?? field.id
        placeholder = localizer.fieldText(.placeholder, productId: productId, fieldId: field.id, definitionText: hints.placeholderLabel)
        tooltip = localizer.fieldText(.tooltipText, productId: productId, fieldId: field.id, definitionText: hints.tooltip?.label)
        mask = hints.mask?.pattern
        obfuscate = hints.obfuscate
        link = hints.link
        options = hints.formElement.valueMapping.map { FormOption(value: $0.value, label: $0.label) }
        required = field.dataRestrictions.isRequired
        readOnly = false
        value = nil
        guard let attribute else { return }
        let stored = attribute.value.map { stored in hints.mask.map { $0.relaxed.format(stored).trimmingWhitespace() } ?? stored }
        switch attribute.status {
        case .readOnly, .other:
            readOnly = true
            required = false
            value = stored
        case .canWrite:
            value = stored
            required = false
        case .mustWrite:
            required = true
        }
    }
}

/// An option of a list field.
public struct FormOption: Sendable, Hashable, Codable {
    /// The value sent when the option is chosen.
    public var value: String
    /// The text shown.
    public var label: String

    /// An option.
    public init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}
