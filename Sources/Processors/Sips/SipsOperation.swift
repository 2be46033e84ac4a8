/// The functions of the Sips In-App SDK the engine prepares inputs for or reads answers of.
///
/// Each function runs after the merchant's server called a Sips *initialize* service with the
/// function's ``sdkOperationName``; the operations with card input have a shipped definition
/// (``definitionName``) that the form engine renders, edits and validates like any product.
public enum SipsOperation: String, Sendable, Hashable, CaseIterable {
    /// Pays with a card typed in the app.
    case cardOrder
    /// Pays with a card saved in the customer's Sips wallet.
    case walletOrder
    /// Checks 3-D Secure enrolment for a typed card, then pays after the ACS step.
    case cardCheckEnrollment
    /// Checks 3-D Secure enrolment for a wallet card.
    case walletCheckEnrollment
    /// Continues ``cardCheckEnrollment`` with the ACS's PaRes.
    case cardValidateAuthenticationAndOrder
    /// Saves a card in the wallet.
    case addCard
    /// Reads the wallet's cards.
    case getWalletData
    /// Removes a card from the wallet.
    case deletePaymentMean
    /// Reads a card's details from its number or IIN (one entry per brand for a co-badged card).
    case getCardData
    /// Makes a payment token from card data.
    case paymentTokenGenerate
    /// Pays through a payment provider's app (Bancontact).
    case paymentProviderOrder
    /// Continues ``paymentProviderOrder`` when the provider's app returns.
    case getTransactionData

    /// The `sdkOperationName` the merchant's server sends to the initialize service, or `nil` for
    /// the continuation calls.
    public var sdkOperationName: String? {
        switch self {
        case .cardOrder: "CARDORDER"
        case .walletOrder: "WALLETORDER"
        case .cardCheckEnrollment: "THREEDSECUREANDORDER"
        case .walletCheckEnrollment: "THREEDSECUREANDWALLETORDER"
        case .addCard: "ADDCARD"
        case .getWalletData: "GETWALLETDATA"
        case .deletePaymentMean: "DELETEPAYMENTMEAN"
        case .getCardData: "GETCARDDATA"
        case .paymentTokenGenerate: "PAYMENTTOKENGENERATE"
        case .paymentProviderOrder: "PAYMENTPROVIDERORDER"
        case .cardValidateAuthenticationAndOrder, .getTransactionData: nil
        }
    }

    /// The shipped definition of the form this function takes (`sample:NAME` in `payform`), or
    /// `nil` when it takes no customer input the engine handles.
    public var definitionName: String? {
        switch self {
        case .cardOrder: "sips-card-order"
        case .walletOrder, .walletCheckEnrollment: "sips-wallet-order"
        case .cardCheckEnrollment: "sips-card-check-enrollment"
        case .addCard: "sips-add-card"
        case .getCardData: "sips-get-card-data"
        case .paymentTokenGenerate: "sips-payment-token"
        case .deletePaymentMean: "sips-delete-payment-mean"
        case .cardValidateAuthenticationAndOrder, .getWalletData, .paymentProviderOrder, .getTransactionData: nil
        }
    }

    /// Card inputs of which at least one must be given (the SDK's "at least one of these fields"
    /// rule), beyond the definition's own required fields.
    public var atLeastOneOf: [String] {
        switch self {
        case .getCardData: ["cardIIN", "cardNumber"]
        case .paymentTokenGenerate: ["cardNumber", "cardExpiryDate", "cardCSCValue"]
        default: []
        }
    }

    /// The function whose answer a continuation call takes its context from (for
    /// `cardValidateAuthenticationAndOrder` the enrolment checks, read as `cardCheckEnrollment`'s
    /// answer, whose members the wallet check shares); `nil` for the calls made after an
    /// initialize service.
    package var continued: SipsOperation? {
        switch self {
        case .cardValidateAuthenticationAndOrder: .cardCheckEnrollment
        case .getTransactionData: .paymentProviderOrder
        default: nil
        }
    }

    /// Whether the call takes the initialize answer's `redirectionData` (the token call does not).
    var takesRedirectionData: Bool { self != .paymentTokenGenerate }

    /// Whether the call takes a brand choice (`paymentMeanBrand`, `paymentMeanBrandSelectionStatus`).
    package var takesBrand: Bool {
        switch self {
        case .cardOrder, .walletOrder, .cardCheckEnrollment, .walletCheckEnrollment, .addCard, .paymentTokenGenerate: true
        default: false
        }
    }
}
