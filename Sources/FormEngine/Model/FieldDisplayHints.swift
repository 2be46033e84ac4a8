package import PaymentFormJSON
import PaymentFormMasking

/// How to show a field: order, texts, mask, obfuscation, keyboard, control and help
/// (`displayHints` in the definition).
///
/// A screen that draws its own controls picks the keyboard from ``preferredInputType`` and the
/// control from ``formElement``:
///
/// ```swift
/// let hints = cardNumberField.displayHints
/// let secure = hints.obfuscate                              // a CVV: hide what is typed
/// let picker = hints.formElement.type == .list              // else a text field
/// let digits = hints.preferredInputType == .integer         // a number pad
/// let help = hints.tooltip?.image                           // where to find the value
/// ```
///
/// ``label``, ``placeholderLabel`` and ``Tooltip/label`` are the definition's own texts; the
/// localized texts a screen shows (with the shipped tables' product-specific entries first) are
/// the form controller's (``FormField``).
public struct FieldDisplayHints: ClientAPIModel, JSONModel, Hashable {
    /// Position among the product's fields (lower first); fields without one go last
    /// (``PaymentItem/fieldsInDisplayOrder``).
    public var displayOrder: Int?
    /// The field's label as the definition gives it.
    public var label: String?
    /// The placeholder as the definition gives it (`**** **** **** ****`).
    public var placeholderLabel: String?
    /// The input mask (`{{9999}} {{9999}} ...`), parsed once (the same as ``PaymentProductField/mask``).
    public var mask: Mask?
    /// Whether the value is secret on screen (a CVV).
    public var obfuscate: Bool
    /// Whether to show the field even when a front end would collapse optional fields.
    public var alwaysShow: Bool
    /// The keyboard the field prefers; `nil` when the definition names none.
    public var preferredInputType: PreferredInputType?
    /// Help for the field: a text and an image.
    public var tooltip: Tooltip?
    /// How the field is drawn: text, list (with its options), date, check box, amount.
    public var formElement: FormElement
    /// A link (terms and conditions) the label refers to (`{link}` in the label).
    public var link: String?

    /// Display hints.
    package init(
        displayOrder: Int? = nil, label: String? = nil, placeholderLabel: String? = nil, mask: Mask? = nil,
        obfuscate: Bool = false, alwaysShow: Bool = false, preferredInputType: PreferredInputType? = nil,
        tooltip: Tooltip? = nil, formElement: FormElement = FormElement(type: .text), link: String? = nil
    ) {
        self.displayOrder = displayOrder
        self.label = label
        self.placeholderLabel = placeholderLabel
        self.mask = mask
        self.obfuscate = obfuscate
        self.alwaysShow = alwaysShow
        self.preferredInputType = preferredInputType
        self.tooltip = tooltip
        self.formElement = formElement
        self.link = link
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        displayOrder = try object.int("displayOrder")
        label = try object.fieldText("label")
        placeholderLabel = try object.fieldText("placeholderLabel")
        // An empty mask means "no mask", as in the existing SDKs.
        mask = try object.string("mask").flatMap { $0.isEmpty ? nil : Mask($0) }
        if let mask, !mask.hasPlaceholders {
            diagnostics.append(DefinitionDiagnostic(path: path.appending("mask"), kind: .maskWithoutPlaceholders(pattern: mask.pattern)))
        }
        obfuscate = try object.bool("obfuscate") ?? false
        alwaysShow = try object.bool("alwaysShow") ?? false
        preferredInputType = try object.optional("preferredInputType").map { node throws(DefinitionError) in
            try PreferredInputType.decode(node, diagnostics: &diagnostics)
        }
        tooltip = try object.optional("tooltip").map { node throws(DefinitionError) in
            try Tooltip(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
        let element = try object.required("formElement")
        formElement = try FormElement(json: element.value, at: element.path, diagnostics: &diagnostics)
        link = try object.fieldText("link")
    }

    package var json: JSONValue {
        jsonObject([
            ("displayOrder", .from(displayOrder)),
            ("label", .from(label)),
            ("placeholderLabel", .from(placeholderLabel)),
            ("mask", .from(mask?.pattern)),
            ("obfuscate", .flag(obfuscate)),
            ("alwaysShow", .flag(alwaysShow)),
            ("preferredInputType", .from(preferredInputType?.name)),
            ("tooltip", tooltip?.json),
            ("formElement", formElement.json),
            ("link", .from(link)),
        ])
    }
}
