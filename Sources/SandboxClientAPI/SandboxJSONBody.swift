import Foundation
import PaymentFormJSON

/// A request body read as JSON, the one way every route of the sandbox reads one: with the JSON
/// module's limits (256 levels, read without recursion, so no depth costs the connection thread's
/// stack), and, when it is not what the route takes, a reason that says what was wrong and where
/// ("malformed JSON at line 1, column 1281: nesting deeper than 256 levels") and never repeats a
/// value of the body.
package enum SandboxJSONBody {
    /// The body as a JSON value, or why it cannot be read. `rejectsDuplicateKeys`: a repeated key
    /// is refused (where which occurrence counts would be a guess).
    package static func value(_ body: [UInt8], rejectsDuplicateKeys: Bool = true) -> Result<JSONValue, Problem> {
        do {
            return .success(try JSONParser(rejectsDuplicateKeys: rejectsDuplicateKeys).parse(body))
        } catch {
            return .failure(Problem(syntax: error))
        }
    }

    /// The body as a JSON object, or why it is not one.
    package static func object(_ body: [UInt8], rejectsDuplicateKeys: Bool = true) -> Result<JSONObject, Problem> {
        switch value(body, rejectsDuplicateKeys: rejectsDuplicateKeys) {
        case .success(.object(let object)): .success(object)
        case .success(let other): .failure(Problem(reason: "the JSON is \(other.kind.description.withArticle), not an object", syntax: nil))
        case .failure(let problem): .failure(problem)
        }
    }

    /// Why a body was refused.
    package struct Problem: Error, Sendable {
        /// What was wrong and where, without a value of the body.
        package let reason: String
        /// The parser's error, when the body is not JSON (or is ambiguous).
        package let syntax: JSONSyntaxError?

        package init(reason: String, syntax: JSONSyntaxError?) {
            self.reason = reason
            self.syntax = syntax
        }

        package init(syntax: JSONSyntaxError) {
            self.init(reason: syntax.description, syntax: syntax)
        }

        /// Whether the body is valid JSON with a key repeated in one object.
        package var isDuplicateKey: Bool {
            if case .duplicateKey? = syntax?.reason { return true }
            return false
        }

        /// `expectation`, then why the body is not it: "the body must be {…} (malformed JSON at …)".
        package func message(_ expectation: String) -> String {
            "\(expectation) (\(reason))"
        }
    }

    /// `application/json`, any case, with or without parameters.
    package static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    }
}

extension String {
    /// The kind's name with its article: "an array", "a string".
    fileprivate var withArticle: String {
        (first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + self
    }
}
