// The umbrella module an app imports: `import PaymentFormEngine`.
//
// Its public surface is the list below: the engine's types, re-exported by type alias from the
// modules that define them. Nothing is re-exported wholesale, so the JSON parser, the crypto
// primitives and the command-line tool's internals never reach an app's namespace, and an app is
// free to have its own `Validation`, `Masking` or `Form` names.
//
// Members declared in extensions follow their type. (A target that enables the
// `MemberImportVisibility` upcoming feature must also import the defining module, for example
// `PaymentFormMasking`, to call them.)
import PaymentFormBrands
import PaymentFormCore
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormProcessors
import PaymentFormSession
import PaymentFormValidation

// MARK: - The Client API model

/// A value the Client API sends as JSON (`PaymentFormCore.ClientAPIModel`).
public typealias ClientAPIModel = PaymentFormCore.ClientAPIModel
/// A payment product (`PaymentFormCore.PaymentProduct`).
public typealias PaymentProduct = PaymentFormCore.PaymentProduct
/// A product or a group, as forms and requests take them (`PaymentFormCore.PaymentItem`).
public typealias PaymentItem = PaymentFormCore.PaymentItem
/// Whether an item is a product or a group (`PaymentFormCore.PaymentItemKind`).
public typealias PaymentItemKind = PaymentFormCore.PaymentItemKind
/// A payment product group (`PaymentFormCore.PaymentProductGroup`).
public typealias PaymentProductGroup = PaymentFormCore.PaymentProductGroup
/// The list of payment products (`PaymentFormCore.PaymentProductList`).
public typealias PaymentProductList = PaymentFormCore.PaymentProductList
/// The list of payment product groups (`PaymentFormCore.PaymentProductGroupList`).
public typealias PaymentProductGroupList = PaymentFormCore.PaymentProductGroupList
/// A field of a product (`PaymentFormCore.PaymentProductField`).
public typealias PaymentProductField = PaymentFormCore.PaymentProductField
/// A field's type (`PaymentFormCore.FieldType`).
public typealias FieldType = PaymentFormCore.FieldType
/// A field's validation rules (`PaymentFormCore.DataRestrictions`).
public typealias DataRestrictions = PaymentFormCore.DataRestrictions
/// A product's display hints (`PaymentFormCore.DisplayHints`).
public typealias DisplayHints = PaymentFormCore.DisplayHints
/// A field's display hints (`PaymentFormCore.FieldDisplayHints`).
public typealias FieldDisplayHints = PaymentFormCore.FieldDisplayHints
/// How a field is drawn (`PaymentFormCore.FormElement`).
public typealias FormElement = PaymentFormCore.FormElement
/// The kind of form element (`PaymentFormCore.FormElementType`).
public typealias FormElementType = PaymentFormCore.FormElementType
/// The keyboard a field prefers (`PaymentFormCore.PreferredInputType`).
public typealias PreferredInputType = PaymentFormCore.PreferredInputType
/// A field's tooltip (`PaymentFormCore.Tooltip`).
public typealias Tooltip = PaymentFormCore.Tooltip
/// An option of a list field (`PaymentFormCore.ValueMappingItem`).
public typealias ValueMappingItem = PaymentFormCore.ValueMappingItem
/// A display element of a list option (`PaymentFormCore.DisplayElement`).
public typealias DisplayElement = PaymentFormCore.DisplayElement
/// A stored account of the customer (`PaymentFormCore.AccountOnFile`).
public typealias AccountOnFile = PaymentFormCore.AccountOnFile
/// A stored value of an account on file (`PaymentFormCore.AccountOnFileAttribute`).
public typealias AccountOnFileAttribute = PaymentFormCore.AccountOnFileAttribute
/// A part of an account-on-file label (`PaymentFormCore.LabelTemplateItem`).
public typealias LabelTemplateItem = PaymentFormCore.LabelTemplateItem
/// The context of a payment (amount, country, ...) (`PaymentFormCore.PaymentContext`).
public typealias PaymentContext = PaymentFormCore.PaymentContext
/// An amount in minor units with its currency (`PaymentFormCore.AmountOfMoney`).
public typealias AmountOfMoney = PaymentFormCore.AmountOfMoney
/// The IIN details of a card number prefix (`PaymentFormCore.IINDetailsResponse`).
public typealias IINDetailsResponse = PaymentFormCore.IINDetailsResponse
/// The platform's public key response (`PaymentFormCore.PublicKeyResponse`).
public typealias PublicKeyResponse = PaymentFormCore.PublicKeyResponse
/// A product's directory (iDEAL banks, ...) (`PaymentFormCore.Directory`).
public typealias Directory = PaymentFormCore.Directory
/// An entry of a directory (`PaymentFormCore.DirectoryEntry`).
public typealias DirectoryEntry = PaymentFormCore.DirectoryEntry
/// Why a definition could not be read (`PaymentFormCore.DefinitionError`).
public typealias DefinitionError = PaymentFormCore.DefinitionError
/// A problem noticed while reading a definition (`PaymentFormCore.DefinitionDiagnostic`).
public typealias DefinitionDiagnostic = PaymentFormCore.DefinitionDiagnostic
/// Where a value sits in a JSON document (`PaymentFormCore.JSONPath`).
public typealias JSONPath = PaymentFormCore.JSONPath

/// What a customer lookup found (`PaymentFormCore.CustomerDetails`).
public typealias CustomerDetails = PaymentFormCore.CustomerDetails
/// Where a third-party payment stands (`PaymentFormCore.ThirdPartyStatusResponse`).
public typealias ThirdPartyStatusResponse = PaymentFormCore.ThirdPartyStatusResponse
/// The networks a wallet product accepts (`PaymentFormCore.PaymentProductNetworks`).
public typealias PaymentProductNetworks = PaymentFormCore.PaymentProductNetworks
/// A converted amount (`PaymentFormCore.ConvertedAmount`).
public typealias ConvertedAmount = PaymentFormCore.ConvertedAmount
/// The body of a Client API error answer (`PaymentFormCore.ClientAPIErrorResponse`).
public typealias ClientAPIErrorResponse = PaymentFormCore.ClientAPIErrorResponse

// MARK: - The Client API session

/// The Client API session (`PaymentFormSession.ClientSession`).
public typealias ClientSession = PaymentFormSession.ClientSession
/// What a session needs (`PaymentFormSession.ClientSessionConfiguration`).
public typealias ClientSessionConfiguration = PaymentFormSession.ClientSessionConfiguration
/// Why a Client API call failed (`PaymentFormSession.ClientAPIError`).
public typealias ClientAPIError = PaymentFormSession.ClientAPIError
/// Sends a session's HTTP requests (`PaymentFormSession.ClientAPITransport`).
public typealias ClientAPITransport = PaymentFormSession.ClientAPITransport
/// The default transport (`PaymentFormSession.URLSessionTransport`).
public typealias URLSessionTransport = PaymentFormSession.URLSessionTransport
/// A request a transport sends (`PaymentFormSession.ClientAPIRequest`).
public typealias ClientAPIRequest = PaymentFormSession.ClientAPIRequest
/// A transport's answer (`PaymentFormSession.ClientAPIResponse`).
public typealias ClientAPIResponse = PaymentFormSession.ClientAPIResponse
/// An HTTP header field (`PaymentFormSession.HTTPHeaderField`).
public typealias HTTPHeaderField = PaymentFormSession.HTTPHeaderField
/// Products and groups of a context (`PaymentFormSession.PaymentItems`).
public typealias PaymentItems = PaymentFormSession.PaymentItems
/// The status of an IIN lookup (`PaymentFormSession.IINStatus`).
public typealias IINStatus = PaymentFormSession.IINStatus
/// The answer of an IIN lookup (`PaymentFormSession.IINLookupResult`).
public typealias IINLookupResult = PaymentFormSession.IINLookupResult
/// IIN lookups of one card-number field (`PaymentFormSession.CardNumberLookup`).
public typealias CardNumberLookup = PaymentFormSession.CardNumberLookup
/// Offline brand detection plugged into a session (`PaymentFormSession.OfflineBrandDetector`).
public typealias OfflineBrandDetector = PaymentFormSession.OfflineBrandDetector
/// An offline detector's answer (`PaymentFormSession.OfflineBrandDetection`).
public typealias OfflineBrandDetection = PaymentFormSession.OfflineBrandDetection
/// Client API product ids of card brands (`PaymentFormSession.CardBrandProducts`).
public typealias CardBrandProducts = PaymentFormSession.CardBrandProducts

// MARK: - Requests, validation and forms

/// What a customer entered for a product (`PaymentFormCore.PaymentRequest`).
public typealias PaymentRequest = PaymentFormCore.PaymentRequest
/// Why a request refused an operation (`PaymentFormCore.PaymentRequestError`).
public typealias PaymentRequestError = PaymentFormCore.PaymentRequestError
/// The result of validating a request (`PaymentFormCore.ValidationReport`).
public typealias ValidationReport = PaymentFormCore.ValidationReport
/// A validation error on one field (`PaymentFormCore.FieldError`).
public typealias FieldError = PaymentFormCore.FieldError
/// A form as a front end draws it (`PaymentFormCore.PaymentForm`).
public typealias PaymentForm = PaymentFormCore.PaymentForm
/// A field of a form (`PaymentFormCore.FormField`).
public typealias FormField = PaymentFormCore.FormField
/// An option of a list field in a form (`PaymentFormCore.FormOption`).
public typealias FormOption = PaymentFormCore.FormOption
/// The kind of input a form field needs (`PaymentFormCore.FormInputType`).
public typealias FormInputType = PaymentFormCore.FormInputType
/// Formats and edits one field's text (`PaymentFormCore.FieldFormatter`).
public typealias FieldFormatter = PaymentFormCore.FieldFormatter
/// The state a payment screen binds to, one method per event (`PaymentFormCore.PaymentFormController`).
public typealias PaymentFormController = PaymentFormCore.PaymentFormController
/// One field's text, caret, state and message in a controller (`PaymentFormCore.FormFieldState`).
public typealias FormFieldState = PaymentFormCore.FormFieldState
/// What a controller event changed (`PaymentFormCore.FormUpdate`).
public typealias FormUpdate = PaymentFormCore.FormUpdate
/// A controller's answer to submit (`PaymentFormCore.FormSubmission`).
public typealias FormSubmission = PaymentFormCore.FormSubmission

// MARK: - Card brands

/// A card brand such as Visa or Dankort (`PaymentFormBrands.Brand`).
public typealias Brand = PaymentFormBrands.Brand
/// A range of card-number prefixes of a brand (`PaymentFormBrands.BrandPrefixRange`).
public typealias BrandPrefixRange = PaymentFormBrands.BrandPrefixRange
/// The table of card brands (`PaymentFormBrands.BrandTable`).
public typealias BrandTable = PaymentFormBrands.BrandTable
/// Why a brand table was refused (`PaymentFormBrands.BrandTableError`).
public typealias BrandTableError = PaymentFormBrands.BrandTableError
/// Offline brand detection as the customer types (`PaymentFormBrands.BrandDetector`).
public typealias BrandDetector = PaymentFormBrands.BrandDetector
/// What detection says about a card number (`PaymentFormBrands.BrandDetection`).
public typealias BrandDetection = PaymentFormBrands.BrandDetection
/// Why a card number could not be read for detection (`PaymentFormBrands.CardNumberInputError`).
public typealias CardNumberInputError = PaymentFormBrands.CardNumberInputError
/// Grouping and length limits of a card-number field (`PaymentFormBrands.CardNumberLayout`).
public typealias CardNumberLayout = PaymentFormBrands.CardNumberLayout
/// The customer's choice of brand for a co-badged card (`PaymentFormBrands.BrandChoice`).
public typealias BrandChoice = PaymentFormBrands.BrandChoice
/// Why a brand could not be selected (`PaymentFormBrands.BrandChoiceError`).
public typealias BrandChoiceError = PaymentFormBrands.BrandChoiceError

// MARK: - Encryption

/// The platform's public key (`PaymentFormCore.EncryptionKey`).
public typealias EncryptionKey = PaymentFormCore.EncryptionKey
/// How the payload's key is wrapped (`PaymentFormCore.KeyWrapAlgorithm`).
public typealias KeyWrapAlgorithm = PaymentFormCore.KeyWrapAlgorithm
/// The device and app information sent with a payment (`PaymentFormCore.ClientMetaInfo`).
public typealias ClientMetaInfo = PaymentFormCore.ClientMetaInfo
/// The encrypted request for the merchant's server (`PaymentFormCore.PreparedPaymentRequest`).
public typealias PreparedPaymentRequest = PaymentFormCore.PreparedPaymentRequest
/// Why a request could not be prepared (`PaymentFormCore.PrepareError`).
public typealias PrepareError = PaymentFormCore.PrepareError

// MARK: - Masks and editing

/// An input mask such as `{{9999}} {{9999}}` (`PaymentFormMasking.Mask`).
public typealias Mask = PaymentFormMasking.Mask
/// One text-field edit (`PaymentFormMasking.TextEdit`).
public typealias TextEdit = PaymentFormMasking.TextEdit
/// The result of an edit (`PaymentFormMasking.EditResult`).
public typealias EditResult = PaymentFormMasking.EditResult
/// Whether an edit changed the text (`PaymentFormMasking.EditOutcome`).
public typealias EditOutcome = PaymentFormMasking.EditOutcome
/// Formatted text with a cursor (`PaymentFormMasking.FormattedText`).
public typealias FormattedText = PaymentFormMasking.FormattedText

// MARK: - Validators

/// A validation rule (`PaymentFormValidation.Validator`).
public typealias Validator = PaymentFormValidation.Validator
/// A failed rule (`PaymentFormValidation.ValidationError`).
public typealias ValidationError = PaymentFormValidation.ValidationError
/// A parameter of a failed rule (`PaymentFormValidation.ValidationParameter`).
public typealias ValidationParameter = PaymentFormValidation.ValidationParameter
/// What validation needs to know (the current month) (`PaymentFormValidation.ValidationContext`).
public typealias ValidationContext = PaymentFormValidation.ValidationContext
/// A calendar month (`PaymentFormValidation.YearMonth`).
public typealias YearMonth = PaymentFormValidation.YearMonth
/// The as-you-type state of a value (`PaymentFormValidation.InputState`).
public typealias InputState = PaymentFormValidation.InputState
/// A whole-match regular expression (`PaymentFormValidation.RegularExpression`).
public typealias RegularExpression = PaymentFormValidation.RegularExpression
/// Why a pattern does not compile (`PaymentFormValidation.RegularExpressionError`).
public typealias RegularExpressionError = PaymentFormValidation.RegularExpressionError

// MARK: - Localization

/// Localized labels and messages (`PaymentFormLocalization.Localizer`).
public typealias Localizer = PaymentFormLocalization.Localizer
/// Which text of a field to look up (`PaymentFormLocalization.FieldText`).
public typealias FieldText = PaymentFormLocalization.FieldText

// MARK: - Other platforms: Sips In-App and Saferpay

/// The choices the Sips and Saferpay documentation leaves open, decided in one place (`PaymentFormProcessors.ProcessorDecisions`).
public typealias ProcessorDecisions = PaymentFormProcessors.ProcessorDecisions
/// The self-submitting 3-D Secure form for the ACS, every value escaped (`PaymentFormProcessors.SipsACSForm`).
public typealias SipsACSForm = PaymentFormProcessors.SipsACSForm
/// `PaRes` and `MD` read back from the TermUrl callback (`PaymentFormProcessors.SipsAuthenticationResult`).
public typealias SipsAuthenticationResult = PaymentFormProcessors.SipsAuthenticationResult
/// Card brand names as Sips writes them (`CB`, `VISA`) (`PaymentFormProcessors.SipsBrand`).
public typealias SipsBrand = PaymentFormProcessors.SipsBrand
/// The parameters of one Sips In-App SDK call, built from a validated form (`PaymentFormProcessors.SipsCallParameters`).
public typealias SipsCallParameters = PaymentFormProcessors.SipsCallParameters
/// Why a Sips input or answer could not be used (`PaymentFormProcessors.SipsError`).
public typealias SipsError = PaymentFormProcessors.SipsError
/// The Sips initialize answer the app receives from its server (`PaymentFormProcessors.SipsInitialization`).
public typealias SipsInitialization = PaymentFormProcessors.SipsInitialization
/// The Sips In-App SDK functions (`PaymentFormProcessors.SipsOperation`).
public typealias SipsOperation = PaymentFormProcessors.SipsOperation
/// The typed answer of one Sips SDK function (`PaymentFormProcessors.SipsResponse`).
public typealias SipsResponse = PaymentFormProcessors.SipsResponse
/// One card's details from Sips (one per brand for a co-badged card) (`PaymentFormProcessors.SipsCardData`).
public typealias SipsCardData = PaymentFormProcessors.SipsCardData
/// The Sips 1.0 identification of a transaction (`PaymentFormProcessors.SipsS10TransactionReference`).
public typealias SipsS10TransactionReference = PaymentFormProcessors.SipsS10TransactionReference
/// A card saved in the customer's Sips wallet (`PaymentFormProcessors.SipsWalletItem`).
public typealias SipsWalletItem = PaymentFormProcessors.SipsWalletItem
/// The answer of a Sips order (`PaymentFormProcessors.SipsOrderResponse`).
public typealias SipsOrderResponse = PaymentFormProcessors.SipsOrderResponse
/// The answer of a Sips 3-D Secure enrolment check (`PaymentFormProcessors.SipsCardCheckEnrollmentResponse`).
public typealias SipsCardCheckEnrollmentResponse = PaymentFormProcessors.SipsCardCheckEnrollmentResponse
/// The answer of Sips `getCardData` (`PaymentFormProcessors.SipsGetCardDataResponse`).
public typealias SipsGetCardDataResponse = PaymentFormProcessors.SipsGetCardDataResponse
/// The answer of Sips `getWalletData` (`PaymentFormProcessors.SipsGetWalletDataResponse`).
public typealias SipsGetWalletDataResponse = PaymentFormProcessors.SipsGetWalletDataResponse
/// The answer of Sips `addCard` (`PaymentFormProcessors.SipsAddCardResponse`).
public typealias SipsAddCardResponse = PaymentFormProcessors.SipsAddCardResponse
/// The answer of Sips `deletePaymentMean` (`PaymentFormProcessors.SipsDeletePaymentMeanResponse`).
public typealias SipsDeletePaymentMeanResponse = PaymentFormProcessors.SipsDeletePaymentMeanResponse
/// The answer of Sips `paymentProviderOrder` (`PaymentFormProcessors.SipsPaymentProviderResponse`).
public typealias SipsPaymentProviderResponse = PaymentFormProcessors.SipsPaymentProviderResponse
/// The answer of Sips `getTransactionData` (`PaymentFormProcessors.SipsGetTransactionDataResponse`).
public typealias SipsGetTransactionDataResponse = PaymentFormProcessors.SipsGetTransactionDataResponse
/// The answer of Sips `paymentTokenGenerate` (`PaymentFormProcessors.SipsPaymentTokenResponse`).
public typealias SipsPaymentTokenResponse = PaymentFormProcessors.SipsPaymentTokenResponse
/// The class of a Sips answer (success, not authorised, retry later, failed) (`PaymentFormProcessors.SipsOutcome`).
public typealias SipsOutcome = PaymentFormProcessors.SipsOutcome
/// A Sips answer read against the form: outcome, field errors, message (`PaymentFormProcessors.SipsResult`).
public typealias SipsResult = PaymentFormProcessors.SipsResult
/// The HMAC seal of Sips JSON messages (merchant servers and backend tests) (`PaymentFormProcessors.SipsSeal`).
public typealias SipsSeal = PaymentFormProcessors.SipsSeal
/// One brand the customer may choose for a co-badged card (`PaymentFormProcessors.SipsBrandChoice`).
public typealias SipsBrandChoice = PaymentFormProcessors.SipsBrandChoice
/// What Saferpay advises after an error (retry, retry later, do not retry, other means) (`PaymentFormProcessors.SaferpayBehavior`).
public typealias SaferpayBehavior = PaymentFormProcessors.SaferpayBehavior
/// Saferpay's card post from the app to the RedirectUrl (`PaymentFormProcessors.SaferpayCardPost`).
public typealias SaferpayCardPost = PaymentFormProcessors.SaferpayCardPost
/// Saferpay's answer to a card post: a redirect or an error (`PaymentFormProcessors.SaferpayPostResult`).
public typealias SaferpayPostResult = PaymentFormProcessors.SaferpayPostResult
/// A Saferpay error answer mapped onto the form (`PaymentFormProcessors.SaferpayErrorAnswer`).
public typealias SaferpayErrorAnswer = PaymentFormProcessors.SaferpayErrorAnswer
/// Why a Saferpay card post could not be made or read (`PaymentFormProcessors.SaferpayError`).
public typealias SaferpayError = PaymentFormProcessors.SaferpayError
/// Which of the shop's return URLs a web view is about to load (`PaymentFormProcessors.SaferpayReturn`).
public typealias SaferpayReturn = PaymentFormProcessors.SaferpayReturn
