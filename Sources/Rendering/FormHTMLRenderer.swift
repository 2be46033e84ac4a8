import PaymentFormCore
import PaymentFormLocalization

/// Draws a ``PaymentForm`` as a self-contained HTML page (no scripts, no external resources), for Swift
/// servers that render payment forms. Every value is HTML-escaped.
package struct FormHTMLRenderer {
    package let languageTag: String
    package let localizer: Localizer

    /// A renderer for the localizer's language.
    package init(languageTag: String, localizer: Localizer) {
        self.languageTag = languageTag
        self.localizer = localizer
    }

    package func render(_ form: PaymentForm) -> String {
        var body = ""
        body += "<h1>\(escape(form.productLabel))</h1>\n"
        if let account = form.accountOnFile {
            body += "<p class=\"account-on-file\" data-account-on-file-id=\"\(escape(account.id))\">\(escape(account.label))</p>\n"
        }
        body += "<form method=\"post\" autocomplete=\"on\" data-payment-product-id=\"\(escape(form.productId))\">\n"
        for field in form.fields {
            body += fieldHTML(field, productId: form.productId)
        }
        body += "<button type=\"submit\">\(escape(localizer.string(forKey: "gc.app.paymentProductDetails.payButton") ?? "Pay"))</button>\n"
        body += "</form>\n"
        return """
        <!DOCTYPE html>
        <html lang="\(escape(languageTag))">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(form.productLabel))</title>
        <style>
        body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
        .field { margin-bottom: 1rem; display: flex; flex-direction: column; gap: .25rem; }
        .field input, .field select { font-size: 1rem; padding: .5rem; }
        .field.checkbox { flex-direction: row; flex-wrap: wrap; align-items: center; }
        .field.checkbox label { flex: 1; }
        .field.checkbox .tooltip { flex-basis: 100%; }
        .tooltip, .account-on-file { color: #555; font-size: .875rem; }
        .required::after { content: " *"; color: #b00; }
        input[data-numeric] { direction: ltr; unicode-bidi: isolate; }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    private func fieldHTML(_ field: FormField, productId: String) -> String {
        let id = "field-" + field.id
        var attributes: [(String, String?)] = [("id", id), ("name", field.id)]
        if field.required { attributes.append(("required", nil)) }
        if field.readOnly { attributes.append(("readonly", nil)) }
        let labelClass = field.required ? " class=\"required\"" : ""
        let label = labelHTML(field, productId: productId)
        var html = ""
        switch field.inputType {
        case .list:
            html += "<div class=\"field\">\n<label for=\"\(escape(id))\"\(labelClass)>\(label)</label>\n"
            html += "<select\(render(attributes))>\n"
            html += "<option value=\"\"\(field.value == nil ? " selected" : "") disabled>\(escape(field.placeholder ?? ""))</option>\n"
            for option in field.options {
                let selected = option.value == field.value ? " selected" : ""
                html += "<option value=\"\(escape(option.value))\"\(selected)>\(escape(option.label))</option>\n"
            }
            html += "</select>\n"
        case .boolean:
            attributes.append(("type", "checkbox"))
            attributes.append(("value", "true"))
            if field.value == "true" { attributes.append(("checked", nil)) }
            html += "<div class=\"field checkbox\">\n<input\(render(attributes))>\n"
            html += "<label for=\"\(escape(id))\"\(labelClass)>\(label)</label>\n"
        default:
            attributes.append(("type", field.obfuscate ? "password" : field.inputType == .email ? "email" : field.inputType == .phone ? "tel" : "text"))
            attributes.append(("inputmode", inputMode(field.inputType)))
            if let autocomplete = Self.autocomplete[field.id] { attributes.append(("autocomplete", autocomplete)) }
            if let placeholder = field.placeholder { attributes.append(("placeholder", placeholder)) }
            if let value = field.value { attributes.append(("value", value)) }
            if let mask = field.mask {
                attributes.append(("data-mask", mask))
                attributes.append(("maxlength", String(mask.count)))
            }
            if field.inputType == .numeric { attributes.append(("data-numeric", nil)) }
            if [.numeric, .email].contains(field.inputType) || field.obfuscate { attributes.append(("spellcheck", "false")) }
            html += "<div class=\"field\">\n<label for=\"\(escape(id))\"\(labelClass)>\(label)</label>\n"
            html += "<input\(render(attributes))>\n"
        }
        if let tooltip = field.tooltip { html += "<small class=\"tooltip\">\(escape(tooltip))</small>\n" }
        html += "</div>\n"
        return html
    }

    /// The label, with a terms-and-conditions `{link}` turned into a hyperlink to the field's link.
    private func labelHTML(_ field: FormField, productId: String) -> String {
        let escaped = escape(field.label)
        guard let link = field.link, escaped.contains("{link}") else { return escaped }
        let text = localizer.string(forKey: "gc.general.paymentProducts.\(productId).paymentProductFields.\(field.id).link.label")
            ?? localizer.string(forKey: "gc.general.paymentProductFields.\(field.id).link.label")
            ?? link
        // Only an absolute http(s) URL becomes a link; anything else (javascript:, data:, ...)
        // is shown as plain text.
        guard let safe = HTMLEscaping.safeLink(link) else { return localizer.fill(escaped, with: ["link": escape(text)]) }
        let anchor = "<a href=\"\(escape(safe))\" target=\"_blank\" rel=\"noopener noreferrer\">\(escape(text))</a>"
        return localizer.fill(escaped, with: ["link": anchor])
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

/// Escapes text for HTML element content and quoted attribute values (see ``HTMLEscaping``).
func escape(_ text: String) -> String {
    HTMLEscaping.escape(text)
}
