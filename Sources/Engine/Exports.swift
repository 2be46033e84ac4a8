// What an app imports: one module, `PaymentFormEngine`, that re-exports the engine's layers.
//
// The layers are separate modules so that the compiler checks their direction (masking,
// validation and localization know nothing of cards; cards know nothing of forms; the form engine
// knows nothing of HTTP) and so that the core builds without Foundation, for WebAssembly too.
// Re-exporting them keeps the app's side to one `import PaymentFormEngine`, also under
// `MemberImportVisibility`.
@_exported import PaymentFormMasking
@_exported import PaymentFormValidation
@_exported import PaymentFormLocalization
@_exported import PaymentFormCards
@_exported import PaymentFormCore
@_exported import PaymentFormPlatform
@_exported import PaymentFormSession
