import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormProtocol

/// The one JSON shape of every answer that can exit 1: `validate`, `validate --batch`'s lines,
/// `prepare`, `sips request`, `sips response`, `sips seal --check`, `saferpay post`.
///
/// `{"valid": BOOL, "outcome": "...", "errors": [{"fieldId", "errorId", <parameters>, "message"}], ...}`:
/// `valid` and `errors` always (the `validate` shape, so a script reads every exit-1 answer the
/// same way), `outcome` for the commands whose answer has outcomes (`sips response`,
/// `saferpay post`), then the command's own members. Exit status 0 when valid, else 1. Every
/// command renders through here rather than building the object itself, so the shape cannot drift
/// between them.
package struct Verdict {
    /// Whether the input (or the outcome) is accepted: exit 0.
    package var isValid: Bool
    /// The command's outcome, for commands that have outcomes.
    package var outcome: String?
    /// The errors, each on a field of the form.
    package var errors: [FieldError]
    /// The command's own members, after `valid`, `outcome` and `errors`.
    package var members: [(key: String, value: JSONValue)] = []

    /// The verdict of a validation: valid when it found no error; `paymentProductId` (the product
    /// a card form's number named) becomes a member when given.
    package init(_ report: ValidationReport, outcome: String? = nil, paymentProductId: String? = nil) {
        self.init(isValid: report.isValid, outcome: outcome, errors: report.errors,
                  members: paymentProductId.map { [(key: "paymentProductId", value: .string($0))] } ?? [])
    }

    /// A verdict.
    package init(isValid: Bool, outcome: String? = nil, errors: [FieldError] = [], members: [(key: String, value: JSONValue)] = []) {
        self.isValid = isValid
        self.outcome = outcome
        self.errors = errors
        self.members = members
    }

    /// The JSON object, messages in `localizer`'s language.
    package func jsonValue(localizer: Localizer) -> JSONValue {
        var object = JSONObject([(key: "valid", value: .bool(isValid))])
        if let outcome { object.append("outcome", .string(outcome)) }
        object.append("errors", .array(errors.map { $0.jsonValue(localizer: localizer) }))
        for member in members { object.append(member.key, member.value) }
        return .object(object)
    }

    /// The command's result: the object on stdout, exit 0 when valid, else 1.
    package func result(localizer: Localizer, stderr: String = "") -> CommandResult {
        CommandResult(stdout: jsonValue(localizer: localizer).prettyText + "\n", stderr: stderr, exitCode: isValid ? 0 : 1)
    }
}
