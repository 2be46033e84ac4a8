/// The script of the hosted tokenization page (``HostedTokenizationPage``), inside the iframe:
/// mounts the web form on the session's own client session (or shows a stored card the session
/// offers, with its security code) and speaks the postMessage protocol `payform-htp/1` with the
/// merchant page's ``TokenizerScript``.
///
/// - It takes messages only from its embedding window (`window.parent`), and pins that window's
///   origin at the first `init` (which must be the frame's first ancestor origin where the
///   browser tells it, `location.ancestorOrigins`); later messages from another origin are
///   ignored, and every message it sends names that origin as its target.
/// - To the merchant page it sends `ready` / `failed {message}`, `resize {height}`,
///   `validity {valid}`, `product {paymentProductId}` and `submitted {requestId, result}`: never
///   a field's value.
/// - On `submit` the form encrypts the card for the session's client session and the page posts
///   it to `/hostedtokenization/submit/<id>` with `storePermanently` and the consent checkbox (for
///   a stored card: its id and security code).
///
/// The script is the file `Resources/HostedTokenization/page.mjs`, embedded at build time.
package enum HostedTokenizationPageScript {
    /// The file's key among the embedded resources.
    package static let resource = "HostedTokenization/page.mjs"
    /// The script (empty only if the build left the file out, which a test rules out).
    package static var source: String { EmbeddedResources.files[resource] ?? "" }
}
