import PaymentFormCore
import PaymentFormLocalization
import PaymentFormValidation

/// Draws a ``PaymentForm`` (or a ``PaymentFormController``'s current state) as a self-contained
/// HTML page: no scripts, no external resources. Every value is HTML-escaped.
///
/// The page is a **preview**. Its inputs carry `data-field-id` but no `name`, and the form has no
/// `method` or `action`, so submitting it sends no card data anywhere; the page says so. A real
/// payment page encrypts the values on the device (the engine's `prepare`) and sends only the
/// encrypted request. ``postsValues`` turns names and `method="post"` on, for forms whose
/// values are not card data.
package struct FormHTMLRenderer {
    /// The `lang` of the page: the language its texts are in.
    package let languageTag: String
    package let localizer: Localizer
    /// Whether inputs get `name` attributes and the form `method="post"` (off by default: a
    /// preview must not post raw card data).
    package var postsValues: Bool

    /// A renderer for the localizer's language; `languageTag` is what the page's `lang` says
    /// (the localizer's `textLanguageTag`: the language its texts are in), and the page's `dir`
    /// is that language's direction.
    package init(languageTag: String, localizer: Localizer, postsValues: Bool = false) {
        self.languageTag = languageTag
        self.localizer = localizer
        self.postsValues = postsValues
    }

    /// The page for a form with nothing entered.
    package func render(_ form: PaymentForm) -> String {
        page(form, states: [:])
    }

    /// The page for a controller's current state: texts, messages (`aria-invalid`, an error
    /// tied to its input) and read-only fields as the controller has them.
    package func render(_ controller: PaymentFormController) -> String {
        var states: [String: FormFieldState] = [:]
        for state in controller.fields { states[state.id] = state }
        return page(controller.form, states: states)
    }

    private func page(_ form: PaymentForm, states: [String: FormFieldState]) -> String {
        var body = ""
        body += "<h1>\(escapeText(form.productLabel))</h1>\n"
        body += "<p class=\"preview-notice\" id=\"preview-notice\" role=\"note\">\(escapeText(localizer.previewNotice))</p>\n"
        if let account = form.accountOnFile {
            body += "<p class=\"account-on-file\" data-account-on-file-id=\"\(escape(account.id))\">\(escapeText(account.label))</p>\n"
        }
        let method = postsValues ? " method=\"post\"" : ""
        body += "<form\(method) novalidate autocomplete=\"on\" aria-describedby=\"preview-notice\" data-payment-product-id=\"\(escape(form.productId))\">\n"
        for field in form.fields {
            body += fieldHTML(field, state: states[field.id])
        }
        body += "<button type=\"submit\">\(escapeText(localizer.payButtonTitle))</button>\n"
        body += "</form>\n"
        return """
        <!DOCTYPE html>
        <html lang="\(escape(languageTag))" dir="\(TextDirection(languageTag: languageTag).rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escapeText(form.productLabel))</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
        .field { margin-bottom: 1rem; display: flex; flex-direction: column; gap: .25rem; }
        .field input, .field select { font-size: 1rem; padding: .5rem; border: 1px solid #888; border-radius: 4px; }
        .field input[readonly] { background: #eee; border: 1px dashed #bbb; color: #333; cursor: default; }
        .field [aria-invalid="true"] { border-color: #b00; }
        .field.checkbox { flex-direction: row; flex-wrap: wrap; align-items: center; }
        .field.checkbox label { flex: 1; }
        .field.checkbox .tooltip, .field.checkbox .error { flex-basis: 100%; }
        .tooltip, .account-on-file { color: #555; font-size: .875rem; }
        .error { color: #b00; font-size: .875rem; margin: 0; }
        .required-marker { color: #b00; }
        .preview-notice { background: #fff8e1; border: 1px solid #e0c36b; border-radius: 4px; padding: .5rem; font-size: .875rem; }
        input[data-numeric] { direction: ltr; unicode-bidi: isolate; }
        button { font-size: 1rem; padding: .6rem 1.2rem; }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    private func fieldHTML(_ field: FormField, state: FormFieldState?) -> String {
        let id = "field-" + field.id
        let tooltipId = id + "-tooltip"
        let errorId = id + "-error"
        let message = field.readOnly ? nil : state?.message
        var attributes: [(String, String?)] = [("id", id), ("data-field-id", field.id)]
        if postsValues { attributes.append(("name", field.id)) }
        let required = state?.required ?? field.required
        if required { attributes.append(("required", nil)) }
        if field.readOnly { attributes.append(("readonly", nil)) }
        var describedBy: [String] = []
        if field.tooltip != nil { describedBy.append(tooltipId) }
        if message != nil { describedBy.append(errorId) }
        if !describedBy.isEmpty { attributes.append(("aria-describedby", describedBy.joined(separator: " "))) }
        if let state { attributes.append(("aria-invalid", message != nil || state.state == .invalid ? "true" : "false")) }
        // The marker is for sighted readers only: the input's `required` says it to assistive
        // technology, and a marker inside the label (or from CSS) would join the input's name.
        let label = labelHTML(field) + (required ? "<span class=\"required-marker\" aria-hidden=\"true\"> *</span>" : "")
        var classes = ["field"]
        if field.readOnly { classes.append("read-only") }
        // What the field shows: the controller's text, else the prefilled value. A hidden value
        // (a CVV) is never written into the page.
        let shown = field.obfuscate ? nil : (state.map { $0.text.isEmpty ? nil : $0.text } ?? field.value)
        var html = ""
        switch field.inputType {
        case .list:
            html += "<div class=\"\(classes.joined(separator: " "))\">\n<label for=\"\(escape(id))\">\(label)</label>\n"
            html += "<select\(render(attributes))>\n"
            html += "<option value=\"\"\(shown == nil ? " selected" : "") disabled>\(escapeText(field.placeholder ?? ""))</option>\n"
            for option in field.options {
                let selected = option.value == shown ? " selected" : ""
                html += "<option value=\"\(escape(option.value))\"\(selected)>\(escapeText(option.label))</option>\n"
            }
            html += "</select>\n"
        case .boolean:
            attributes.append(("type", "checkbox"))
            attributes.append(("value", "true"))
            if shown == "true" { attributes.append(("checked", nil)) }
            classes.append("checkbox")
            html += "<div class=\"\(classes.joined(separator: " "))\">\n<input\(render(attributes))>\n"
            html += "<label for=\"\(escape(id))\">\(label)</label>\n"
        default:
            attributes.append(("type", field.obfuscate ? "password" : field.inputType == .email ? "email" : field.inputType == .phone ? "tel" : "text"))
            attributes.append(("inputmode", inputMode(field.inputType)))
            if field.readOnly {
                attributes.append(("autocomplete", "off"))
            } else if let autocomplete = Self.autocomplete[field.id] {
                attributes.append(("autocomplete", autocomplete))
            }
            if let placeholder = field.placeholder, !field.readOnly { attributes.append(("placeholder", BidiControls.isolate(placeholder))) }
            if let shown { attributes.append(("value", shown)) }
            if let mask = field.mask { attributes.append(("data-mask", mask)) }
            // No `maxlength`: a browser would cut a longer paste without a word (12/2030 into
            // MM/YY would become 12/20, December 2020), while the engine keeps what was typed and
            // says it is too long (a length error).
            if field.inputType == .numeric { attributes.append(("data-numeric", nil)) }
            // Numbers, dates, IBANs and addresses read left to right on a right-to-left page too:
            // without it, the groups of a card number would show in reverse order.
            if rightToLeft, field.mask != nil || [.numeric, .email, .phone, .date].contains(field.inputType) {
                attributes.append(("dir", "ltr"))
            }
            if [.numeric, .email].contains(field.inputType) || field.obfuscate { attributes.append(("spellcheck", "false")) }
            html += "<div class=\"\(classes.joined(separator: " "))\">\n<label for=\"\(escape(id))\">\(label)</label>\n"
            html += "<input\(render(attributes))>\n"
        }
        if let tooltip = field.tooltip {
            let image = field.tooltipImage.map { " data-tooltip-image=\"\(escape($0))\"" } ?? ""
            html += "<small class=\"tooltip\" id=\"\(escape(tooltipId))\"\(image)>\(escapeText(tooltip))</small>\n"
        }
        if let message {
            html += "<p class=\"error\" id=\"\(escape(errorId))\" role=\"alert\">\(escapeText(message))</p>\n"
        }
        html += "</div>\n"
        return html
    }

    /// Whether the page reads right to left.
    private var rightToLeft: Bool {
        TextDirection(languageTag: languageTag) == .rightToLeft
    }

    /// The label, with its link text (where `{link}` stood) made a hyperlink to the field's link.
    private func labelHTML(_ field: FormField) -> String {
        guard let range = field.linkTextRange, let linkText = field.linkText else { return escapeText(field.label) }
        let units = Array(field.label.utf16)
        guard range.lowerBound >= 0, range.upperBound <= units.count else { return escapeText(field.label) }
        let before = String(decoding: units[..<range.lowerBound], as: UTF16.self)
        let after = String(decoding: units[range.upperBound...], as: UTF16.self)
        // Only an absolute http(s) URL becomes a link; anything else (javascript:, data:, ...)
        // is shown as plain text.
        guard let link = field.link, let safe = WebLink.checked(link) else { return escapeText(field.label) }
        let anchor = "<a href=\"\(escape(safe))\" target=\"_blank\" rel=\"noopener noreferrer\">\(escapeText(linkText))</a>"
        return escapeText(before) + anchor + escapeText(after)
    }

    /// `autocomplete` tokens (HTML Living Standard) browsers and password managers understand.
    static let autocomplete: [String: String] = [
        "cardNumber": "cc-number", "expiryDate": "cc-exp", "cvv": "cc-csc", "cardholderName": "cc-name",
        "emailAddress": "email", "accountHolderName": "name", "iban": "off",
    ]

    private func inputMode(_ type: FormInputType) -> String {
        switch type {
        case .numeric: "numeric"
        case .email: "email"
        case .phone: "tel"
        case .currency: "decimal"
        default: "text"
        }
    }

    private func render(_ attributes: [(String, String?)]) -> String {
        attributes.map { name, value in value.map { " \(name)=\"\(escape($0))\"" } ?? " \(name)" }.joined()
    }
}

/// Escapes a value for HTML element content and quoted attribute values (see ``HTMLEscaping``).
func escape(_ text: String) -> String {
    HTMLEscaping.escape(text)
}

/// Escapes a display text, its bidirectional controls isolated (see ``HTMLEscaping/escapeText(_:)``).
func escapeText(_ text: String) -> String {
    HTMLEscaping.escapeText(text)
}
