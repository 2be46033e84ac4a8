import PaymentFormCore
import PaymentFormJSON
import PaymentFormEngine

/// `payform validate`: validates values against a product, as a backend test would.
enum ValidateCommand {
    static let options: [OptionSpec] = [
        OptionSpec("--product", "FILE", help: "Client API product JSON (- for stdin, sample:NAME for a shipped sample)."),
        OptionSpec("--values", "FILE", help: "A JSON object {\"<fieldId>\": \"<value as typed, masked or not>\"}."),
        OptionSpec("--value", "ID=VALUE", repeatable: true, help: "One field's value (repeatable); instead of --values."),
        OptionSpec("--account-on-file", "ID", help: "Validate with this account on file selected."),
        OptionSpec("--now", "YYYY-MM", help: "The current month for expiry checks (default: the real clock, UTC)."),
        OptionSpec("--locale", "TAG", help: "Language of messages (default: from LC_ALL/LC_MESSAGES/LANG, then en)."),
    ]

    static let spec = CommandSpec(
        name: "validate",
        synopsis: "--product FILE (--values FILE | --value ID=VALUE ...) [--account-on-file ID] [--now YYYY-MM] [--locale TAG]",
        summary: "Validate field values against a product's rules; exit 0 valid, 1 invalid.",
        details: """
        Output: {"valid": BOOL, "errors": [{"fieldId", "errorId", <the rule's parameters>, "message"}]}
        with errors in the fields' display order, then the validators' order in the definition.
        errorId is required, length, range, luhn, expirationDate, regularExpression, emailAddress,
        fixedList, iban, termsAndConditions, residentIdNumber or an unknown validator's name.
        """,
        options: options,
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let (product, warnings) = try context.product(arguments)
        let request = try context.request(for: product, arguments)
        let report = request.validate(in: try context.validationContext(arguments))
        let json = report.jsonValue(localizer: context.localizer(arguments))
        return CommandResult(
            stdout: json.prettyText + "\n",
            stderr: warnings.map { "payform: warning: \($0)\n" }.joined(),
            exitCode: report.isValid ? 0 : 1
        )
    }
}

extension ValidationReport {
    /// `{"valid": ..., "errors": [...]}` with localized messages.
    func jsonValue(localizer: Localizer) -> JSONValue {
        .object(JSONObject([
            (key: "valid", value: .bool(isValid)),
            (key: "errors", value: .array(errors.map { $0.jsonValue(localizer: localizer) })),
        ]))
    }
}

extension FieldError {
    /// One error: field, error id, the rule's parameters under their Client API names, message.
    func jsonValue(localizer: Localizer) -> JSONValue {
        var object = JSONObject([(key: "fieldId", value: .string(fieldId)), (key: "errorId", value: .string(errorId))])
        for parameter in error.parameters {
            object.append(parameter.name, .integer(parameter.value))
        }
        object.append("message", .string(localizer.message(for: self)))
        return .object(object)
    }
}
