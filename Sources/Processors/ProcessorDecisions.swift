/// The choices the public Sips and Saferpay documentation leaves open, decided here and nowhere
/// else, so a change (once a platform confirms a detail) is one edit.
///
/// Each constant says what the sources leave open and why this answer was picked. They are the
/// adapters' business (and the CLI's and the tests'), not an app's: the DocC articles state the
/// behaviour they give.
package enum ProcessorDecisions {
    /// Sips `cardExpiryDate` is sent as `yyyyMM` (`203012`): the SDK's responses state that format
    /// and the request tables give none. The form shows `MM/YY`.
    package static let sipsExpiryFormat = "yyyyMM"

    /// Sips `paymentMeanBrandSelectionStatus` has no published value list (only `NOT_APPLICABLE`
    /// is seen in answers), so the engine never invents one: it passes an app-given status through
    /// unchanged and, when the app gives none, sends this: nothing.
    package static let sipsDefaultBrandSelectionStatus: String? = nil

    /// Sips brand names for the engine's brand ids, as `paymentMeanBrand` takes them: the guides'
    /// names (`CB`, `VISA`, `MASTERCARD`, `AMEX`, `BCMC`, `MAESTRO`, `VPAY`) and Sips's `DINERS`
    /// for Diners Club (`"diners-club"` → `"DINERS"`). Brands not listed are sent in upper case
    /// without dashes or spaces (`"union-pay"` → `"UNIONPAY"`).
    package static let sipsBrandNames: [String: String] = [
        "visa": "VISA", "mastercard": "MASTERCARD", "american-express": "AMEX", "cartes-bancaires": "CB",
        "bancontact": "BCMC", "maestro": "MAESTRO", "vpay": "VPAY", "jcb": "JCB", "diners-club": "DINERS",
    ]

    /// Saferpay's card post takes `ExpMonth` with two digits (`01`) and `ExpYear` with four
    /// (`2030`): the JSON API's `Card` container types them as integers 1–12 and 2000–9999 and the
    /// card post does not say which text it accepts, so the unambiguous form is sent.
    package static let saferpayMonthDigits = 2

    /// `Behavior: ABORT` (Saferpay's text before spec version 1.33, and the mobile guide's own
    /// value) is in the category of `DO_NOT_RETRY`, its successor; the answer keeps `ABORT` as sent.
    package static let saferpayAbortMeansDoNotRetry = true

    /// Saferpay error names that are about the payment's token, not the card: the payer cannot fix
    /// them with another card, only by starting the payment again (`TOKEN_INVALID`: unknown or
    /// already used; `TOKEN_EXPIRED`).
    package static let saferpayTokenErrorNames: Set<String> = ["TOKEN_INVALID", "TOKEN_EXPIRED"]

    /// `ErrorDetail` is typed as a string in the card-post guide and as an array of strings in the
    /// JSON API: both are read; a string is split on commas, semicolons and white space into field
    /// names.
    package static let saferpayErrorDetailSeparators: Set<Character> = [",", ";", " ", "\n", "\t"]

    /// Saferpay field names in `ErrorDetail` mapped onto the form's fields: `ExpMonth` and
    /// `ExpYear` both land on the one `Expiry` input.
    package static let saferpayFieldForErrorDetail: [String: String] = [
        "HolderName": "HolderName", "CardNumber": "CardNumber", "ExpMonth": "Expiry", "ExpYear": "Expiry",
        "Expiry": "Expiry", "VerificationCode": "VerificationCode",
    ]

    /// The longest `MD` value the ACS form accepts, in bytes after base64 encoding (the Sips guide's
    /// limit).
    package static let sipsMaximumMDBytes = 1024
}
