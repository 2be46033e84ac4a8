package import PaymentFormJSON
import PaymentFormMasking

/// How to show a field: order, texts, mask, obfuscation, input type, control and help.
package struct FieldDisplayHints: ClientAPIModel, JSONModel, Hashable {
    /// Position among the product's fields (lower first); fields without one go last.
    package var displayOrder: Int?
    /// The field's label as the definition gives it.
    package var label: String?
    /// The placeholder as the definition gives it (`**** **** **** ****`).
    package var placeholderLabel: String?
    /// The input mask (`{{9999}} {{9999}} ...`), parsed once.
    package var mask: Mask?
    /// Whether the value is secret on screen (a CVV).
    package var obfuscate: Bool
    /// Whether to show the field even when a front end would collapse optional fields.
    package var alwaysShow: Bool
    /// The keyboard the field prefers.
    package var preferredInputType: PreferredInputType?
    /// Help for the field: a text and an image.
    package var tooltip: Tooltip?
    /// How the field is drawn: text, list, date, check box, amount.
    package var formElement: FormElement
    /// A link (terms and conditions) the label refers to.
    package var link: String?

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
        label = try object.string("label")
        placeholderLabel = try object.string("placeholderLabel")
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
        link = try object.string("link")
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
