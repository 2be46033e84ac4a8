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
import PaymentFormValidation

// MARK: - The Client API model

/// A value the Client API sends as JSON; see ``PaymentFormCore/ClientAPIModel``.
public typealias ClientAPIModel = PaymentFormCore.ClientAPIModel
/// A payment product; see ``PaymentFormCore/PaymentProduct``.
public typealias PaymentProduct = PaymentFormCore.PaymentProduct
/// A payment product group; see ``PaymentFormCore/PaymentProductGroup``.
public typealias PaymentProductGroup = PaymentFormCore.PaymentProductGroup
/// The list of payment products; see ``PaymentFormCore/PaymentProductList``.
public typealias PaymentProductList = PaymentFormCore.PaymentProductList
/// The list of payment product groups; see ``PaymentFormCore/PaymentProductGroupList``.
public typealias PaymentProductGroupList = PaymentFormCore.PaymentProductGroupList
/// A field of a product; see ``PaymentFormCore/PaymentProductField``.
public typealias PaymentProductField = PaymentFormCore.PaymentProductField
/// A field's type; see ``PaymentFormCore/FieldType``.
public typealias FieldType = PaymentFormCore.FieldType
/// A field's validation rules; see ``PaymentFormCore/DataRestrictions``.
public typealias DataRestrictions = PaymentFormCore.DataRestrictions
/// A product's display hints; see ``PaymentFormCore/DisplayHints``.
public typealias DisplayHints = PaymentFormCore.DisplayHints
/// A field's display hints; see ``PaymentFormCore/FieldDisplayHints``.
public typealias FieldDisplayHints = PaymentFormCore.FieldDisplayHints
/// How a field is drawn; see ``PaymentFormCore/FormElement``.
public typealias FormElement = PaymentFormCore.FormElement
/// The kind of form element; see ``PaymentFormCore/FormElementType``.
public typealias FormElementType = PaymentFormCore.FormElementType
/// The keyboard a field prefers; see ``PaymentFormCore/PreferredInputType``.
public typealias PreferredInputType = PaymentFormCore.PreferredInputType
/// A field's tooltip; see ``PaymentFormCore/Tooltip``.
public typealias Tooltip = PaymentFormCore.Tooltip
/// An option of a list field; see ``PaymentFormCore/ValueMappingItem``.
public typealias ValueMappingItem = PaymentFormCore.ValueMappingItem
/// A display element of a list option; see ``PaymentFormCore/DisplayElement``.
public typealias DisplayElement = PaymentFormCore.DisplayElement
/// A stored account of the customer; see ``PaymentFormCore/AccountOnFile``.
public typealias AccountOnFile = PaymentFormCore.AccountOnFile
/// A stored value of an account on file; see ``PaymentFormCore/AccountOnFileAttribute``.
public typealias AccountOnFileAttribute = PaymentFormCore.AccountOnFileAttribute
/// A part of an account-on-file label; see ``PaymentFormCore/LabelTemplateItem``.
public typealias LabelTemplateItem = PaymentFormCore.LabelTemplateItem
/// The context of a payment (amount, country, ...); see ``PaymentFormCore/PaymentContext``.
public typealias PaymentContext = PaymentFormCore.PaymentContext
/// An amount in minor units with its currency; see ``PaymentFormCore/AmountOfMoney``.
public typealias AmountOfMoney = PaymentFormCore.AmountOfMoney
/// The IIN details of a card number prefix; see ``PaymentFormCore/IINDetailsResponse``.
public typealias IINDetailsResponse = PaymentFormCore.IINDetailsResponse
/// The platform's public key response; see ``PaymentFormCore/PublicKeyResponse``.
public typealias PublicKeyResponse = PaymentFormCore.PublicKeyResponse
/// A product's directory (iDEAL banks, ...); see ``PaymentFormCore/Directory``.
public typealias Directory = PaymentFormCore.Directory
/// An entry of a directory; see ``PaymentFormCore/DirectoryEntry``.
public typealias DirectoryEntry = PaymentFormCore.DirectoryEntry
/// Why a definition could not be read; see ``PaymentFormCore/DefinitionError``.
public typealias DefinitionError = PaymentFormCore.DefinitionError
/// A problem noticed while reading a definition; see ``PaymentFormCore/DefinitionDiagnostic``.
public typealias DefinitionDiagnostic = PaymentFormCore.DefinitionDiagnostic
/// Where a value sits in a JSON document; see ``PaymentFormCore/JSONPath``.
public typealias JSONPath = PaymentFormCore.JSONPath

// MARK: - Requests, validation and forms

/// What a customer entered for a product; see ``PaymentFormCore/PaymentRequest``.
public typealias PaymentRequest = PaymentFormCore.PaymentRequest
/// Why a request refused an operation; see ``PaymentFormCore/PaymentRequestError``.
public typealias PaymentRequestError = PaymentFormCore.PaymentRequestError
/// The result of validating a request; see ``PaymentFormCore/ValidationReport``.
public typealias ValidationReport = PaymentFormCore.ValidationReport
/// A validation error on one field; see ``PaymentFormCore/FieldError``.
public typealias FieldError = PaymentFormCore.FieldError
/// A form as a front end draws it; see ``PaymentFormCore/PaymentForm``.
public typealias PaymentForm = PaymentFormCore.PaymentForm
/// A field of a form; see ``PaymentFormCore/FormField``.
public typealias FormField = PaymentFormCore.FormField
/// An option of a list field in a form; see ``PaymentFormCore/FormOption``.
public typealias FormOption = PaymentFormCore.FormOption
/// The kind of input a form field needs; see ``PaymentFormCore/FormInputType``.
public typealias FormInputType = PaymentFormCore.FormInputType
/// Formats and edits one field's text; see ``PaymentFormCore/FieldFormatter``.
public typealias FieldFormatter = PaymentFormCore.FieldFormatter

// MARK: - Encryption

/// The platform's public key; see ``PaymentFormCore/EncryptionKey``.
public typealias EncryptionKey = PaymentFormCore.EncryptionKey
/// How the payload's key is wrapped; see ``PaymentFormCore/KeyWrapAlgorithm``.
public typealias KeyWrapAlgorithm = PaymentFormCore.KeyWrapAlgorithm
/// The device and app information sent with a payment; see ``PaymentFormCore/ClientMetaInfo``.
public typealias ClientMetaInfo = PaymentFormCore.ClientMetaInfo
/// The encrypted request for the merchant's server; see ``PaymentFormCore/PreparedPaymentRequest``.
public typealias PreparedPaymentRequest = PaymentFormCore.PreparedPaymentRequest
/// Why a request could not be prepared; see ``PaymentFormCore/PrepareError``.
public typealias PrepareError = PaymentFormCore.PrepareError

// MARK: - Masks and editing

/// An input mask such as `{{9999}} {{9999}}`; see ``PaymentFormMasking/Mask``.
public typealias Mask = PaymentFormMasking.Mask
/// One text-field edit; see ``PaymentFormMasking/TextEdit``.
public typealias TextEdit = PaymentFormMasking.TextEdit
/// The result of an edit; see ``PaymentFormMasking/EditResult``.
public typealias EditResult = PaymentFormMasking.EditResult
/// Whether an edit changed the text; see ``PaymentFormMasking/EditOutcome``.
public typealias EditOutcome = PaymentFormMasking.EditOutcome
/// Formatted text with a cursor; see ``PaymentFormMasking/FormattedText``.
public typealias FormattedText = PaymentFormMasking.FormattedText

// MARK: - Validators

/// A validation rule; see ``PaymentFormValidation/Validator``.
public typealias Validator = PaymentFormValidation.Validator
/// A failed rule; see ``PaymentFormValidation/ValidationError``.
public typealias ValidationError = PaymentFormValidation.ValidationError
/// A parameter of a failed rule; see ``PaymentFormValidation/ValidationParameter``.
public typealias ValidationParameter = PaymentFormValidation.ValidationParameter
/// What validation needs to know (the current month); see ``PaymentFormValidation/ValidationContext``.
public typealias ValidationContext = PaymentFormValidation.ValidationContext
/// A calendar month; see ``PaymentFormValidation/YearMonth``.
public typealias YearMonth = PaymentFormValidation.YearMonth
/// The as-you-type state of a value; see ``PaymentFormValidation/InputState``.
public typealias InputState = PaymentFormValidation.InputState
/// A whole-match regular expression; see ``PaymentFormValidation/RegularExpression``.
public typealias RegularExpression = PaymentFormValidation.RegularExpression
/// Why a pattern does not compile; see ``PaymentFormValidation/RegularExpressionError``.
public typealias RegularExpressionError = PaymentFormValidation.RegularExpressionError

// MARK: - Localization

/// Localized labels and messages; see ``PaymentFormLocalization/Localizer``.
public typealias Localizer = PaymentFormLocalization.Localizer
/// Which text of a field to look up; see ``PaymentFormLocalization/FieldText``.
public typealias FieldText = PaymentFormLocalization.FieldText
