import PaymentFormCore
import PaymentFormJSON
import PaymentFormEngine
import PaymentFormRendering

/// `payform render`: the form a front end would draw.
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render",
        synopsis: "--product FILE [--account-on-file ID] [--locale TAG] [--format json|text|html]",
        summary: "Show the form for a product: fields in display order with labels, masks and rules.",
        details: """
        JSON output: {"product": {"id", "label"}, "accountOnFile": {"id", "label"} | null,
        "fields": [{"id", "type", "inputType", "label", "placeholder", "tooltip", "mask",
        "obfuscate", "required", "readOnly", "value", "options": [{"value", "label"}]}]}
        (absent values are null). With an account on file, its read-only fields carry their
        stored (partly hidden) value and "readOnly": true.
        """,
        options: [
            OptionSpec("--product", "FILE", help: "Client API product JSON (- for stdin, sample:NAME for a shipped sample)."),
            OptionSpec("--account-on-file", "ID", help: "Render with this account on file selected."),
            OptionSpec("--locale", "TAG", help: "Language of labels (default: from LC_ALL/LC_MESSAGES/LANG, then en)."),
            OptionSpec("--format", "FORMAT", help: "json (default), text (a terminal preview) or html (a page)."),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let format = arguments.value("--format") ?? "json"
        guard ["json", "text", "html"].contains(format) else {
            throw .usage("--format must be json, text or html")
        }
        let (product, warnings) = try context.product(arguments)
        var account: AccountOnFile?
        if let id = arguments.value("--account-on-file") {
            guard let found = product.accountOnFile(withId: id) else {
                throw CLIError(code: "unknown_account_on_file", message: "--account-on-file \(id): the product has no such account on file")
            }
            account = found
        }
        let localizer = context.localizer(arguments)
        let form = PaymentForm(product: product, accountOnFile: account, localizer: localizer)
        let stdout: String
        switch format {
        case "text": stdout = FormTextRenderer(color: context.isTerminal).render(form)
        case "html": stdout = FormHTMLRenderer(languageTag: localizer.languageTag, localizer: localizer).render(form)
        default: stdout = form.jsonValue.prettyText + "\n"
        }
        return CommandResult(stdout: stdout, stderr: warnings.map { "payform: warning: \($0)\n" }.joined())
    }
}

extension PaymentForm {
    /// The `render` JSON shape.
    var jsonValue: JSONValue {
        let account: JSONValue = accountOnFile.map { ["id": .string($0.id), "label": .string($0.label)] } ?? .null
        return [
            "product": ["id": .string(productId), "label": .string(productLabel)],
            "accountOnFile": account,
            "fields": .array(fields.map(\.jsonValue)),
        ]
    }
}

extension FormField {
    var jsonValue: JSONValue {
        [
            "id": .string(id),
            "type": .string(type),
            "inputType": .string(inputType.rawValue),
            "label": .string(label),
            "placeholder": .optional(placeholder),
            "tooltip": .optional(tooltip),
            "mask": .optional(mask),
            "obfuscate": .bool(obfuscate),
            "required": .bool(required),
            "readOnly": .bool(readOnly),
            "value": .optional(value),
            "options": .array(options.map { ["value": .string($0.value), "label": .string($0.label)] }),
        ]
    }
}
