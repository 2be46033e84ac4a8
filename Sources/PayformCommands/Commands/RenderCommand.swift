import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormProtocol
import PaymentFormRendering
import PaymentFormValidation

/// `payform render`: the form a front end would draw.
package enum RenderCommand {
    package enum Option: ProductOption, LocaleOption, NowOption {
        case product, accountOnFile, locale, format, values, now, assetBaseURL

        package var spec: OptionSpec {
            switch self {
            case .product: .productFile
            case .accountOnFile: OptionSpec("--account-on-file", "ID", help: "Render with this account on file selected.")
            case .locale: .locale(help: "Language of labels (default: from LC_ALL/LC_MESSAGES/LANG, then en); a sample: product is served in it.")
            case .format: OptionSpec("--format", "json|text|html", help: "json (default), text (a terminal preview) or html (a page).")
            case .values: .values(help: "Show the form filled with these values and submitted (messages shown).")
            case .now: .now(help: "With --values: the current month for expiry checks.")
            case .assetBaseURL: OptionSpec("--asset-base-url", "URL", help: "The platform's asset base URL: logos and tooltip images become URLs.")
            }
        }

        package static let usage: [Usage<Option>] = [
            .required(.product), .optional(.accountOnFile), .optional(.locale), .optional(.format),
            .optionalGroup([.required(.values), .optional(.now)]), .optional(.assetBaseURL),
        ]
    }

    package static let spec = CommandSpec(
        name: "render",
        summary: "Show the form for a product or product group: fields in display order with labels, masks and rules.",
        details: """
        JSON output: {"product": {"id", "label", "logo"}, "accountOnFile": {"id", "label", "logo"} | null,
        "fields": [{"id", "type", "inputType", "label", "placeholder", "tooltip", "tooltipImage",
        "mask", "maxLength", "obfuscate", "required", "readOnly", "value", "mustWriteReason", "link",
        "linkText", "options": [{"value", "label"}], "validators": {"<name>": {<parameters>}}}]}
        (absent values are null). "label" has a terms-and-conditions {link} filled with "linkText";
        "maxLength" is the longest text the input takes (the mask's formatted length): a size for
        the input, not a cut (a longer value is kept and is a length error). "validators" are the
        definition's, in its order, in the Client API's shape. With an account on file, its read-only fields
        carry their stored (partly hidden) value and "readOnly": true. Logos and tooltip images are
        paths relative to the platform's asset base, or URLs with --asset-base-url.
        With --values FILE ({"<fieldId>": "<value>"}), the form is shown as a form controller holds
        it after those values are entered and submitted: JSON fields gain "text", "state",
        "message" and "errorId"; the HTML page shows the messages (aria-invalid, role=alert).
        The HTML page is a preview: its inputs have no name and the form no method, so it never
        posts card data anywhere.
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let format = arguments.value(.format) ?? "json"
        guard ["json", "text", "html"].contains(format) else {
            throw .usage("--format must be json, text or html")
        }
        let localizer = context.localizer(arguments)
        // A shipped sample is shown as the platform (and payform sandbox) serves it in that language.
        let (product, warnings) = try context.item(arguments, sampleLocale: localizer.languageTag)
        var account: AccountOnFile?
        if let id = arguments.value(.accountOnFile) {
            guard let found = product.accountOnFile(withId: id) else {
                throw CLIError(code: "unknown_account_on_file", message: "--account-on-file \(id): the product has no such account on file")
            }
            account = found
        }
        let assetBaseURL = arguments.value(.assetBaseURL)
        var controller: PaymentFormController?
        if arguments.has(.values) {
            var filled = PaymentFormController(item: product, localizer: localizer,
                                               context: try context.validationContext(arguments), assetBaseURL: assetBaseURL)
            let values = try context.values(file: arguments.value(.values))
            do throws(PaymentRequestError) {
                if let account { try filled.selectAccountOnFile(id: account.id) }
                for (fieldId, value) in values { try filled.set(fieldId, value: value) }
            } catch {
                throw CLIError(code: error.code, message: "--values: \(error.description)")
            }
            filled.submit()
            controller = filled
        }
        let form = controller?.form ?? PaymentForm(item: product, accountOnFile: account, localizer: localizer, assetBaseURL: assetBaseURL)
        let stdout: String
        switch format {
        case "text": stdout = FormTextRenderer(color: context.isTerminal).render(form, states: controller?.fields ?? [])
        case "html":
            let renderer = FormHTMLRenderer(languageTag: localizer.textLanguageTag, localizer: localizer)
            stdout = controller.map { renderer.render($0) } ?? renderer.render(form)
        default: stdout = form.jsonValue(product: product, states: controller?.fields).prettyText + "\n"
        }
        return CommandResult(stdout: stdout, stderr: Diagnostics.warnings(warnings))
    }
}

extension PaymentForm {
    /// The `render` JSON shape, each field with its validators as `product` defines them; with
    /// controller states, each field's text, state and message too.
    package func jsonValue(product: some PaymentItem, states: [FormFieldState]? = nil) -> JSONValue {
        let account: JSONValue = accountOnFile.map {
            ["id": .string($0.id), "label": .string($0.label), "logo": .optional($0.logo)]
        } ?? .null
        return [
            "product": ["id": .string(productId), "label": .string(productLabel), "logo": .optional(logo)],
            "accountOnFile": account,
            "fields": .array(fieldJSONValues(definitions: product.fields, states: states ?? [])),
        ]
    }
}
