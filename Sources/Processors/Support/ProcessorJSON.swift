import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// Reading the platforms' JSON with the engine's typed reader (`JSONNode`), so a processor's
/// answer fails the way a Client API definition does: the JSON path, then what was expected and
/// what was found, never a value.
enum ProcessorJSON {
    /// Parses `bytes` as a JSON object. A member repeated within an object is refused: a seal
    /// computed over one occurrence while the engine acts on the other would check nothing.
    static func object(_ bytes: some Collection<UInt8>, what: String) throws(SipsError) -> JSONObjectNode {
        let value: JSONValue
        do {
            value = try JSONParser(rejectsDuplicateKeys: true).parse(bytes)
        } catch {
            throw .malformedJSON("\(what): \(error)")
        }
        do {
            return try JSONNode(value).object()
        } catch {
            throw SipsError(error, what: what)
        }
    }
}

extension SipsError {
    /// The Sips error for a reading error of the typed reader: the same path and reason.
    init(_ error: DefinitionError, what: String) {
        switch error.kind {
        case .malformedJSON(let reason): self = .malformedJSON("\(what): \(reason)")
        case .missingKey: self = .missingField(error.jsonPath)
        case .typeMismatch(let expected, let found): self = .invalidField(error.jsonPath, reason: "expected \(expected), found \(found)")
        case .invalidValue(let reason): self = .invalidField(error.jsonPath, reason: reason)
        case .limitExceeded(let limit, let count): self = .invalidField(error.jsonPath, reason: limit.excess(count))
        }
    }
}

extension JSONNode {
    /// A member the platform documents as text: a string as is, a number as written (Sips's JSON
    /// services send amounts and codes as numbers).
    func text() throws(DefinitionError) -> String {
        switch value {
        case .string(let text), .number(let text): return text
        default: throw mismatch("string")
        }
    }

    /// A member the platform documents as an integer (`paymentMeanId` since the Sips SDK 21.2.0):
    /// a JSON integer, or a string of ASCII digits (what older SDKs sent).
    func integer() throws(DefinitionError) -> Int {
        switch value {
        case .number:
            return try int()
        case .string(let text):
            guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw invalid("expected an integer or a string of digits")
            }
            guard let number = Int(text) else { throw invalid("the integer is out of range") }
            return number
        default:
            throw mismatch("integer")
        }
    }

    /// A list of texts: a JSON array of strings or numbers, or one comma-separated string (the
    /// Sips data dictionary's `list` format), blanks dropped.
    func texts() throws(DefinitionError) -> [String] {
        switch value {
        case .string(let text):
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        case .array:
            var texts: [String] = []
            for element in try array() { texts.append(try element.text()) }
            return texts
        default:
            throw mismatch("array of strings")
        }
    }
}
