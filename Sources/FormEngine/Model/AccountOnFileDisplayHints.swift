/// How to show an account on file in a list: which stored values make up its label, and its logo
/// (`displayHints` of an account on file).
///
/// ```swift
/// if let account = product.accountsOnFile.first {
///     let parts = account.displayHints.labelTemplate.map(\.attributeKey)   // ["alias", "cardNumber"]
///     let label = account.label                                           // the label built from them
/// }
/// ```
public struct AccountOnFileDisplayHints: Sendable, Hashable {
    /// Which attributes make up the account's label, in order, each with the mask its stored
    /// value is shown through (``AccountOnFile/label`` builds the label from them).
    public var labelTemplate: [LabelTemplateItem]
    /// The logo to show next to the account (relative to the asset URL).
    public var logo: String?

    /// Display hints.
    package init(labelTemplate: [LabelTemplateItem] = [], logo: String? = nil) {
        self.labelTemplate = labelTemplate
        self.logo = logo
    }
}
