import PaymentFormEngine
import PaymentFormJSON

/// `payform mask`, `unmask` and `edit`: the masking engine on the command line.
/// Positions are UTF-16 offsets, as text fields report them.
enum MaskCommands {
    static let maskSource: [OptionSpec] = [
        OptionSpec("--mask", "MASK", help: "The mask, e.g. '{{9999}} {{9999}} {{9999}} {{9999}}'."),
        OptionSpec("--product", "FILE", help: "Instead of --mask: take the mask of --field in this product."),
        OptionSpec("--field", "ID", help: "The field whose mask --product supplies."),
    ]

    static let valueOption = SecretOption("--value")
    static let textOption = SecretOption("--text")
    static let insertOption = SecretOption("--insert")
    static let replacementOption = SecretOption("--replacement")

    static let mask = CommandSpec(
        name: "mask",
        synopsis: "(--mask MASK | --product FILE --field ID) (--value TEXT | --value-file FILE) [--cursor N]",
        summary: "Format a value with a mask (Connect-compatible), moving a cursor along.",
        details: """
        Output: {"value": "<masked>", "cursor": N}. Without --cursor the cursor starts at the end of TEXT.
        \(SecretOption.visibilityNote)
        """,
        options: maskSource + valueOption.specs(valueName: "TEXT", help: "The value to format (masked or not).") + [
            OptionSpec("--cursor", "N", help: "Caret position in TEXT (UTF-16 offset)."),
        ],
        run: { arguments, context throws(CLIError) in
            let format = try formatter(arguments, context)
            let value = try valueOption.required(in: arguments, context: context)
            let cursor = try arguments.integer("--cursor") ?? value.utf16.count
            let result = format.format(value, cursor: cursor)
            return CommandResult(stdout: JSONValue.object(JSONObject([
                (key: "value", value: .string(result.text)), (key: "cursor", value: .integer(result.cursor)),
            ])).prettyText + "\n")
        }
    )

    static let unmask = CommandSpec(
        name: "unmask",
        synopsis: "(--mask MASK | --product FILE --field ID) (--value TEXT | --value-file FILE)",
        summary: "Strip a mask's literals from a value (what is validated and sent).",
        details: """
        Output: {"value": "<unmasked>"}.
        \(SecretOption.visibilityNote)
        """,
        options: maskSource + valueOption.specs(valueName: "TEXT", help: "The value to unmask (masked or not)."),
        run: { arguments, context throws(CLIError) in
            let format = try formatter(arguments, context)
            let value = try valueOption.required(in: arguments, context: context)
            return CommandResult(stdout: JSONValue.object(JSONObject([(key: "value", value: .string(format.unformat(value)))])).prettyText + "\n")
        }
    )

    static let edit = CommandSpec(
        name: "edit",
        synopsis: "(--mask MASK | --product FILE --field ID) --text TEXT --selection START:END (--insert STR | --delete backward|forward)",
        summary: "Apply one text-field edit (typing, paste, backspace, delete) to masked text.",
        details: """
        START = END is a plain caret. Output: {"value": "<new masked text>", "cursor": N,
        "unmasked": "<raw>", "outcome": "changed" | "rejected"}. A rejected edit (nothing fitted,
        or the field is full) leaves text and caret unchanged.
        Alias: --range START:END --replacement STR (an empty replacement deletes the range).
        --text, --insert and --replacement each have a -file twin (FILE, or - for standard input);
        at most one of them may read standard input.
        \(SecretOption.visibilityNote)
        """,
        options: maskSource
            + textOption.specs(valueName: "TEXT", help: "The masked text currently in the field.")
            + [OptionSpec("--selection", "START:END", help: "The selection (UTF-16 offsets).")]
            + insertOption.specs(valueName: "STR", help: "Text typed, pasted or autofilled over the selection.")
            + [
                OptionSpec("--delete", "DIRECTION", help: "backward (backspace) or forward (delete key)."),
                OptionSpec("--range", "START:END", help: "Alias of --selection."),
            ]
            + replacementOption.specs(valueName: "STR", help: "With --range: the replacement text."),
        run: runEdit
    )

    static func runEdit(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let format = try formatter(arguments, context)
        try SecretOption.checkOneStandardInput([textOption, insertOption, replacementOption], in: arguments)
        let text = try textOption.required(in: arguments, context: context)
        let selectionFlag = arguments.has("--range") ? "--range" : "--selection"
        if arguments.has("--range"), arguments.has("--selection") { throw .usage("give --selection or --range, not both") }
        let selection = try parseSelection(arguments.required(selectionFlag), flag: selectionFlag)
        let action: TextEdit
        let inserted = try insertOption.value(in: arguments, context: context)
        let replacement = try replacementOption.value(in: arguments, context: context)
        switch (inserted, arguments.value("--delete"), replacement) {
        case (let inserted?, nil, nil): action = .insert(inserted)
        case (nil, "backward"?, nil): action = .deleteBackward
        case (nil, "forward"?, nil): action = .deleteForward
        // The value is not echoed: a misplaced card number could sit there.
        case (nil, _?, nil): throw .usage("--delete must be backward or forward")
        case (nil, nil, let replacement?):
            guard selectionFlag == "--range" else { throw .usage("--replacement goes with --range") }
            action = replacement.isEmpty ? .deleteBackward : .insert(replacement)
        case (nil, nil, nil): throw .usage("give --insert STR or --delete backward|forward")
        default: throw .usage("give exactly one of --insert, --delete or --replacement")
        }
        let result = format.apply(action, to: text, selection: selection)
        return CommandResult(stdout: JSONValue.object(JSONObject([
            (key: "value", value: .string(result.text)),
            (key: "cursor", value: .integer(result.cursor)),
            (key: "unmasked", value: .string(result.value)),
            (key: "outcome", value: .string(result.outcome.rawValue)),
        ])).prettyText + "\n")
    }

    static func parseSelection(_ text: String, flag: String) throws(CLIError) -> Range<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]) else {
            throw .usage("\(flag) must be START:END (UTF-16 offsets), e.g. 4:4")
        }
        return min(start, end)..<max(start, end)
    }

    /// The formatting operations of `--mask` or of `--product/--field`'s field (which may have no
    /// mask: then values pass through unchanged).
    static func formatter(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> FieldFormatter {
        if let pattern = arguments.value("--mask") {
            if arguments.has("--product") || arguments.has("--field") { throw .usage("give --mask or --product/--field, not both") }
            return FieldFormatter(mask: Mask(pattern))
        }
        guard arguments.has("--product") else { throw .usage("give --mask MASK, or --product FILE with --field ID") }
        let fieldId = try arguments.required("--field")
        let (product, _) = try context.product(arguments)
        guard let field = product.field(withId: fieldId) else {
            throw CLIError(code: "unknown_field", message: "--field \(fieldId): the product has no such field")
        }
        return FieldFormatter(field: field)
    }
}
