/// The sandbox's `tokenizer.min.js`: the platform's published client API of the hosted
/// tokenization page, for a merchant page, unchanged:
///
/// - `new Tokenizer(hostedTokenizationUrl, containerId, options, tokenId?)`;
/// - `initialize()`: a Promise; frames the page (`iframe[name=htpIframe0]`, the next instance
///   `htpIframe1`, ...) into the element of id `containerId`, resolves once the form is ready,
///   rejects with `{message}`;
/// - `submitTokenization({storePermanently})`: a Promise of `{success, hostedTokenizationId}` or
///   `{success: false, error: {message}}` (a second submit of a session fails so);
/// - `useToken(tokenId?)` (a stored card the session offers; without an id, back to a new card),
///   `setAmount(amount, currency)` (accepted, no surcharge computed), `destroy()`;
/// - options `validationCallback({valid})` and `paymentProductUpdatedCallback({paymentProductId})`;
///   `hideCardholderName`, `hideTokenFields`, `surchargeCallback` are accepted and not applied.
///
/// Messages go to the frame only, at its exact origin; a message is taken only from the frame's
/// window at that origin; none carries card data. The frame's height follows its content.
///
/// The script is the file `Resources/HostedTokenization/tokenizer.min.js`, embedded at build time
/// (the npm package ships the same file).
package enum TokenizerScript {
    /// The file's key among the embedded resources.
    package static let resource = "HostedTokenization/tokenizer.min.js"
    /// The script (empty only if the build left the file out, which a test rules out).
    package static var source: String { EmbeddedResources.files[resource] ?? "" }
}
