/// Looks up the texts of a payment form in one language: product names, field labels,
/// placeholders, tooltips and validation messages.
///
/// Keys follow the Client API conventions (`gc.general.paymentProducts.1.name`,
/// `gc.general.paymentProductFields.cvv.label`, …). A lookup walks `fallbackChain`, for
/// example `fr-CA` → `fr` → `en`; at each step a merchant's override wins over the shipped table.
///
/// ```swift
/// // Product 1's own entry: it wins over the definition's text and the generic entry.
/// let localizer = Localizer(languageTag: "fr_CA",
///                           overrides: ["fr": ["gc.general.paymentProducts.1.paymentProductFields.cvv.label": "Cryptogramme"]])
/// let controller = PaymentFormController(item: product, localizer: localizer, context: .current())   // Visa, product 1
/// controller.form.fields.first { $0.id == "cvv" }?.label   // "Cryptogramme"
/// localizer.payButtonTitle                                 // "Payer"
/// localizer.message(for: fieldError)    // "Saisissez le cryptogramme visuel à 3 ou 4 chiffres.": the CVV's `length` error
/// ```
///
/// Each shipped table is parsed once per process, when a localizer first needs its language, and
/// shared; a `Localizer` is a cheap value.
public struct Localizer: Sendable {
    /// The requested language, in canonical spelling (`fr_CA` → `fr-CA`); `en` when the request named none.
    public let languageTag: String

    /// The languages a lookup tries, in order: the tag, its shorter prefixes, then `en`.
    ///
    /// `fr-CA` → `["fr-CA", "fr", "en"]`; `xx` → `["xx", "en"]`. Traditional Chinese skips the
    /// Simplified `zh` (`zh-TW` → `["zh-Hant-TW", "zh-Hant", "en"]`); Nynorsk reads Bokmål
    /// (`nn` → `["nn", "nb", "en"]`); a retired code reads its current one (`iw` → `["he", "en"]`).
    package let fallbackChain: [String]

    /// The languages this module ships tables for, as canonical tags (sorted).
    package static var shippedLanguages: [String] {
        ShippedTables.shared.languages
    }

    /// The language every lookup ends with; its table has every key.
    static let baseLanguage = "en"

    /// Merchant texts by canonical language tag, then key.
    private let overrides: [String: [String: String]]
    private let tables: [String: [String: String]]
    /// How many entries of `fallbackChain` belong to the requested language; the rest is the English fallback.
    private let requestedLanguageDepth: Int

    /// A localizer for `languageTag`, with a merchant's own wording layered over the shipped texts.
    ///
    /// - Parameters:
    ///   - languageTag: a BCP 47 or POSIX-style tag (`fr-CA`, `fr_CA`, `fr_CA.UTF-8`; any case).
    ///     Unknown languages fall back to English; an empty or unusable tag means English.
    ///   - overrides: language tag → key → text. An override for `fr` also applies to `fr-CA`;
    ///     tags are matched like `languageTag`. Entries with a tag that names no language are ignored.
    public init(languageTag: String, overrides: [String: [String: String]] = [:]) {
        // Only the tables of the fallback chain: a table is parsed the first time a form needs it.
        let chain = Self.fallbackChain(for: languageTag)
        var tables: [String: [String: String]] = [:]
        for tag in chain { tables[tag] = ShippedTables.shared.table(for: tag) }
        self.init(languageTag: languageTag, overrides: overrides, tables: tables)
    }

    /// A localizer over explicit tables, so tests can exercise lookup rules without shipped data.
    init(languageTag: String, overrides: [String: [String: String]], tables: [String: [String: String]]) {
        let prefixes = LanguageTag(languageTag)?.fallbacks ?? [Self.baseLanguage]
        self.languageTag = prefixes.first ?? Self.baseLanguage
        self.fallbackChain = Self.fallbackChain(for: languageTag)
        self.requestedLanguageDepth = prefixes.count
        self.overrides = Self.normalized(overrides)
        self.tables = tables
    }

    /// `languageTag`'s prefixes, longest first, then `en` (see ``fallbackChain``).
    private static func fallbackChain(for languageTag: String) -> [String] {
        let prefixes = LanguageTag(languageTag)?.fallbacks ?? [baseLanguage]
        return prefixes.contains(baseLanguage) ? prefixes : prefixes + [baseLanguage]
    }

    /// The language tag a process's environment asks for, from `LC_ALL`, `LC_MESSAGES` or `LANG`
    /// (the first one set and non-empty, as POSIX orders them).
    ///
    /// `fr_CA.UTF-8` → `fr-CA`; `C`, `POSIX` or nothing set → `nil` (the caller picks a default).
    ///
    /// ```swift
    /// Localizer.preferredLanguageTag(environment: ProcessInfo.processInfo.environment)
    /// ```
    package static func preferredLanguageTag(environment: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.trimmingWhitespace.isEmpty else { continue }
            // The first variable set decides, even when it says "no language" (`LC_ALL=C`).
            return LanguageTag(value)?.text
        }
        return nil
    }

    /// The language the texts are in: ``languageTag`` when it, or a shorter form of it, has a
    /// shipped table or a whole language of merchant's texts (`fr-CA` → `fr-CA`: French texts),
    /// else the language of the chain that has (`nn` → `nb`), else `en`, the language the
    /// lookups fall back to (`xx` → `en`). What a page's `lang` attribute says, so a screen reader
    /// reads the texts in their own language.
    ///
    /// Merchant's texts make a language only when they hold a text for every key English has
    /// (a page's texts file does): a few words of Persian over English texts leave them English.
    package var textLanguageTag: String {
        for tag in fallbackChain.prefix(requestedLanguageDepth) where tables[tag] != nil || coversEnglish(overrides[tag]) {
            return tag == languageTag || languageTag.hasPrefix(tag + "-") ? languageTag : tag
        }
        return Self.baseLanguage
    }

    /// The direction of the language the texts are in (`textLanguageTag`): right to left for
    /// Arabic or Hebrew texts, left to right for the English that stands in for a language
    /// without texts, whatever the page's language. What a page's `dir` attribute says.
    ///
    /// ```swift
    /// Localizer(languageTag: "ar").textDirection   // .rightToLeft
    /// Localizer(languageTag: "fa").textDirection   // .leftToRight: no Persian texts, so English ones
    /// ```
    public var textDirection: TextDirection {
        TextDirection(languageTag: textLanguageTag)
    }

    /// Whether `texts` has a text for every key of the English table (its plural forms aside).
    private func coversEnglish(_ texts: [String: String]?) -> Bool {
        guard let texts else { return false }
        guard let english = tables[Self.baseLanguage] else { return true }
        return english.keys.allSatisfy { texts[$0] != nil || TranslationKey.pluralBase(of: $0) != nil }
    }

    /// The text for `key`, trying each language of `fallbackChain` (override, then shipped table).
    /// `nil` when no language has it.
    package func string(forKey key: String) -> String? {
        string(forKey: key, in: fallbackChain[...])
    }

    /// The display name of a payment product.
    ///
    /// Order: the translation in the requested language, the definition's own label (the Client
    /// API localizes it server-side), the English translation, then "Payment method <id>".
    package func productName(productId: String, definitionLabel: String?) -> String {
        resolve(TranslationKey.productName(productId: productId), definitionText: definitionLabel)
            ?? unnamed(productId: productId)
    }

    /// The display name of a payment product group such as `cards`, by the same rules as ``productName(productId:definitionLabel:)``.
    package func productGroupName(groupId: String, definitionLabel: String?) -> String {
        resolve(TranslationKey.productGroupName(groupId: groupId), definitionText: definitionLabel)
            ?? readableOrUnnamed(groupId)
    }

    /// A field's label, placeholder or tooltip for one product.
    ///
    /// Order: the product-specific key (`gc.general.paymentProducts.2.paymentProductFields.cvv.label`)
    /// in the requested language's chain; then the definition's own text; then the generic key
    /// (`gc.general.paymentProductFields.cvv.label`) in that chain; then both keys in English.
    /// A label finally falls back to a readable form of the field id (`cardholderName` →
    /// "Cardholder name"); a placeholder or tooltip to `nil`.
    ///
    /// Why the definition's text beats the generic entry: it was written for this product (the
    /// Client API sends it localized), so it fits the product's mask and rules — Amex's
    /// placeholder `**** ****** *****` matches its 4-6-5 grouping where a generic card-number
    /// placeholder would not. A product-specific entry is the merchant's deliberate choice, so it
    /// wins over both.
    package func fieldText(_ text: FieldText, productId: String, fieldId: String, definitionText: String?) -> String? {
        let specific = TranslationKey.productField(productId: productId, fieldId: fieldId, text)
        let generic = TranslationKey.genericField(fieldId: fieldId, text)
        let requested = fallbackChain.prefix(requestedLanguageDepth)
        if let found = string(forKey: specific, in: requested) { return found }
        if let definitionText, !definitionText.trimmingWhitespace.isEmpty { return definitionText }
        if let found = string(forKey: generic, in: requested) { return found }
        let english = fallbackChain.dropFirst(requestedLanguageDepth)
        if let found = string(forKey: specific, in: english) ?? string(forKey: generic, in: english) { return found }
        guard text == .label else { return nil }
        let readable = ReadableIdentifier.label(for: fieldId)
        return readable.isEmpty ? nil : readable
    }

    /// The text of a field's link: what `{link}` in its label stands for ("SEPA Direct Debit
    /// mandate terms"). The product-specific key (`gc.general.paymentProducts.770.paymentProductFields.termsAndConditions.link.label`)
    /// then the generic one, in the requested languages, then in English; `nil` when neither exists.
    package func fieldLinkText(productId: String, fieldId: String) -> String? {
        resolve([TranslationKey.productFieldLink(productId: productId, fieldId: fieldId),
                 TranslationKey.genericFieldLink(fieldId: fieldId)], definitionText: nil)
    }

    /// A product's name in the requested language only (its tags, without the English fallback
    /// appended), or `nil` when that language has none.
    ///
    /// For a holder of English texts that wants a translation or nothing: the sandbox serving a
    /// product file per `locale`, as the platform localizes product texts.
    package func translatedProductName(productId: String) -> String? {
        string(forKey: TranslationKey.productName(productId: productId), in: fallbackChain.prefix(requestedLanguageDepth))
    }

    /// A group's name in the requested language only, or `nil` (see ``translatedProductName(productId:)``).
    package func translatedProductGroupName(groupId: String) -> String? {
        string(forKey: TranslationKey.productGroupName(groupId: groupId), in: fallbackChain.prefix(requestedLanguageDepth))
    }

    /// A field's text in the requested language only: the product-specific key, then the generic
    /// one; `nil` when neither has a text in that language (see ``translatedProductName(productId:)``).
    package func translatedFieldText(_ text: FieldText, productId: String, fieldId: String) -> String? {
        let requested = fallbackChain.prefix(requestedLanguageDepth)
        return string(forKey: TranslationKey.productField(productId: productId, fieldId: fieldId, text), in: requested)
            ?? string(forKey: TranslationKey.genericField(fieldId: fieldId, text), in: requested)
    }

    /// The title of a form's pay button ("Pay", "Payer", "Bezahlen", ...).
    public var payButtonTitle: String {
        shipped(TranslationKey.payButton)
    }

    /// The notice a form preview shows: it is a preview and sends nothing.
    package var previewNotice: String {
        shipped(TranslationKey.previewNotice)
    }

    /// The web form's own texts in this language, by the id the page's view names them with
    /// (`pay`, `brandChoice`, `detectedBrand`, `savedCard`, `otherCard`, `invalidForm`).
    package var webFormTexts: [(id: String, text: String)] {
        TranslationKey.webFormTexts.map { (id: $0.id, text: shipped($0.key)) }
    }

    /// The message for a validation error, with its bounds filled in: the most specific text
    /// there is for the error, its reason, its field and its product.
    ///
    /// The message ids tried, most specific first: the error id with its reason
    /// (`expirationDate.expired`, `length.tooShort`), then the variant that names the rule's
    /// bounds: `length` becomes `length.exact` (min = max), `length.max` (no minimum, or 0),
    /// `length.min` (no maximum) or `length.between`; `range` becomes `range`, `range.min` or
    /// `range.max`. Each id is looked up in the localization order of form.md §4: the
    /// product's entry for the field (`gc.general.paymentProducts.2.paymentProductFields.cvv.validationErrors.length.exact.label`),
    /// then the field's entry for every product (`gc.general.paymentProductFields.cvv.validationErrors.length.exact.label`,
    /// for each of `fieldIds`), then the generic entry (`gc.general.paymentProductFields.validationErrors.length.exact.label`);
    /// all of them in the requested language's chain first, then in English. (A definition
    /// carries no message texts of its own.) Nothing found gives the generic "not valid" message.
    ///
    /// A counted text (a `length` variant) takes its plural form for the number it names
    /// (``PluralCategory``), from the same table or merchant's texts as the text itself.
    ///
    /// ```swift
    /// let english = Localizer(languageTag: "en")
    /// english.validationMessage(errorId: "length", parameters: ["minLength": 16, "maxLength": 16])
    /// // "Enter exactly 16 characters."
    /// english.validationMessage(errorId: "length", reason: "tooShort", parameters: ["minLength": 4, "maxLength": 4],
    ///                           fieldIds: ["cvv"], productId: "2")
    /// // "Enter the 4-digit security code."
    /// english.validationMessage(errorId: "expirationDate", reason: "tooFarAhead", parameters: [:])
    /// // "Check the expiry year."
    /// ```
    package func validationMessage(errorId: String, reason: String? = nil, parameters: [String: Int],
                                   fieldIds: [String] = [], productId: String? = nil) -> String {
        let messageIds = ValidationMessageId.candidates(errorId: errorId, reason: reason, parameters: parameters)
        var keys: [(key: String, messageId: String)] = []
        if let productId, let fieldId = fieldIds.first {
            for id in messageIds {
                keys.append((TranslationKey.productFieldValidationError(productId: productId, fieldId: fieldId, id), id))
            }
        }
        for fieldId in fieldIds {
            for id in messageIds { keys.append((TranslationKey.fieldValidationError(fieldId: fieldId, id), id)) }
        }
        for id in messageIds { keys.append((TranslationKey.validationError(id), id)) }
        for languages in [fallbackChain.prefix(requestedLanguageDepth), fallbackChain.dropFirst(requestedLanguageDepth)] {
            for (key, id) in keys {
                let count = ValidationMessageId.countParameter(of: id).flatMap { parameters[$0] }
                for language in languages {
                    if let template = text(forKey: key, in: language, count: count) {
                        return fill(template, with: parameters.mapValues(String.init))
                    }
                }
            }
        }
        return fill(shipped(TranslationKey.validationError(ValidationMessageId.unknown)), with: parameters.mapValues(String.init))
    }

    /// `template` with its `{name}` placeholders replaced by `values`, in one pass.
    ///
    /// Values are inserted literally: one holding `{`, `}`, `{maxLength}` or `%` is never expanded
    /// again. Placeholders with no value stay as written; lone braces are ordinary text.
    ///
    /// ```swift
    /// localizer.fill("I accept the {link}", with: ["link": "terms {v2}"])  // "I accept the terms {v2}"
    /// ```
    package func fill(_ template: String, with values: [String: String]) -> String {
        PlaceholderTemplate.fill(template, with: values)
    }

    // MARK: - Lookup

    /// The text of a key the engine names itself (the pay button, the web form's texts, the
    /// generic messages). Each is written once, in `Resources/Localization/en.json`, which holds
    /// every one of them (ShippedTablesTests): the key itself stands in only for a broken build.
    private func shipped(_ key: String) -> String {
        string(forKey: key) ?? key
    }

    private func string(forKey key: String, in languages: ArraySlice<String>) -> String? {
        for language in languages {
            if let text = string(forKey: key, in: language) { return text }
        }
        return nil
    }

    /// One language's text for `key`: the merchant's override, else the shipped table's.
    private func string(forKey key: String, in language: String) -> String? {
        overrides[language]?[key] ?? tables[language]?[key]
    }

    /// One language's text for `key` (the merchant's, else the shipped one) in its plural form
    /// for `count`, when the texts that have `key` have that form.
    private func text(forKey key: String, in language: String, count: Int?) -> String? {
        for texts in [overrides[language], tables[language]] {
            guard let texts, let text = texts[key] else { continue }
            guard let count else { return text }
            let category = PluralCategory(count, language: language)
            if category != .other, let form = texts[TranslationKey.pluralForm(key, category)] { return form }
            return text
        }
        return nil
    }

    private func resolve(_ key: String, definitionText: String?) -> String? {
        resolve([key], definitionText: definitionText)
    }

    /// Tries `keys` (most specific first) in the requested languages, then `definitionText`, then
    /// `keys` in the English fallback.
    private func resolve(_ keys: [String], definitionText: String?) -> String? {
        let requested = fallbackChain.prefix(requestedLanguageDepth)
        for language in requested {
            for key in keys {
                if let text = string(forKey: key, in: language) { return text }
            }
        }
        if let definitionText, !definitionText.trimmingWhitespace.isEmpty { return definitionText }
        for language in fallbackChain.dropFirst(requestedLanguageDepth) {
            for key in keys {
                if let text = string(forKey: key, in: language) { return text }
            }
        }
        return nil
    }

    private func unnamed(productId: String) -> String {
        let template = shipped(TranslationKey.unnamedProduct)
        return fill(template, with: ["productId": productId])
    }

    private func readableOrUnnamed(_ groupId: String) -> String {
        let readable = ReadableIdentifier.label(for: groupId)
        return readable.isEmpty ? unnamed(productId: groupId) : readable
    }

    /// Re-keys overrides by canonical tag. When two spellings name one language (`fr`, `FR`),
    /// their entries are merged; on a key both define, the canonically spelled one wins.
    private static func normalized(_ overrides: [String: [String: String]]) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        // Canonical spellings last, so they overwrite; otherwise a stable order. (The spellings
        // are sorted as plain strings: a sort of the entries was one more generic specialisation
        // in the page's WebAssembly engine.)
        let spellings = overrides.keys.sorted()
        let canonical = spellings.map { LanguageTag($0)?.text == $0 }
        let ordered = spellings.indices.filter { !canonical[$0] } + spellings.indices.filter { canonical[$0] }
        for index in ordered {
            guard let tag = LanguageTag(spellings[index])?.text, let texts = overrides[spellings[index]] else { continue }
            for (key, text) in texts { result[tag, default: [:]][key] = text }
        }
        return result
    }
}
