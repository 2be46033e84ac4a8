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
import PaymentFormCore
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormProcessors
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

/// See `PaymentFormProcessors.ProcessorDecisions`.
public typealias ProcessorDecisions = PaymentFormProcessors.ProcessorDecisions
/// See `PaymentFormProcessors.SipsACSForm`.
public typealias SipsACSForm = PaymentFormProcessors.SipsACSForm
/// See `PaymentFormProcessors.SipsAuthenticationResult`.
public typealias SipsAuthenticationResult = PaymentFormProcessors.SipsAuthenticationResult
/// See `PaymentFormProcessors.SipsBrand`.
public typealias SipsBrand = PaymentFormProcessors.SipsBrand
/// See `PaymentFormProcessors.SipsCallParameters`.
public typealias SipsCallParameters = PaymentFormProcessors.SipsCallParameters
/// See `PaymentFormProcessors.SipsError`.
public typealias SipsError = PaymentFormProcessors.SipsError
/// See `PaymentFormProcessors.SipsInitialization`.
public typealias SipsInitialization = PaymentFormProcessors.SipsInitialization
/// See `PaymentFormProcessors.SipsOperation`.
public typealias SipsOperation = PaymentFormProcessors.SipsOperation
/// See `PaymentFormProcessors.SipsResponse`.
public typealias SipsResponse = PaymentFormProcessors.SipsResponse
/// See `PaymentFormProcessors.SipsCardData`.
public typealias SipsCardData = PaymentFormProcessors.SipsCardData
/// See `PaymentFormProcessors.SipsS10TransactionReference`.
public typealias SipsS10TransactionReference = PaymentFormProcessors.SipsS10TransactionReference
/// See `PaymentFormProcessors.SipsWalletItem`.
public typealias SipsWalletItem = PaymentFormProcessors.SipsWalletItem
/// See `PaymentFormProcessors.SipsOrderResponse`.
public typealias SipsOrderResponse = PaymentFormProcessors.SipsOrderResponse
/// See `PaymentFormProcessors.SipsCardCheckEnrollmentResponse`.
public typealias SipsCardCheckEnrollmentResponse = PaymentFormProcessors.SipsCardCheckEnrollmentResponse
/// See `PaymentFormProcessors.SipsGetCardDataResponse`.
public typealias SipsGetCardDataResponse = PaymentFormProcessors.SipsGetCardDataResponse
/// See `PaymentFormProcessors.SipsGetWalletDataResponse`.
public typealias SipsGetWalletDataResponse = PaymentFormProcessors.SipsGetWalletDataResponse
/// See `PaymentFormProcessors.SipsAddCardResponse`.
public typealias SipsAddCardResponse = PaymentFormProcessors.SipsAddCardResponse
/// See `PaymentFormProcessors.SipsDeletePaymentMeanResponse`.
public typealias SipsDeletePaymentMeanResponse = PaymentFormProcessors.SipsDeletePaymentMeanResponse
/// See `PaymentFormProcessors.SipsPaymentProviderResponse`.
public typealias SipsPaymentProviderResponse = PaymentFormProcessors.SipsPaymentProviderResponse
/// See `PaymentFormProcessors.SipsGetTransactionDataResponse`.
public typealias SipsGetTransactionDataResponse = PaymentFormProcessors.SipsGetTransactionDataResponse
/// See `PaymentFormProcessors.SipsPaymentTokenResponse`.
public typealias SipsPaymentTokenResponse = PaymentFormProcessors.SipsPaymentTokenResponse
/// See `PaymentFormProcessors.SipsOutcome`.
public typealias SipsOutcome = PaymentFormProcessors.SipsOutcome
/// See `PaymentFormProcessors.SipsResult`.
public typealias SipsResult = PaymentFormProcessors.SipsResult
/// See `PaymentFormProcessors.SipsSeal`.
public typealias SipsSeal = PaymentFormProcessors.SipsSeal
/// See `PaymentFormProcessors.SipsBrandChoice`.
public typealias SipsBrandChoice = PaymentFormProcessors.SipsBrandChoice
