import PaymentFormCore
import PaymentFormEngine

/// Draws a ``PaymentForm`` for a terminal: one block per field, like a form preview.
struct FormTextRenderer {
    /// Whether to use ANSI colours (only when stdout is a terminal).
    let color: Bool

    private func bold(_ text: String) -> String { color ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
    private func dim(_ text: String) -> String { color ? "\u{1B}[2m\(text)\u{1B}[0m" : text }

    func render(_ form: PaymentForm) -> String {
        var lines: [String] = []
        let title = "\(form.productLabel)  (product \(form.productId))"
        lines.append(bold(title))
        if let account = form.accountOnFile {
            lines.append("Account on file \(account.id): \(account.label)")
        }
        lines.append(String(repeating: "─", count: max(title.count, 40)))
        for field in form.fields {
            var flags: [String] = []
            if field.required { flags.append("required") }
            if field.readOnly { flags.append("read-only") }
            if field.obfuscate { flags.append("hidden input") }
            lines.append(bold(field.label) + (flags.isEmpty ? "" : "  (" + flags.joined(separator: ", ") + ")"))
            var details = ["\(field.id)", field.inputType.rawValue]
            if let mask = field.mask { details.append("mask \(mask)") }
            switch field.inputType {
            case .list:
                for option in field.options {
                    let mark = option.value == field.value ? "(•)" : "( )"
                    lines.append("  \(mark) \(option.label)" + dim("  \(option.value)"))
                }
            case .boolean:
                lines.append("  [\(field.value == "true" ? "x" : " ")] " + (field.link.map { "(\($0))" } ?? ""))
            default:
                let shown = field.value ?? field.placeholder ?? ""
                let box = "[ " + shown + String(repeating: " ", count: max(1, 28 - shown.count)) + "]"
                lines.append("  " + (field.value == nil ? dim(box) : box))
            }
            lines.append("  " + dim(details.joined(separator: " · ")))
            if let tooltip = field.tooltip { lines.append("  ⓘ " + tooltip) }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
