import PaymentFormLocalization
import PaymentFormMasking

/// A payment form as a front end draws it: the product (or product group), the selected account
/// on file, and the fields in display order with localized texts.
///
/// It is `Codable`, so a server can send it to a client that draws it.
///
/// ```swift
/// let form = PaymentForm(product: product, localizer: Localizer(languageTag: "fr"))
/// for field in form.fields { print(field.label, field.required) }
/// ```
public struct PaymentForm: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The id of the product or group (`1`, `cards`).
    public var productId: String
    /// Whether ``productId`` names a product or a product group.
    public var kind: PaymentItemKind
    /// The product's or group's localized name.
    public var productLabel: String
    /// The selected account on file, if any.
    public var accountOnFile: SelectedAccountOnFile?
    /// The fields in display order.
    public var fields: [FormField]

    /// The account on file a form was drawn for: its id and its label (masked card number,
    /// alias, ...).
    public struct SelectedAccountOnFile: Sendable, Hashable, Codable {
        /// The account's id.
        public var id: String
        /// The label shown for it, built from its label template.
        public var label: String

        /// A selected account.
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    /// The form for a product or group, optionally with one of its accounts on file selected.
    public init(item: some PaymentItem, accountOnFile: AccountOnFile? = nil, localizer: Localizer) {
        productId = item.id
        kind = type(of: item).kind
        productLabel = switch kind {
        case .product: localizer.productName(productId: item.id, definitionLabel: item.displayHints.label)
        case .group: localizer.productGroupName(groupId: item.id, definitionLabel: item.displayHints.label)
        }
        self.accountOnFile = accountOnFile.map { SelectedAccountOnFile(id: $0.id, label: $0.label) }
        fields = item.fieldsInDisplayOrder.map { field in
            FormField(field: field, productId: item.id, attribute: accountOnFile?.attribute(forField: field.id), localizer: localizer)
        }
    }

    /// The form for `product`, optionally with one of its accounts on file selected.
    public init(product: PaymentProduct, accountOnFile: AccountOnFile? = nil, localizer: Localizer) {
        self.init(item: product, accountOnFile: accountOnFile, localizer: localizer)
    }

    /// Names the product, the account and the fields; never the prefilled values (a stored
    /// account's values are partly hidden, but still the customer's data).
    public var description: String {
        let account = accountOnFile.map { ", accountOnFile: \($0.id)" } ?? ""
        return "PaymentForm(\(kind.rawValue): \(productId)\(account), fields: \(fields.map(\.id)))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Redacted for `dump` and debuggers: the fields without their values.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "productId": productId, "kind": kind, "productLabel": productLabel,
            "accountOnFile": accountOnFile?.id as Any, "fields": fields,
        ], displayStyle: .struct)
    }
}

/// One field of a ``PaymentForm``.
public struct FormField: Sendable, Hashable, Codable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The field's id (`cardNumber`).
    public var id: String
    /// The Client API field type (`numericstring`, `expirydate`, ...).
    public var type: String
    /// The kind of input to draw.
    public var inputType: FormInputType
    /// The localized label.
    public var label: String
    /// The localized placeholder, if any.
    public var placeholder: String?
    /// The localized tooltip text, if any.
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

extension FormField {
    /// Names the field and its flags; a prefilled value shows as `prefilled`, never itself.
    public var description: String {
        var flags = [inputType.rawValue]
        if required { flags.append("required") }
        if readOnly { flags.append("read-only") }
        if value != nil { flags.append("prefilled") }
        return "FormField(\(id): \(flags.joined(separator: ", ")))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Redacted for `dump` and debuggers: everything but the prefilled value.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "type": type, "inputType": inputType, "label": label, "placeholder": placeholder as Any,
            "tooltip": tooltip as Any, "mask": mask as Any, "obfuscate": obfuscate, "required": required,
            "readOnly": readOnly, "prefilled": value != nil, "link": link as Any, "options": options,
        ], displayStyle: .struct)
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
