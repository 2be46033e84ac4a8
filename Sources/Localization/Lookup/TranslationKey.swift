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

    static func validationError(_ messageId: String) -> String {
        "gc.general.paymentProductFields.validationErrors.\(messageId).label"
    }
}
