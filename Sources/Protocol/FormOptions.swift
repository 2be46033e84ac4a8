import PaymentFormCore
import PaymentFormLocalization
import PaymentFormValidation

/// What a ``FormSession`` opens with, already read: `payform form` fills it from its flags
/// (files, `--locale`, `--now`, ...), a page from its `form.open` request, each naming its own
/// inputs in its errors.
package struct FormOptions: Sendable {
    /// The product or group the form opens on.
    package var item: AnyPaymentItem
    /// The other products (or groups) the form may switch to: on a card form, the merchant's
    /// other card products, among which the card number picks; `selectProduct` takes any.
    package var otherItems: [AnyPaymentItem]
    /// The id of an account on file of ``item`` to start with selected.
    package var accountOnFile: String?
    /// The language of labels and messages.
    package var localizer: Localizer
    /// The month expiry checks take as now.
    package var validation: ValidationContext
    /// What `submit` needs to encrypt a valid form; `nil`: submit validates only.
    package var preparation: FormPreparation?
    /// The co-badge brand the merchant pre-selects when a card offers it; `nil`: the brand the
    /// card lists first.
    package var preferredBrand: String?

    /// Options from their parts.
    package init(item: AnyPaymentItem, otherItems: [AnyPaymentItem] = [], accountOnFile: String? = nil, localizer: Localizer,
                 validation: ValidationContext, preparation: FormPreparation? = nil, preferredBrand: String? = nil) {
        self.item = item
        self.otherItems = otherItems
        self.accountOnFile = accountOnFile
        self.localizer = localizer
        self.validation = validation
        self.preparation = preparation
        self.preferredBrand = preferredBrand
    }

    /// Options for a product, with the products `selectProduct` may switch to.
    package init(product: PaymentProduct, otherProducts: [PaymentProduct] = [], accountOnFile: String? = nil, localizer: Localizer,
                 validation: ValidationContext, preparation: FormPreparation? = nil, preferredBrand: String? = nil) {
        self.init(item: .product(product), otherItems: otherProducts.map(AnyPaymentItem.product), accountOnFile: accountOnFile,
                  localizer: localizer, validation: validation, preparation: preparation, preferredBrand: preferredBrand)
    }
}
