import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormValidation

/// One form driven by events: what `payform form` keeps between its input lines, and what the
/// web engine keeps for a form mounted in a page. Opened from `payform form`'s options; each
/// event (a JSON object of the `form` protocol) is answered as `payform form` answers it.
package struct FormSession: Sendable {
    /// The form's state.
    package private(set) var controller: PaymentFormController
    /// What `submit` needs to encrypt a valid form, when a key and a session id were given.
    package let preparation: FormCommand.Preparation?
    /// What reading the products noticed (unknown members, ...), for standard error.
    package let warnings: [String]

    /// Opens the form `arguments` describe (`--product FILE`..., `--account-on-file`, `--locale`,
    /// `--now`, `--public-key` with `--client-session-id`). `sampleLocale` shows a shipped sample
    /// in the form's language, as the platform serves it (the page does; `payform form` keeps the
    /// sample as it ships).
    package init(_ arguments: ParsedArguments<FormCommand.Option>, _ context: CommandContext, localizesSamples: Bool = false) throws(CLIError) {
        let paths = arguments.values(.product)
        guard !paths.isEmpty else { throw .usage("missing required option --product (see --help)") }
        if paths.contains("-") { throw .usage("--product - is not possible here: standard input carries the events") }
        let localizer = context.localizer(arguments)
        var warnings: [String] = []
        var products: [PaymentProduct] = []
        for path in paths {
            let (product, productWarnings) = try context.product(at: path, sampleLocale: localizesSamples ? localizer.languageTag : nil)
            products.append(product)
            warnings += productWarnings
        }
        switch (arguments.value(.publicKey), arguments.value(.clientSessionId)) {
        case (let path?, let session?):
            if path == "-" { throw .usage("--public-key - is not possible here: standard input carries the events") }
            preparation = FormCommand.Preparation(
                key: try context.encryptionKey(at: path, keyId: arguments.value(.keyId)), clientSessionId: session,
                metaInfo: context.clientMetaInfo(arguments.value(.appIdentifier) ?? "UNKNOWN"))
        case (nil, nil): preparation = nil
        default: throw .usage("give --public-key and --client-session-id together")
        }
        let validation = try context.validationContext(arguments)
        let others = products.dropFirst().map(AnyPaymentItem.product)
        if let account = arguments.value(.accountOnFile) {
            do {
                controller = try PaymentFormController(item: products[0], accountOnFileId: account, localizer: localizer,
                                                       context: validation, otherItems: others)
            } catch {
                throw CLIError(code: error.code, message: "--account-on-file \(account): \(error.description)")
            }
        } else {
            controller = PaymentFormController(item: products[0], localizer: localizer, context: validation, otherItems: others)
        }
        self.warnings = warnings
    }

    /// Applies one event line (already parsed) and answers it; a malformed event or one the form
    /// refuses is a `bad_event` error, and the form is unchanged.
    package mutating func answer(_ event: JSONValue) throws(CLIError) -> JSONValue {
        try FormEvent(event).apply(to: &controller, preparation: preparation)
    }
}
