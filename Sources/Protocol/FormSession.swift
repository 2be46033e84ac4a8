import PaymentFormCore
import PaymentFormJSON

/// One form driven by events: what `payform form` keeps between its input lines, and what the
/// web engine keeps for a form mounted in a page. Opened from ``FormOptions`` (which `payform
/// form` reads from its flags and a page sends as its `form.open` request); each event (a JSON
/// object of the form protocol, ``FormEvent``) is answered as `payform form` answers it.
package struct FormSession: Sendable {
    /// The form's state.
    package private(set) var controller: PaymentFormController
    /// What `submit` needs to encrypt a valid form, when a key and a session id were given.
    package let preparation: FormPreparation?

    /// Opens the form `options` describe.
    ///
    /// - Throws: the controller's ``PaymentRequestError/unknownAccountOnFile(_:)`` when the
    ///   product has no account on file with the id the options name.
    package init(_ options: FormOptions) throws(PaymentRequestError) {
        if let account = options.accountOnFile {
            controller = try PaymentFormController(item: options.item, accountOnFileId: account, localizer: options.localizer,
                                                   context: options.validation, otherItems: options.otherItems,
                                                   preferredBrandId: options.preferredBrand)
        } else {
            controller = PaymentFormController(item: options.item, localizer: options.localizer, context: options.validation,
                                               otherItems: options.otherItems, preferredBrandId: options.preferredBrand)
        }
        preparation = options.preparation
    }

    /// Applies one event (already parsed) and answers it; a malformed event or one the form
    /// refuses is a `bad_event` error, and the form is unchanged.
    package mutating func answer(_ event: JSONValue) throws(FormProtocolError) -> JSONValue {
        try FormEvent(event).apply(to: &controller, preparation: preparation)
    }
}
