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
        render(form, states: [])
    }

    /// The form as terminal text, with the controller's text and message per field when given.
    /// A hidden value (a CVV) shows as bullets.
    package func render(_ form: PaymentForm, states: [FormFieldState]) -> String {
        var byId: [String: FormFieldState] = [:]
        for state in states { byId[state.id] = state }
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
                    let mark = option.value == (byId[field.id]?.value ?? field.value) ? "(•)" : "( )"
                    lines.append("  \(mark) \(clean(option.label))" + dim("  \(clean(option.value))"))
                }
            case .boolean:
                let checked = (byId[field.id]?.value ?? field.value) == "true"
                lines.append("  [\(checked ? "x" : " ")] " + (field.link.map { "(\(clean($0)))" } ?? ""))
            default:
                let typed = byId[field.id].flatMap { $0.text.isEmpty ? nil : $0.text }
                let value = typed.map { field.obfuscate ? String(repeating: "•", count: $0.count) : $0 } ?? field.value
                let shown = clean(value ?? field.placeholder ?? "")
                let box = "[ " + shown + String(repeating: " ", count: max(1, 28 - shown.count)) + "]"
                lines.append("  " + (value == nil ? dim(box) : box))
            }
            if let message = byId[field.id]?.message { lines.append("  ✗ " + clean(message)) }
            lines.append("  " + dim(details.joined(separator: " · ")))
            if let tooltip = field.tooltip { lines.append("  ⓘ " + clean(tooltip)) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
