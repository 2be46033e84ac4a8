import PaymentFormLocalization

extension Brand {
    /// The localization key of the brand's display name: `gc.general.cardBrands.<id>.name`.
    package var displayNameKey: String { "gc.general.cardBrands.\(id).name" }

    /// The brand's name in the localizer's language: the localizer's text for `displayNameKey`
    /// (a merchant's override first, then the shipped tables), else the table's ``name``.
    ///
    /// Most brand names are the same in every language; the key lets a merchant or a language
    /// write one differently.
    ///
    /// ```swift
    /// try BrandDetector.shipped.detect("4111").brand?.displayName(Localizer(languageTag: "fr"))   // "Visa"
    /// ```
    public func displayName(_ localizer: Localizer) -> String {
        localizer.string(forKey: displayNameKey) ?? name
    }
}
