import PaymentFormCore

// A form is Codable so a server can send it to a client that draws it; the shapes are the
// synthesized ones the types had (property names as keys, absent optionals left out).

extension PaymentForm: Codable {
    private enum CodingKeys: String, CodingKey {
        case productId, kind, productLabel, logo, accountOnFile, fields
    }

    /// Decodes `{"productId", "kind", "productLabel", "logo"?, "accountOnFile"?, "fields"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            productId: try container.decode(String.self, forKey: .productId), kind: try container.decode(PaymentItemKind.self, forKey: .kind),
            productLabel: try container.decode(String.self, forKey: .productLabel), logo: try container.decodeIfPresent(String.self, forKey: .logo),
            accountOnFile: try container.decodeIfPresent(SelectedAccountOnFile.self, forKey: .accountOnFile),
            fields: try container.decode([FormField].self, forKey: .fields))
    }

    /// Encodes `{"productId", "kind", "productLabel", "logo"?, "accountOnFile"?, "fields"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(productId, forKey: .productId)
        try container.encode(kind, forKey: .kind)
        try container.encode(productLabel, forKey: .productLabel)
        try container.encodeIfPresent(logo, forKey: .logo)
        try container.encodeIfPresent(accountOnFile, forKey: .accountOnFile)
        try container.encode(fields, forKey: .fields)
    }
}

extension PaymentForm.SelectedAccountOnFile: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, label, logo
    }

    /// Decodes `{"id", "label", "logo"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id), label: try container.decode(String.self, forKey: .label),
                  logo: try container.decodeIfPresent(String.self, forKey: .logo))
    }

    /// Encodes `{"id", "label", "logo"?}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(label, forKey: .label)
        try container.encodeIfPresent(logo, forKey: .logo)
    }
}

extension FormOption: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, label
    }

    /// Decodes `{"value", "label"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(value: try container.decode(String.self, forKey: .value), label: try container.decode(String.self, forKey: .label))
    }

    /// Encodes `{"value", "label"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode(label, forKey: .label)
    }
}

extension FormField: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, type, inputType, label, placeholder, tooltip, tooltipImage, mask, maxLength, obfuscate, required, readOnly, value
        case mustWriteReason, link, linkText, linkTextRange, options
    }

    /// Decodes the field from what ``encode(to:)`` writes; throws `DecodingError` for a field no
    /// form can draw: a negative `maxLength`, a `linkTextRange` outside the label, a read-only
    /// field marked required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let parts = Parts(
            id: try container.decode(String.self, forKey: .id), type: try container.decode(String.self, forKey: .type),
            inputType: try container.decode(FormInputType.self, forKey: .inputType), label: try container.decode(String.self, forKey: .label),
            placeholder: try container.decodeIfPresent(String.self, forKey: .placeholder),
            tooltip: try container.decodeIfPresent(String.self, forKey: .tooltip),
            tooltipImage: try container.decodeIfPresent(String.self, forKey: .tooltipImage),
            mask: try container.decodeIfPresent(String.self, forKey: .mask), maxLength: try container.decodeIfPresent(Int.self, forKey: .maxLength),
            obfuscate: try container.decode(Bool.self, forKey: .obfuscate), required: try container.decode(Bool.self, forKey: .required),
            readOnly: try container.decode(Bool.self, forKey: .readOnly), value: try container.decodeIfPresent(String.self, forKey: .value),
            mustWriteReason: try container.decodeIfPresent(String.self, forKey: .mustWriteReason),
            link: try container.decodeIfPresent(String.self, forKey: .link), linkText: try container.decodeIfPresent(String.self, forKey: .linkText),
            linkTextRange: try container.decodeIfPresent(Range<Int>.self, forKey: .linkTextRange),
            options: try container.decode([FormOption].self, forKey: .options))
        func refuse(_ reason: String) -> DecodingError {
            DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: reason))
        }
        if let maxLength = parts.maxLength, maxLength < 0 { throw refuse("maxLength is not negative") }
        if let range = parts.linkTextRange, range.lowerBound < 0 || range.upperBound > parts.label.utf16.count {
            throw refuse("linkTextRange lies inside the label")
        }
        if parts.readOnly && parts.required { throw refuse("a read-only field is not required") }
        self.init(parts: parts)
    }

    /// Encodes the field as an object of its properties (`id`, `inputType`, `label`, ...; an
    /// absent optional is left out).
    public func encode(to encoder: any Encoder) throws {
        let parts = parts
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(parts.id, forKey: .id)
        try container.encode(parts.type, forKey: .type)
        try container.encode(parts.inputType, forKey: .inputType)
        try container.encode(parts.label, forKey: .label)
        try container.encodeIfPresent(parts.placeholder, forKey: .placeholder)
        try container.encodeIfPresent(parts.tooltip, forKey: .tooltip)
        try container.encodeIfPresent(parts.tooltipImage, forKey: .tooltipImage)
        try container.encodeIfPresent(parts.mask, forKey: .mask)
        try container.encodeIfPresent(parts.maxLength, forKey: .maxLength)
        try container.encode(parts.obfuscate, forKey: .obfuscate)
        try container.encode(parts.required, forKey: .required)
        try container.encode(parts.readOnly, forKey: .readOnly)
        try container.encodeIfPresent(parts.value, forKey: .value)
        try container.encodeIfPresent(parts.mustWriteReason, forKey: .mustWriteReason)
        try container.encodeIfPresent(parts.link, forKey: .link)
        try container.encodeIfPresent(parts.linkText, forKey: .linkText)
        try container.encodeIfPresent(parts.linkTextRange, forKey: .linkTextRange)
        try container.encode(parts.options, forKey: .options)
    }
}
