import PaymentFormLocalization
import PaymentFormMasking

/// A payment form as a front end draws it: the product (or product group), the selected account
/// on file, and the fields in display order with localized texts.
///
/// The form controller draws it (``PaymentFormController/form``) and redraws it when the product
/// or account on file changes. It is `Codable`, so a server can send it to a client that draws it.
///
/// ```swift
/// let controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "fr"), context: .current())
/// for field in controller.form.fields { print(field.label, field.required) }
/// ```
public struct PaymentForm: Sendable, Hashable, CustomStringConvertible {
    /// The id of the product or group (`1`, `cards`).
    public var productId: String
    /// Whether ``productId`` names a product or a product group.
    public var kind: PaymentItemKind
    /// The product's or group's localized name.
    public var productLabel: String
    /// The product's or group's logo: a URL when the form was made with an asset base URL,
    /// else the path the definition gives (relative to the platform's asset base).
    public var logo: String?
    /// The selected account on file, if any.
    public var accountOnFile: SelectedAccountOnFile?
    /// The fields in display order.
    public var fields: [FormField]

    /// The account on file a form was drawn for: its id and its label (masked card number,
    /// alias, ...).
    public struct SelectedAccountOnFile: Sendable, Hashable {
        /// The account's id.
        public var id: String
        /// The label shown for it, built from its label template.
        public var label: String
        /// The account's logo (resolved like ``PaymentForm/logo``), if any.
        public var logo: String?

        /// A selected account.
        package init(id: String, label: String, logo: String? = nil) {
            self.id = id
            self.label = label
            self.logo = logo
        }
    }

    /// The form for a product or group, optionally with one of its accounts on file selected.
    ///
    /// With `assetBaseURL`, the platform's asset base URL (the client session's `assetUrl`),
    /// logos and tooltip images, which definitions give as relative paths, become URLs under it;
    /// without it they stay as the definition gives them.
    package init(item: some PaymentItem, accountOnFile: AccountOnFile? = nil, localizer: Localizer, assetBaseURL: String? = nil) {
        productId = item.id
        kind = item.kind
        productLabel = switch kind {
        case .product: localizer.productName(productId: item.id, definitionLabel: item.displayHints.label)
        case .group: localizer.productGroupName(groupId: item.id, definitionLabel: item.displayHints.label)
        }
        logo = item.displayHints.logo.map { AssetURL.resolve($0, base: assetBaseURL) }
        self.accountOnFile = accountOnFile.map { account in
            SelectedAccountOnFile(id: account.id, label: account.label, logo: account.logo.map { AssetURL.resolve($0, base: assetBaseURL) })
        }
        fields = item.fieldsInDisplayOrder.map { field in
            FormField(field: field, productId: item.id, attribute: accountOnFile?.attribute(forField: field.id),
                      localizer: localizer, assetBaseURL: assetBaseURL)
        }
    }

    /// A form from its values (a decoder's).
    package init(productId: String, kind: PaymentItemKind, productLabel: String, logo: String?, accountOnFile: SelectedAccountOnFile?,
                 fields: [FormField]) {
        self.productId = productId
        self.kind = kind
        self.productLabel = productLabel
        self.logo = logo
        self.accountOnFile = accountOnFile
        self.fields = fields
    }

    /// The form for `product`, optionally with one of its accounts on file selected.
    package init(product: PaymentProduct, accountOnFile: AccountOnFile? = nil, localizer: Localizer, assetBaseURL: String? = nil) {
        self.init(item: product, accountOnFile: accountOnFile, localizer: localizer, assetBaseURL: assetBaseURL)
    }

    /// Names the product, the account and the fields; never the prefilled values (a stored
    /// account's values are partly hidden, but still the customer's data).
    public var description: String {
        let account = accountOnFile.map { ", accountOnFile: \($0.id)" } ?? ""
        return "PaymentForm(\(kind.rawValue): \(productId)\(account), fields: \(fields.map { $0.id }))"
    }

}

/// One field of a ``PaymentForm``.
public struct FormField: Sendable, Hashable, CustomStringConvertible {
    /// Every part of the field behind one reference. A field's state carries its field and is
    /// copied into each update a screen gets, on every keystroke: one retain instead of one per
    /// string and list. A change replaces the parts (fields change when a form is built, not
    /// as the customer types).
    private var storage: Storage

    /// The field's id (`cardNumber`).
    public var id: String {
        get { storage.parts.id }
        set { update { $0.id = newValue } }
    }
    /// The Client API field type (`numericstring`, `expirydate`, ...).
    package var type: String {
        get { storage.parts.type }
        set { update { $0.type = newValue } }
    }
    /// The kind of input to draw.
    public var inputType: FormInputType {
        get { storage.parts.inputType }
        set { update { $0.inputType = newValue } }
    }
    /// The localized label, with a terms-and-conditions `{link}` replaced by ``linkText``
    /// ("I accept the SEPA Direct Debit mandate terms").
    public var label: String {
        get { storage.parts.label }
        set { update { $0.label = newValue } }
    }
    /// The localized placeholder, if any.
    public var placeholder: String? {
        get { storage.parts.placeholder }
        set { update { $0.placeholder = newValue } }
    }
    /// The localized tooltip text, if any.
    public var tooltip: String? {
        get { storage.parts.tooltip }
        set { update { $0.tooltip = newValue } }
    }
    /// The tooltip's image (where to find the value on a card), resolved like
    /// ``PaymentForm/logo``, if any.
    public var tooltipImage: String? {
        get { storage.parts.tooltipImage }
        set { update { $0.tooltipImage = newValue } }
    }
    /// The mask pattern, if any.
    public var mask: String? {
        get { storage.parts.mask }
        set { update { $0.mask = newValue } }
    }
    /// The longest text the input takes, in UTF-16 code units: the mask's `formattedCapacity` (23
    /// for a 19-digit card number grouped by four), else the `length` validator's maximum; `nil`
    /// when nothing limits it. A size for the input, not a cut: a longer value is kept and is a
    /// `length` error, so do not make the input drop what is typed past it (an HTML `maxlength`).
    public var maxLength: Int? {
        get { storage.parts.maxLength }
        set { update { $0.maxLength = newValue } }
    }
    /// Whether the value is hidden on screen.
    public var obfuscate: Bool {
        get { storage.parts.obfuscate }
        set { update { $0.obfuscate = newValue } }
    }
    /// Whether the customer must fill it in (a `MUST_WRITE` attribute makes it required).
    public var required: Bool {
        get { storage.parts.required }
        set { update { $0.required = newValue } }
    }
    /// Whether the value comes from the account on file and cannot be changed.
    public var readOnly: Bool {
        get { storage.parts.readOnly }
        set { update { $0.readOnly = newValue } }
    }
    /// The prefilled value from the account on file (stored values are already partly hidden).
    public var value: String? {
        get { storage.parts.value }
        set { update { $0.value = newValue } }
    }
    /// Why the account on file needs the value entered again (`MUST_WRITE`), as the platform
    /// says it (`EXPIRED`, `IN_THE_PAST`, ...), if it says.
    public var mustWriteReason: String? {
        get { storage.parts.mustWriteReason }
        set { update { $0.mustWriteReason = newValue } }
    }
    /// A link the label refers to (`{link}` in terms-and-conditions labels): its URL, when it is
    /// an absolute `http` or `https` URL; a definition's `javascript:`, `data:`, relative or
    /// scheme-relative link is never one here (the field's `displayHints.link` keeps what was sent).
    public var link: String? {
        get { storage.parts.link }
        set { update { $0.link = newValue } }
    }
    /// The text that stands for `{link}` in ``label``: the localized link text, else the URL;
    /// `nil` when the label has no `{link}`.
    public var linkText: String? {
        get { storage.parts.linkText }
        set { update { $0.linkText = newValue } }
    }
    /// Where ``linkText`` sits in ``label``, in UTF-16 offsets, so a front end can make it
    /// tappable (UIKit: `NSRange(range)` with `.link`); `nil` when the label has no link.
    public var linkTextRange: Range<Int>? {
        get { storage.parts.linkTextRange }
        set { update { $0.linkTextRange = newValue } }
    }
    /// The options of a list field, in order.
    public var options: [FormOption] {
        get { storage.parts.options }
        set { update { $0.options = newValue } }
    }

    /// The form field for `field`, with the account on file's attribute for it, if any; a tooltip
    /// image is resolved against `assetBaseURL` as the form's logo is.
    package init(field: PaymentProductField, productId: String, attribute: AccountOnFileAttribute?, localizer: Localizer,
                assetBaseURL: String? = nil) {
        storage = Storage(Parts(field: field, productId: productId, attribute: attribute, localizer: localizer,
                                assetBaseURL: assetBaseURL))
    }

    /// A field from its parts (a decoder's).
    package init(parts: Parts) {
        storage = Storage(parts)
    }

    /// Every property, as one value.
    package var parts: Parts { storage.parts }

    /// Fields are equal when every property is.
    public static func == (lhs: FormField, rhs: FormField) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.parts == rhs.storage.parts
    }

    /// Hashes every property.
    public func hash(into hasher: inout Hasher) {
        storage.parts.hash(into: &hasher)
    }

    /// Applies `change` to a copy of the parts, which become the field's.
    private mutating func update(_ change: (inout Parts) -> Void) {
        var parts = storage.parts
        change(&parts)
        storage = Storage(parts)
    }
}

extension FormField {
    /// The field's properties, as one value.
    package struct Parts: Sendable, Hashable {
        package var id: String
        package var type: String
        package var inputType: FormInputType
        package var label: String
        package var placeholder: String?
        package var tooltip: String?
        package var tooltipImage: String?
        package var mask: String?
        package var maxLength: Int?
        package var obfuscate: Bool
        package var required: Bool
        package var readOnly: Bool
        package var value: String?
        package var mustWriteReason: String?
        package var link: String?
        package var linkText: String?
        package var linkTextRange: Range<Int>?
        package var options: [FormOption]

        /// Parts from their values (a decoder's).
        package init(
            id: String, type: String, inputType: FormInputType, label: String, placeholder: String? = nil, tooltip: String? = nil,
            tooltipImage: String? = nil, mask: String? = nil, maxLength: Int? = nil, obfuscate: Bool, required: Bool, readOnly: Bool,
            value: String? = nil, mustWriteReason: String? = nil, link: String? = nil, linkText: String? = nil,
            linkTextRange: Range<Int>? = nil, options: [FormOption]
        ) {
            self.id = id
            self.type = type
            self.inputType = inputType
            self.label = label
            self.placeholder = placeholder
            self.tooltip = tooltip
            self.tooltipImage = tooltipImage
            self.mask = mask
            self.maxLength = maxLength
            self.obfuscate = obfuscate
            self.required = required
            self.readOnly = readOnly
            self.value = value
            self.mustWriteReason = mustWriteReason
            self.link = link
            self.linkText = linkText
            self.linkTextRange = linkTextRange
            self.options = options
        }
    }

    /// The parts, immutable, shared by every copy of the field.
    private final class Storage: Sendable {
        let parts: Parts

        init(_ parts: Parts) {
            self.parts = parts
        }
    }
}

extension FormField.Parts {
    /// The parts of the form field for `field` (see ``FormField/init(field:productId:attribute:localizer:assetBaseURL:)``).
    init(field: PaymentProductField, productId: String, attribute: AccountOnFileAttribute?, localizer: Localizer,
         assetBaseURL: String?) {
        let hints = field.displayHints
        let template = localizer.fieldText(.label, productId: productId, fieldId: field.id, definitionText: hints.label) ?? field.id
        id = field.id
        type = field.type.name
        inputType = FormInputType(field: field)
        label = template
        maxLength = field.effectiveMask.map { $0.formattedCapacity } ?? field.maximumValueLength
        obfuscate = hints.obfuscate
        required = field.dataRestrictions.isRequired
        readOnly = false
        options = hints.formElement.valueMapping.map { FormOption(value: $0.value, label: $0.label) }
        placeholder = localizer.fieldText(.placeholder, productId: productId, fieldId: field.id, definitionText: hints.placeholderLabel)
        tooltip = localizer.fieldText(.tooltipText, productId: productId, fieldId: field.id, definitionText: hints.tooltip?.label)
        tooltipImage = hints.tooltip?.image.map { AssetURL.resolve($0, base: assetBaseURL) }
        mask = hints.mask?.pattern
        link = hints.link.flatMap(WebLink.checked)
        if let start = template.utf16Offset(of: "{link}"),
           let text = localizer.fieldLinkText(productId: productId, fieldId: field.id) ?? hints.link {
            label = localizer.fill(template, with: ["link": text])
            linkText = text
            linkTextRange = start..<(start + text.utf16.count)
        }
        guard let attribute else { return }
        let stored = attribute.value.map { stored in (hints.mask.map { $0.relaxed.format(stored) } ?? stored).trimmingWhitespace() }
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
            mustWriteReason = attribute.mustWriteReason
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

}

/// An option of a list field.
public struct FormOption: Sendable, Hashable {
    /// The value sent when the option is chosen.
    public var value: String
    /// The text shown.
    public var label: String

    /// An option.
    package init(value: String, label: String) {
        self.value = value
        self.label = label
    }
}
