import PaymentFormCore
import PaymentFormLocalization
import PaymentFormValidation

/// What a ``FormSession`` opens with, already read: `payform form` fills it from its flags
/// (files, `--locale`, `--now`, ...), a page from its `form.open` request, each naming its own
/// inputs in its errors.
package struct FormOptions: Sendable {
    /// The form's product.
    package var product: PaymentProduct
    /// The products `selectProduct` may switch to.
    package var otherProducts: [PaymentProduct]
    /// The id of an account on file of ``product`` to start with selected.
    package var accountOnFile: String?
    /// The language of labels and messages.
    package var localizer: Localizer
    /// The month expiry checks take as now.
    package var validation: ValidationContext
    /// What `submit` needs to encrypt a valid form; `nil`: submit validates only.
    package var preparation: FormPreparation?

    /// Options from their parts.
    package init(product: PaymentProduct, otherProducts: [PaymentProduct] = [], accountOnFile: String? = nil, localizer: Localizer,
                 validation: ValidationContext, preparation: FormPreparation? = nil) {
        self.product = product
        self.otherProducts = otherProducts
        self.accountOnFile = accountOnFile
        self.localizer = localizer
        self.validation = validation
        self.preparation = preparation
    }
}
