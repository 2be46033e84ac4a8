import PaymentFormEngine
import PaymentFormEncryption
import PaymentFormRendering

/// The page that sends the customer's browser to the card issuer's 3-D Secure server (ACS) after
/// `cardCheckEnrollment`: a form posting `PaReq`, `MD` and `TermUrl` that submits itself.
///
/// Every value is HTML-escaped (the Sips guide's sample interpolates them unescaped, so a quote in
/// a value breaks out of the attribute). `MD` must be printable ASCII (0x20–0x7E); anything else is
/// base64-encoded first, and more than 1,024 bytes after that is refused. The guide also says
/// confidential data in `MD`, "as the PAN", must be encrypted: an `MD` holding a card number in
/// clear is refused, since the ACS echoes it through the customer's browser. It is read as the
/// browser would: percent escapes decoded, any script's digits (full-width `４`), up to four
/// characters of punctuation between digits (`4111+1111`, `4111%201111`, `4111.1111`), leading
/// zeros dropped, 13 to 19 digits passing the Luhn check. A number in another encoding (base64,
/// hex), with letters or longer gaps between its digits, or joined to other digits cannot be
/// seen: put a reference to the order or session in `MD`, never card data in any form.
///
/// ```swift
/// let page = try SipsACSForm(acsURL: enrolment.text(.authentRedirectionUrl) ?? "", paReq: enrolment.text(.paReqMessage) ?? "",
///                            merchantData: sessionKey, termURL: "https://shop.example/3ds/return")
/// webView.loadHTMLString(page.html, baseURL: nil)
/// ```
public struct SipsACSForm: Sendable, Hashable, CustomStringConvertible {
    /// Where the form posts (the ACS).
    public let acsURL: String
    /// The `PaReq` message.
    public let paReq: String
    /// The `MD` value as posted: the merchant data, base64-encoded when it was not printable ASCII.
    public let merchantData: String
    /// Whether ``merchantData`` was base64-encoded.
    public let merchantDataIsBase64: Bool
    /// Where the ACS sends the result (`PaRes`, `MD`).
    public let termURL: String

    /// A form; throws when a URL is not absolute http(s), or `MD` holds a card number in clear or
    /// is too long.
    public init(acsURL: String, paReq: String, merchantData: String, termURL: String) throws(SipsError) {
        guard Self.isHTTPURL(acsURL) else { throw .invalidURL("the ACS URL") }
        guard Self.isHTTPURL(termURL) else { throw .invalidURL("TermUrl") }
        guard !CardNumberRuns(merchantData, separators: .punctuation).holdsCardNumber else { throw .cardNumberInMerchantData }
        let printable = merchantData.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }
        let md = printable ? merchantData : Base64.encode(Array(merchantData.utf8))
        guard md.utf8.count <= ProcessorDecisions.sipsMaximumMDBytes else { throw .merchantDataTooLong(bytes: md.utf8.count) }
        self.acsURL = acsURL
        self.paReq = paReq
        self.merchantData = md
        merchantDataIsBase64 = !printable
        self.termURL = termURL
    }

    /// The page: a self-submitting form, with a button for browsers that run no scripts.
    public var html: String {
        let e = HTMLEscaping.escape
        return """
        <!DOCTYPE html>
        <html>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>3-D Secure</title>
        </head>
        <body onload="document.forms[0].submit()">
        <form method="post" action="\(e(acsURL))">
        <input type="hidden" name="PaReq" value="\(e(paReq))">
        <input type="hidden" name="MD" value="\(e(merchantData))">
        <input type="hidden" name="TermUrl" value="\(e(termURL))">
        <noscript><button type="submit">Continue</button></noscript>
        </form>
        </body>
        </html>

        """
    }

    /// Names the ACS host only.
    public var description: String { "SipsACSForm(\(acsURL.split(separator: "/").dropFirst().first ?? ""))" }

    static func isHTTPURL(_ text: String) -> Bool {
        WebLink.checked(text) != nil
    }
}
