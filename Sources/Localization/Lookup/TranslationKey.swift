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

    /// The web form's own texts by the id its view gives them (`view.texts.pay`, ...): the pay
    /// button, the co-badge choice's legend, the detected brand's announcement, the accounts on
    /// file's legend and their "another card", the announcement of an invalid form.
    static let webFormTexts: [(id: String, key: String)] = [
        ("pay", payButton), ("brandChoice", "gc.app.webForm.brandChoice"), ("detectedBrand", "gc.app.webForm.detectedBrand"),
        ("savedCard", "gc.app.webForm.savedCard"), ("otherCard", "gc.app.webForm.otherCard"), ("invalidForm", "gc.app.webForm.invalidForm"),
    ]

    static func validationError(_ messageId: String) -> String {
        "gc.general.paymentProductFields.validationErrors.\(messageId).label"
    }

    /// A validation message for one field, on every product (`cardNumber`'s `length.tooShort`:
    /// "Enter the full card number.").
    static func fieldValidationError(fieldId: String, _ messageId: String) -> String {
        "gc.general.paymentProductFields.\(fieldId).validationErrors.\(messageId).label"
    }

    /// A validation message for one field of one product.
    static func productFieldValidationError(productId: String, fieldId: String, _ messageId: String) -> String {
        "gc.general.paymentProducts.\(productId).paymentProductFields.\(fieldId).validationErrors.\(messageId).label"
    }

    /// The form of `key`'s text for numbers of `category` (`…length.min.label#one`).
    static func pluralForm(_ key: String, _ category: PluralCategory) -> String {
        key + String(pluralSeparator) + category.rawValue
    }

    /// What separates a key from a plural category in a plural form's key.
    static let pluralSeparator: Character = "#"

    /// The key a plural form's key is a form of (`…label#one` → `…label`); `nil` for a key that is
    /// no plural form.
    static func pluralBase(of key: String) -> (key: String, category: PluralCategory)? {
        guard let separator = key.lastIndex(of: pluralSeparator),
              let category = PluralCategory(rawValue: String(key[key.index(after: separator)...])), category != .other
        else { return nil }
        return (String(key[..<separator]), category)
    }
}
