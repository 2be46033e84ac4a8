import PaymentFormCore
import PaymentFormMasking
import PaymentFormValidation

// Codable conformances of the engine's value types, in the shapes the synthesized ones had
// (property names as keys, absent optionals left out). Codable needs runtime metadata Embedded
// Swift does not have, so they live here, beside the core, for native builds.

extension EditOutcome: Codable {}
extension InputState: Codable {}
extension PaymentItemKind: Codable {}
extension FormInputType: Codable {}

extension ValidationParameter: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, value
    }

    /// Decodes `{"name": "minLength", "value": 3}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), value: try container.decode(Int.self, forKey: .value))
    }

    /// Encodes `{"name": "minLength", "value": 3}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
    }
}

extension ValidationError: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, parameters
    }

    /// Decodes `{"id": "length", "parameters": [...]}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id), parameters: try container.decode([ValidationParameter].self, forKey: .parameters))
    }

    /// Encodes `{"id": "length", "parameters": [...]}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(parameters, forKey: .parameters)
    }
}

extension PreparedPaymentRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case encryptedFields, encodedClientMetaInfo
    }

    /// Decodes `{"encryptedFields": "<JWE>", "encodedClientMetaInfo": "<base64>"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(encryptedFields: try container.decode(String.self, forKey: .encryptedFields),
                  encodedClientMetaInfo: try container.decode(String.self, forKey: .encodedClientMetaInfo))
    }

    /// Encodes `{"encryptedFields": "<JWE>", "encodedClientMetaInfo": "<base64>"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(encryptedFields, forKey: .encryptedFields)
        try container.encode(encodedClientMetaInfo, forKey: .encodedClientMetaInfo)
    }
}

extension AccountOnFileDisplayHints: Codable {
    private enum CodingKeys: String, CodingKey {
        case labelTemplate, logo
    }

    /// Decodes `{"labelTemplate": [...], "logo": "..."}` (`logo` optional).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(labelTemplate: try container.decode([LabelTemplateItem].self, forKey: .labelTemplate),
                  logo: try container.decodeIfPresent(String.self, forKey: .logo))
    }

    /// Encodes `{"labelTemplate": [...], "logo": "..."}` (`logo` only when there is one).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(labelTemplate, forKey: .labelTemplate)
        try container.encodeIfPresent(logo, forKey: .logo)
    }
}

extension ClientMetaInfo: Codable {
    private enum CodingKeys: String, CodingKey {
        case platformIdentifier, appIdentifier, sdkIdentifier, sdkCreator, screenSize, deviceBrand, deviceType
    }

    /// Decodes the meta info's JSON object (the optional members may be absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            platformIdentifier: try container.decode(String.self, forKey: .platformIdentifier),
            appIdentifier: try container.decode(String.self, forKey: .appIdentifier),
            sdkIdentifier: try container.decode(String.self, forKey: .sdkIdentifier),
            sdkCreator: try container.decode(String.self, forKey: .sdkCreator),
            screenSize: try container.decodeIfPresent(String.self, forKey: .screenSize),
            deviceBrand: try container.decodeIfPresent(String.self, forKey: .deviceBrand),
            deviceType: try container.decodeIfPresent(String.self, forKey: .deviceType))
    }

    /// Encodes the meta info's JSON object (absent optional members left out).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(platformIdentifier, forKey: .platformIdentifier)
        try container.encode(appIdentifier, forKey: .appIdentifier)
        try container.encode(sdkIdentifier, forKey: .sdkIdentifier)
        try container.encode(sdkCreator, forKey: .sdkCreator)
        try container.encodeIfPresent(screenSize, forKey: .screenSize)
        try container.encodeIfPresent(deviceBrand, forKey: .deviceBrand)
        try container.encodeIfPresent(deviceType, forKey: .deviceType)
    }
}
