import PaymentFormLocalization
package import PaymentFormJSON

/// Product and group texts in the language of a request's `locale`, as the platform localizes
/// them (what `payform sandbox` serves, and `payform render` shows for a sample): the sample
/// files are written in English, and a request for another language
/// gets the shipped translation tables' texts (`Resources/Localization`, read through the engine's
/// ``Localizer``) in their place.
///
/// Which texts: a product's or group's name (`displayHints.label`), and each field's label,
/// placeholder and tooltip (`displayHints.label`, `placeholderLabel`, `tooltip.label`). A text is
/// translated only where the file has one (nothing is added), from the product-specific key, then
/// the generic one, in the requested language and its shorter tags (`fr-CA`, `fr`); where that
/// language has no text, the file's English text stays, and so does a text without a letter
/// (`**** ****** *****`). For English (or no `locale`) the file's
/// own texts win: they were written for that product. List options (`valueMapping`) have no keys
/// in the tables (the only list sample, iDEAL's banks, is proper names) and stay as written.
package enum DefinitionTexts {
    /// The language of the product files.
    package static let sourceLanguage = "en"

    /// The languages the sandbox serves texts in: the engine's shipped ones.
    package static let servedLanguages: [String] = Localizer.shippedLanguages

    /// The served language a request's `locale` (`fr_FR`, `fr-CA`, `fr`) gets: the first of its
    /// tags, longest first, that the tables have; the files' own language for no or another locale.
    package static func language(for locale: String?) -> String {
        guard let locale, !locale.isEmpty else { return sourceLanguage }
        return Localizer(languageTag: locale).fallbackChain.first { servedLanguages.contains($0) } ?? sourceLanguage
    }

    /// The localizer for `locale` (`fr_FR`, `fr-FR`, `fr`), or `nil` when the texts stay as
    /// written: no locale, or the files' own language.
    package static func localizer(for locale: String?) -> Localizer? {
        guard let locale, !locale.isEmpty else { return nil }
        let localizer = Localizer(languageTag: locale)
        let language = localizer.languageTag.split(separator: "-").first.map(String.init) ?? sourceLanguage
        return language == sourceLanguage ? nil : localizer
    }

    /// A product's JSON with its texts in the language of `locale`.
    package static func product(_ json: JSONValue, locale: String?) -> JSONValue {
        guard let localizer = localizer(for: locale) else { return json }
        return product(json, localizer: localizer)
    }

    /// A group's JSON with its texts in the language of `locale`.
    package static func group(_ json: JSONValue, locale: String?) -> JSONValue {
        guard let localizer = localizer(for: locale) else { return json }
        return group(json, localizer: localizer)
    }

    package static func group(_ json: JSONValue, localizer: Localizer) -> JSONValue {
        guard let id = identifier(json["id"]) else { return json }
        return replacing(json, "displayHints") { hints in
            replacing(hints, "label") { label in
                translated(label, localizer.translatedProductGroupName(groupId: id))
            }
        }
        .mapFields(productId: id, localizer: localizer)
    }

    package static func product(_ json: JSONValue, localizer: Localizer) -> JSONValue {
        guard let id = identifier(json["id"]) else { return json }
        return replacing(json, "displayHints") { hints in
            replacing(hints, "label") { label in
                translated(label, localizer.translatedProductName(productId: id))
            }
        }
        .mapFields(productId: id, localizer: localizer)
    }

    /// A field's texts: label, placeholder and tooltip.
    package static func field(_ json: JSONValue, productId: String, localizer: Localizer) -> JSONValue {
        guard case .string(let fieldId)? = json["id"] else { return json }
        func text(_ kind: FieldText) -> String? {
            localizer.translatedFieldText(kind, productId: productId, fieldId: fieldId)
        }
        return replacing(json, "displayHints") { hints in
            var hints = replacing(hints, "label") { translated($0, text(.label)) }
            hints = replacing(hints, "placeholderLabel") { translated($0, text(.placeholder)) }
            return replacing(hints, "tooltip") { tooltip in
                replacing(tooltip, "label") { translated($0, text(.tooltipText)) }
            }
        }
    }

    /// The id of a product or group as text (the API has integers for products, strings for groups).
    package static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .number(let text)?, .string(let text)?: text
        default: nil
        }
    }

    /// `translation` in place of a string text. A text without a letter (`**** ****** *****`,
    /// `123`) is the same in every language and stays: it was written for the product's mask,
    /// which a generic translation may not fit (American Express's 4-6-5 grouping). Anything but
    /// a string (a wrongly typed member a test folder serves on purpose) stays as it is.
    private static func translated(_ value: JSONValue, _ translation: String?) -> JSONValue {
        guard case .string(let text) = value, let translation, text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return value }
        return .string(translation)
    }

    /// `json` with the member `key` of an object replaced by `transform` of it (every occurrence);
    /// anything else unchanged.
    package static func replacing(_ json: JSONValue, _ key: String, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard case .object(let object) = json, object[key] != nil else { return json }
        return .object(JSONObject(object.members.map { member in
            member.key == key ? (key: member.key, value: transform(member.value)) : member
        }))
    }
}

private extension JSONValue {
    /// Each element of the `fields` array localized.
    func mapFields(productId: String, localizer: Localizer) -> JSONValue {
        DefinitionTexts.replacing(self, "fields") { fields in
            guard case .array(let items) = fields else { return fields }
            return .array(items.map { DefinitionTexts.field($0, productId: productId, localizer: localizer) })
        }
    }
}
