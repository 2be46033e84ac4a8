import PaymentFormEngine

extension HTTPResponse {
    /// The header fields every answer of the sandbox carries, whatever answered it (Client API,
    /// Server API, pages, their scripts and the web form's files, assets, every error and refusal:
    /// ``bytes(closing:)`` adds them, unless an answer sets its own):
    ///
    /// - `X-Content-Type-Options: nosniff`: a browser takes each answer as its `Content-Type`
    ///   says, never guessing a script or a page from the bytes (a JSON error body that echoes
    ///   input is never run).
    /// - `Referrer-Policy: no-referrer`: the sandbox's URLs carry capabilities (a hosted
    ///   checkout's id, a payment id on the 3-D Secure page), and nothing the sandbox serves needs
    ///   a `Referer`; `strict-origin-when-cross-origin` would still send the full URL to the
    ///   sandbox's own origin and its origin elsewhere. The example shop sends the same.
    package static let securityHeaders: [HTTPHeaderField] = [
        HTTPHeaderField("X-Content-Type-Options", "nosniff"),
        HTTPHeaderField("Referrer-Policy", "no-referrer"),
    ]

    /// ``headers`` with each of ``securityHeaders`` the answer does not set itself.
    package var headersOnTheWire: [HTTPHeaderField] {
        headers.fields + Self.securityHeaders.filter { headers[$0.name] == nil }
    }
}
