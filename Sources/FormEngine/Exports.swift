// FormEngine's API speaks in the leaf modules' types (Mask, TextEdit, Validator, ValidationContext,
// Localizer, KeyManagementAlgorithm, ...), so importing FormEngine brings them in too.
@_exported import Encryption
@_exported import Localization
@_exported import Masking
@_exported import Validation
