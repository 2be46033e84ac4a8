import PaymentFormEngine
import PaymentFormRendering
import PaymentFormSandboxHTTP

/// The one way the sandbox's own pages (hosted checkout, hosted tokenization) are answered: a
/// small HTML document in `lang` with `title` around `body`, under the page's Content Security
/// Policy, never stored.
package enum SandboxHTMLPage {
    /// `body` is HTML already escaped by the caller; `lang` and `title` are escaped here.
    package static func response(status: Int, lang: String = "en", title: String, policy: String, body: String) -> HTTPResponse {
        let document = """
            <!DOCTYPE html>
            <html lang="\(HTMLEscaping.escape(lang))">
            <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>\(HTMLEscaping.escape(title))</title></head>
            <body>
            \(body)
            </body>
            </html>
            """
        return HTTPResponse(status: status, headers: [
            HTTPHeaderField("Content-Type", "text/html; charset=utf-8"), HTTPHeaderField("Content-Security-Policy", policy),
            HTTPHeaderField("Cache-Control", "no-store"),
        ], body: Array(document.utf8))
    }
}
