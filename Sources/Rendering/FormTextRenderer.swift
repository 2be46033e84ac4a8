import PaymentFormCore

/// Draws a ``PaymentForm`` for a terminal: one block per field, like a form preview.
package struct FormTextRenderer {
    /// Whether to use ANSI colours (only when stdout is a terminal).
    package let color: Bool

    /// A renderer, with or without colours.
    package init(color: Bool) {
        self.color = color
    }

    private func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    private func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    /// The form as terminal text. Every text that comes from the definition or the account on
    /// file passes through ``TerminalText/sanitize(_:)``: only this renderer's own styling
    /// reaches the terminal as escape sequences.
    package func render(_ form: PaymentForm) -> String {
        let clean = TerminalText.sanitize
        var lines: [String] = []
        let title = "\(clean(form.productLabel))  (product \(clean(form.productId)))"
        lines.append(bold(title))
        if let account = form.accountOnFile {
            lines.append("Account on file \(clean(account.id)): \(clean(account.label))")
        }
        lines.append(String(repeating: "─", count: max(title.count, 40)))
        for field in form.fields {
            var flags: [String] = []
            if field.required { flags.append("required") }
            if field.readOnly { flags.append("read-only") }
            if field.obfuscate { flags.append("hidden input") }
            lines.append(bold(clean(field.label)) + (flags.isEmpty ? "" : "  (" + flags.joined(separator: ", ") + ")"))
            var details = [clean(field.id), field.inputType.rawValue]
            if let mask = field.mask { details.append("mask \(clean(mask))") }
            switch field.inputType {
            case .list:
                for option in field.options {
                    let mark = option.value == field.value ? "(•)" : "( )"
                    lines.append("  \(mark) \(clean(option.label))" + dim("  \(clean(option.value))"))
                }
            case .boolean:
                lines.append("  [\(field.value == "true" ? "x" : " ")] " + (field.link.map { "(\(clean($0)))" } ?? ""))
            default:
                let shown = clean(field.value ?? field.placeholder ?? "")
                let box = "[ " + shown + String(repeating: " ", count: max(1, 28 - shown.count)) + "]"
                lines.append("  " + (field.value == nil ? dim(box) : box))
            }
            lines.append("  " + dim(details.joined(separator: " · ")))
            if let tooltip = field.tooltip { lines.append("  ⓘ " + clean(tooltip)) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
