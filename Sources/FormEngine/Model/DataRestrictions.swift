package import PaymentFormJSON
import PaymentFormValidation

/// A field's validation rules: whether it is required, and its validators in definition order.
///
/// ```swift
/// let rules = cardNumberField.dataRestrictions
/// rules.isRequired                              // true
/// rules.validators.map(\.name)                  // ["length", "luhn"]
/// ```
public struct DataRestrictions: ClientAPIModel, JSONModel, Hashable {
    /// Whether the field must have a value (a selected account on file can change it: see
    /// ``PaymentRequest/validate(in:)``).
    public var isRequired: Bool
    /// The validators, typed, in the order the definition lists them (errors are reported in this
    /// order). A regular expression that does not compile is kept and fails every value with
    /// the error `uncheckable`; an unknown validator is kept as ``Validator/unknown(name:)``.
    public var validators: [Validator]

    /// Rules.
    package init(isRequired: Bool = false, validators: [Validator] = []) {
        self.isRequired = isRequired
        self.validators = validators
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        isRequired = try object.bool("isRequired") ?? false
        var validators: [Validator] = []
        if let node = object.optional("validators") {
            let members = try node.object()
            for (name, value) in members.object {
                let validatorNode = JSONNode(value, parent: members.path, step: .key(name))
                validators.append(try Self.validator(named: name, at: validatorNode, diagnostics: &diagnostics))
            }
        }
        self.validators = validators
    }

    /// Reads one validator.
    private static func validator(
        named name: String, at node: JSONNode, diagnostics: inout [DefinitionDiagnostic]
    ) throws(DefinitionError) -> Validator {
        // Parameterless validators are sent as `{}`; the SDKs also accept `[]` or `null`.
        let parameters: JSONObjectNode
        switch node.value {
        case .object: parameters = try node.object()
        case .array([]), .null: parameters = JSONObjectNode(object: JSONObject(), path: node.path)
        default: throw node.mismatch("object")
        }
        switch name {
        case "length":
            let minimum = try parameters.int("minLength") ?? 0
            let maximum = try parameters.int("maxLength")
            if minimum < 0 { throw try parameters.required("minLength").invalid("minLength must not be negative") }
            if let maximum, maximum < minimum {
                throw try parameters.required("maxLength").invalid("maxLength \(maximum) is less than minLength \(minimum)")
            }
            return .length(minLength: minimum, maxLength: maximum)
        case "range":
            let minimum = try parameters.int("minValue")
            let maximum = try parameters.int("maxValue")
            if let minimum, let maximum, maximum < minimum {
                throw try parameters.required("maxValue").invalid("maxValue \(maximum) is less than minValue \(minimum)")
            }
            return .range(minValue: minimum, maxValue: maximum)
        case "luhn": return .luhn
        case "expirationDate": return .expirationDate
        case "emailAddress": return .emailAddress
        case "iban": return .iban
        case "termsAndConditions": return .termsAndConditions
        case "residentIdNumber": return .residentIdNumber
        case "fixedList":
            return .fixedList(allowedValues: try parameters.optional("allowedValues")?.strings() ?? [])
        case "boletoBancarioRequiredness":
            let length = try parameters.required("fiscalNumberLength").int()
            return .boletoBancarioRequiredness(fiscalNumberLength: length)
        case "regularExpression":
            // `regex` is an alias some SDK re-encodings use.
            let patternNode: JSONNode
            if let alias = parameters.optional("regex"), parameters.optional("regularExpression") == nil {
                patternNode = alias
            } else {
                patternNode = try parameters.required("regularExpression")
            }
            let pattern = try patternNode.string()
            do throws(RegularExpressionError) {
                return .regularExpression(try RegularExpression(pattern))
            } catch {
                // Kept, failing every value: left out, it would pass every value unchecked.
                diagnostics.append(DefinitionDiagnostic(
                    path: patternNode.path, kind: .invalidRegularExpression(pattern: pattern, reason: error.reason)))
                return .regularExpression(RegularExpression(unusable: pattern, reason: error.reason))
            }
        default:
            diagnostics.append(DefinitionDiagnostic(path: node.path, kind: .unknownValidator(name: name)))
            return .unknown(name: name)
        }
    }

    package var json: JSONValue {
        var validatorsObject = JSONObject()
        for validator in validators {
            validatorsObject.append(validator.name, Self.parameters(of: validator))
        }
        return jsonObject([
            ("isRequired", .bool(isRequired)),
            ("validators", .object(validatorsObject)),
        ])
    }

    private static func parameters(of validator: Validator) -> JSONValue {
        switch validator {
        case .length(let minimum, let maximum):
            jsonObject([("minLength", .from(minimum)), ("maxLength", .from(maximum))])
        case .range(let minimum, let maximum):
            jsonObject([("minValue", .from(minimum)), ("maxValue", .from(maximum))])
        case .fixedList(let allowed):
            jsonObject([("allowedValues", .array(allowed.map { .string($0) }))])
        case .regularExpression(let expression):
            jsonObject([("regularExpression", .string(expression.pattern))])
        case .boletoBancarioRequiredness(let length):
            jsonObject([("fiscalNumberLength", .from(length))])
        case .luhn, .expirationDate, .emailAddress, .iban, .termsAndConditions, .residentIdNumber, .unknown:
            .object(JSONObject())
        }
    }
}
