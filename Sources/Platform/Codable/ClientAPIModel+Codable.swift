internal import PaymentFormJSON
import PaymentFormCore

// The Client API model types are Codable in their Client API shape, through the same reader as
// `init(jsonEncoded:)`. Codable needs runtime metadata Embedded Swift does not have, so the
// conformances live here, beside the core, for native builds.

extension JSONModel {
    /// `Decodable` through the same reader as `init(jsonEncoded:diagnostics:)`:
    /// the same rules and errors, whatever decoder is used. Diagnostics are dropped on this path.
    ///
    /// A generic `Decoder` does not report the order of an object's members (Foundation's
    /// `JSONDecoder` does not), so on this path validators come back in the Connect SDKs' fixed
    /// order (luhn, expirationDate, range, length, fixedList, emailAddress, residentIdNumber,
    /// regularExpression, termsAndConditions, iban, boletoBancarioRequiredness, then unknown ones
    /// by name). Reading the bytes directly keeps the definition's order.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        var diagnostics: [DefinitionDiagnostic] = []
        let path = JSONPath(components: decoder.codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
        try self.init(json: json, at: path, diagnostics: &diagnostics)
    }

    /// `Encodable` as the Client API JSON shape.
    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

extension AccountOnFileAttribute: Codable {}
extension PublicKeyResponse: Codable {}
extension PaymentProductField: Codable {}
extension DataRestrictions: Codable {}
extension AmountOfMoney: Codable {}
extension PaymentContext: Codable {}
extension DirectoryEntry: Codable {}
extension Directory: Codable {}
extension PaymentProduct: Codable {}
extension CurrencyConversionQuote: Codable {}
extension Surcharge: Codable {}
extension SurchargeCalculation: Codable {}
extension LabelTemplateItem: Codable {}
extension FormElement: Codable {}
extension FieldDisplayHints: Codable {}
extension PaymentProductGroup: Codable {}
extension PaymentProductGroupList: Codable {}
extension AccountOnFile: Codable {}
extension ValueMappingItem: Codable {}
extension DisplayElement: Codable {}
extension ClientAPIErrorResponse: Codable {}
extension ClientAPIErrorResponse.Item: Codable {}
extension IINDetailsResponse: Codable {}
extension IINDetailsResponse.CoBrand: Codable {}
extension PaymentProductNetworks: Codable {}
extension ConvertedAmount: Codable {}
extension ThirdPartyStatusResponse: Codable {}
extension PaymentProductList: Codable {}
extension Tooltip: Codable {}
extension DisplayHints: Codable {}
extension CustomerDetails: Codable {}

extension JSONValue: Codable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads any JSON value from a decoder. Decoders do not report member order, so members are
    /// put in a fixed order: known validator keys in the Connect order, then the rest by name.
    package init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var result = JSONObject()
            let keys = object.allKeys.sorted { lhs, rhs in
                let left = canonicalValidatorRank(lhs.stringValue), right = canonicalValidatorRank(rhs.stringValue)
                return left != right ? left < right : lhs.stringValue < rhs.stringValue
            }
            for key in keys {
                result.append(key.stringValue, try object.decode(JSONValue.self, forKey: key))
            }
            self = .object(result)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? single.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let number = try? single.decode(Double.self) {
            self = .number(number.isFinite ? "\(number)" : "0")
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes the value to an encoder, members in order where the encoder keeps order.
    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let text):
            var single = encoder.singleValueContainer()
            if let integer = Int64(text) {
                try single.encode(integer)
            } else if let integer = UInt64(text) {
                try single.encode(integer)
            } else {
                try single.encode(Double(text) ?? 0)
            }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyKey.self)
            for member in object.members {
                try container.encode(member.value, forKey: AnyKey(stringValue: member.key))
            }
        }
    }
}

