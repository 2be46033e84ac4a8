// The umbrella module an app imports: `import PaymentFormEngine` brings in the whole engine.
@_exported import Encryption
@_exported import FormEngine
@_exported import Localization
@_exported import Masking
@_exported import Validation
