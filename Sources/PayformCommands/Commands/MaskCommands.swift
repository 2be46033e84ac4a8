import PaymentFormJSON
import PaymentFormCore
import PaymentFormMasking

/// `payform mask`, `unmask` and `edit`: the masking engine on the command line.
/// Positions are UTF-16 offsets, as text fields report them.
package enum MaskCommands {
    /// Where the mask comes from: `--mask MASK`, or `--product FILE --field ID`.
    package protocol MaskSourceOptions: ProductOption {
        static var mask: Self { get }
        static var field: Self { get }
    }

    /// The specs of the mask source's options.
    package static let maskSpec = OptionSpec("--mask", "MASK", help: "The mask, e.g. '{{9999}} {{9999}} {{9999}} {{9999}}'.")
    package static let productSpec = OptionSpec("--product", "FILE", help: "Instead of --mask: take the mask of --field in this product.")
    package static let fieldSpec = OptionSpec("--field", "ID", help: "The field whose mask --product supplies.")

    package enum MaskOption: MaskSourceOptions {
        case mask, product, field, value, valueFile, cursor

        package var spec: OptionSpec {
            switch self {
            case .mask: maskSpec
            case .product: productSpec
            case .field: fieldSpec
            case .value: SecretInput.inlineSpec("--value", "TEXT", help: "The value to format (masked or not).")
            case .valueFile: SecretInput.fileSpec("--value")
            case .cursor: OptionSpec("--cursor", "N", help: "Caret position in TEXT (UTF-16 offset).")
            }
        }

        package static let usage: [Usage<MaskOption>] = [maskSourceUsage(), SecretOption(.value, file: .valueFile).usage, .optional(.cursor)]
    }

    package enum UnmaskOption: MaskSourceOptions {
        case mask, product, field, value, valueFile

        package var spec: OptionSpec {
            switch self {
            case .mask: maskSpec
            case .product: productSpec
            case .field: fieldSpec
            case .value: SecretInput.inlineSpec("--value", "TEXT", help: "The value to unmask (masked or not).")
            case .valueFile: SecretInput.fileSpec("--value")
            }
        }

        package static let usage: [Usage<UnmaskOption>] = [maskSourceUsage(), SecretOption(.value, file: .valueFile).usage]
    }

    package enum EditOption: MaskSourceOptions {
        case mask, product, field, text, textFile, selection, insert, insertFile, delete, range, replacement, replacementFile

        package var spec: OptionSpec {
            switch self {
            case .mask: maskSpec
            case .product: productSpec
            case .field: fieldSpec
            case .text: SecretInput.inlineSpec("--text", "TEXT", help: "The masked text currently in the field.")
            case .textFile: SecretInput.fileSpec("--text")
            case .selection: OptionSpec("--selection", "START:END", help: "The selection (UTF-16 offsets).")
            case .insert: SecretInput.inlineSpec("--insert", "STR", help: "Text typed, pasted or autofilled over the selection.")
            case .insertFile: SecretInput.fileSpec("--insert")
            case .delete: OptionSpec("--delete", "backward|forward", help: "backward (backspace) or forward (delete key).")
            case .range: OptionSpec("--range", "START:END", help: "Alias of --selection.")
            case .replacement: SecretInput.inlineSpec("--replacement", "STR", help: "With --range: the replacement text.")
            case .replacementFile: SecretInput.fileSpec("--replacement")
            }
        }

        package static let usage: [Usage<EditOption>] = [
            maskSourceUsage(), textOption.usage, .required(.selection),
            .oneOf([[insertOption.usage], [.required(.delete)]]),
        ]

        package static let otherUsages: [[Usage<EditOption>]] = [
            [maskSourceUsage(), textOption.usage, .required(.range), replacementOption.usage],
        ]
    }

    /// `(--mask MASK | --product FILE --field ID)`.
    package static func maskSourceUsage<Option: MaskSourceOptions>() -> Usage<Option> {
        .oneOf([[.required(.mask)], [.required(.product), .required(.field)]])
    }

    package static let textOption = SecretOption(EditOption.text, file: .textFile)
    package static let insertOption = SecretOption(EditOption.insert, file: .insertFile)
    package static let replacementOption = SecretOption(EditOption.replacement, file: .replacementFile)

    package static let mask = CommandSpec(
        name: "mask",
        summary: "Format a value with a mask (Connect-compatible), moving a cursor along.",
        details: """
        Output: {"value": "<masked>", "cursor": N}. Without --cursor the cursor starts at the end of TEXT.
        \(SecretInput.visibilityNote)
        """,
        options: MaskOption.self,
        run: { arguments, context throws(CLIError) in
            let format = try formatter(arguments, context)
            let value = try SecretOption(MaskOption.value, file: .valueFile).required(in: arguments, context: context)
            let cursor = try arguments.integer(.cursor) ?? value.utf16.count
            let result = format.format(value, cursor: cursor)
            return CommandResult(stdout: JSONValue.object(JSONObject([
                (key: "value", value: .string(result.text)), (key: "cursor", value: .integer(result.cursor)),
            ])).prettyText + "\n")
        }
    )

    package static let unmask = CommandSpec(
        name: "unmask",
        summary: "Strip a mask's literals from a value (with --product/--field: what is validated and sent).",
        details: """
        Output: {"value": "<unmasked>"}.
        With --product FILE --field ID: the value as validate, prepare and form read it for that
        field: input beyond the mask's capacity is kept, and an expiry date on a two-digit-year
        mask is read as MM/YY first (12/2030 and 1/30 are 1230 and 0130). With --mask MASK: the
        masking operation alone (Connect-compatible): input beyond the capacity is dropped.
        \(SecretInput.visibilityNote)
        """,
        options: UnmaskOption.self,
        run: { arguments, context throws(CLIError) in
            // One reading of a value: the field's, as a request reads it; a bare mask's otherwise.
            let field = try field(arguments, context)
            let format = try field == nil ? formatter(arguments, context) : nil
            let value = try SecretOption(UnmaskOption.value, file: .valueFile).required(in: arguments, context: context)
            let unmasked = field?.unmask(value) ?? format?.unformat(value) ?? value
            return CommandResult(stdout: JSONValue.object(JSONObject([(key: "value", value: .string(unmasked))])).prettyText + "\n")
        }
    )

    package static let edit = CommandSpec(
        name: "edit",
        summary: "Apply one text-field edit (typing, paste, backspace, delete) to masked text.",
        details: """
        START = END is a plain caret. Output: {"value": "<new masked text>", "cursor": N,
        "unmasked": "<raw>", "outcome": "changed" | "rejected"}. A rejected edit (nothing fitted,
        or the field is full) leaves text and caret unchanged.
        The second form is an alias: --range START:END --replacement STR (an empty replacement
        deletes the range).
        --text, --insert and --replacement each have a -file twin (FILE, or - for standard input);
        at most one of them may read standard input.
        \(SecretInput.visibilityNote)
        """,
        options: EditOption.self,
        run: runEdit
    )

    package static func runEdit(_ arguments: ParsedArguments<EditOption>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let format = try formatter(arguments, context)
        try SecretOption.checkOneStandardInput([textOption, insertOption, replacementOption], in: arguments)
        let text = try textOption.required(in: arguments, context: context)
        let selectionOption: EditOption = arguments.has(.range) ? .range : .selection
        let selectionFlag = selectionOption.spec.flag
        if arguments.has(.range), arguments.has(.selection) { throw .usage("give --selection or --range, not both") }
        let selection = try parseSelection(arguments.required(selectionOption), flag: selectionFlag)
        let action: TextEdit
        let inserted = try insertOption.value(in: arguments, context: context)
        let replacement = try replacementOption.value(in: arguments, context: context)
        switch (inserted, arguments.value(.delete), replacement) {
        case (let inserted?, nil, nil): action = .insert(inserted)
        case (nil, "backward"?, nil): action = .deleteBackward
        case (nil, "forward"?, nil): action = .deleteForward
        // The value is not echoed: a misplaced card number could sit there.
        case (nil, _?, nil): throw .usage("--delete must be backward or forward")
        case (nil, nil, let replacement?):
            guard selectionOption == .range else { throw .usage("--replacement goes with --range") }
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

    package static func parseSelection(_ text: String, flag: String) throws(CLIError) -> Range<Int> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]) else {
            throw .usage("\(flag) must be START:END (UTF-16 offsets), e.g. 4:4")
        }
        return min(start, end)..<max(start, end)
    }

    /// The formatting operations of `--mask` or of `--product/--field`'s field (which may have no
    /// mask: then values pass through unchanged).
    package static func formatter<Option: MaskSourceOptions>(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> FieldFormatter {
        if let pattern = arguments.value(.mask) {
            if arguments.has(.product) || arguments.has(.field) { throw .usage("give --mask or --product/--field, not both") }
            return FieldFormatter(mask: Mask(pattern))
        }
        guard let field = try field(arguments, context) else { throw .usage("give --mask MASK, or --product FILE with --field ID") }
        return FieldFormatter(field: field)
    }

    /// `--product/--field`'s field; `nil` when the mask comes from `--mask`.
    package static func field<Option: MaskSourceOptions>(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> PaymentProductField? {
        guard !arguments.has(.mask) else { return nil }
        guard arguments.has(.product) else { throw .usage("give --mask MASK, or --product FILE with --field ID") }
        let fieldId = try arguments.required(.field)
        let (product, _) = try context.product(arguments)
        guard let field = product.field(withId: fieldId) else {
            throw CLIError(code: "unknown_field", message: "--field \(fieldId): the product has no such field")
        }
        return field
    }
}
