/// The Client API's translation key conventions (`gc.general.…`), in one place.
enum TranslationKey {
    static func productName(productId: String) -> String {
        "gc.general.paymentProducts.\(productId).name"
    }

    /// The localized stand-in for a product nobody named, e.g. "Payment method {productId}".
    static let unnamedProduct = "gc.general.paymentProducts.unnamed.name"

    static func productGroupName(groupId: String) -> String {
        "gc.general.paymentProductGroups.\(groupId).name"
    }

    static func productField(productId: String, fieldId: String, _ text: FieldText) -> String {
        "gc.general.paymentProducts.\(productId).paymentProductFields.\(fieldId).\(text.rawValue)"
    }

    static func genericField(fieldId: String, _ text: FieldText) -> String {
        "gc.general.paymentProductFields.\(fieldId).\(text.rawValue)"
    }

    /// The text of a field's link (`{link}` in a terms-and-conditions label), for one product.
    static func productFieldLink(productId: String, fieldId: String) -> String {
        "gc.general.paymentProducts.\(productId).paymentProductFields.\(fieldId).link.label"
    }

    /// The text of a field's link, for every product.
    static func genericFieldLink(fieldId: String) -> String {
        "gc.general.paymentProductFields.\(fieldId).link.label"
    }

    /// The pay button of a form.
    static let payButton = "gc.app.paymentProductDetails.payButton"

    /// The notice on a form preview that it sends nothing.
    static let previewNotice = "gc.app.paymentProductDetails.previewNotice"

    static func validationError(_ messageId: String) -> String {
        "gc.general.paymentProductFields.validationErrors.\(messageId).label"
    }
}
