import Foundation
import PaymentFormTestSupport
import Testing
@testable import PaymentFormLocalization

/// The shipped string tables, checked as the module embeds them.
@Suite("Shipped tables")
struct ShippedTablesTests {
    /// Every official language of the EU, Arabic and Hebrew, and the others merchants expect.
    static let expectedLanguages = [
        "ar", "bg", "cs", "da", "de", "el", "en", "es", "et", "fi", "fr", "ga", "he", "hr", "hu", "it", "ja", "ko",
        "lt", "lv", "mt", "nb", "nl", "pl", "pt", "ro", "ru", "sk", "sl", "sv", "tr", "uk", "zh", "zh-Hant",
    ]
    static let tables = ShippedTables.shared.tables
    static var english: [String: String] { tables["en"] ?? [:] }
    static var tableFiles: [(path: String, data: Data)] {
        EmbeddedResources.files
            .filter { $0.key.hasPrefix("Localization/") && $0.key.hasSuffix(".json") }
            .sorted { $0.key < $1.key }
            .map { ($0.key, Data($0.value.utf8)) }
    }

    @Test("every expected language ships, and every table parsed")
    func languages() {
        #expect(ShippedTables.shared.defects == [])
        #expect(Localizer.shippedLanguages == Self.expectedLanguages)
        #expect(Self.tableFiles.count == Self.expectedLanguages.count)
    }

    @Test("each file is a flat JSON object of strings, without duplicate keys or a BOM", arguments: tableFiles.map(\.path))
    func flatJSON(path: String) throws {
        let data = try #require(Self.tableFiles.first { $0.path == path }?.data)
        #expect(!data.starts(with: [0xEF, 0xBB, 0xBF]), "\(path) starts with a byte-order mark")
        let text = try #require(String(data: data, encoding: .utf8), "\(path) is not UTF-8")
        let object = try JSONSerialization.jsonObject(with: data)
        let dictionary = try #require(object as? [String: Any], "\(path) is not a JSON object")
        #expect(dictionary.values.allSatisfy { $0 is String }, "\(path) has a value that is not a string")
        // JSONSerialization keeps the last of duplicate keys silently, so count the keys as written.
        let rawKeys = try FlatObjectKeys.keys(in: text)
        #expect(rawKeys.count == dictionary.count, "\(path) repeats a key")
        #expect(Set(rawKeys).count == rawKeys.count, "\(path) repeats a key")
    }

    @Test("English has every key the engine relies on")
    func englishCoverage() {
        let english = Self.english
        var required = ["1", "2", "3", "809", "770"].map { TranslationKey.productName(productId: $0) }
        required += [TranslationKey.unnamedProduct, TranslationKey.productGroupName(groupId: "cards")]
        // The texts the engine names itself: written once, here (the code has no English copy).
        required += [TranslationKey.payButton, TranslationKey.previewNotice, TranslationKey.validationError("unknown")]
        required += TranslationKey.webFormTexts.map(\.key)
        for field in ["cardNumber", "expiryDate", "cvv", "cardholderName", "issuerId", "iban",
                      "accountHolderName", "emailAddress", "debitDay", "termsAndConditions"] {
            required.append(TranslationKey.genericField(fieldId: field, .label))
            required.append(TranslationKey.genericField(fieldId: field, .tooltipText))
            if field != "termsAndConditions" {  // a checkbox has no placeholder
                required.append(TranslationKey.genericField(fieldId: field, .placeholder))
            }
        }
        required += [
            TranslationKey.productField(productId: "2", fieldId: "cvv", .label),
            TranslationKey.productField(productId: "2", fieldId: "cvv", .tooltipText),
            TranslationKey.productField(productId: "770", fieldId: "termsAndConditions", .label),
            "gc.general.paymentProducts.770.paymentProductFields.termsAndConditions.link.label",
        ]
        for id in ["required", "length.between", "length.exact", "length.max", "length.min", "range",
                   "range.min", "range.max", "luhn", "expirationDate", "regularExpression", "emailAddress",
                   "fixedList", "iban", "termsAndConditions", "residentIdNumber", "boletoBancarioRequiredness",
                   "allowedInContext", "unknown", "expirationDate.incomplete", "expirationDate.invalidMonth",
                   "expirationDate.expired", "expirationDate.tooFarAhead", "iban.incomplete"] {
            required.append(TranslationKey.validationError(id))
        }
        // Messages in the field's terms (what the review found missing: "Enter the full card number").
        for (field, id) in [("cardNumber", "required"), ("cardNumber", "length.tooShort"), ("cardNumber", "length.tooLong"),
                            ("cvv", "required"), ("cvv", "length.exact"), ("cvv", "length.between"),
                            ("expiryDate", "required"), ("iban", "required"), ("iban", "length.tooShort"),
                            ("emailAddress", "required"), ("issuerId", "required"), ("termsAndConditions", "required")] {
            required.append(TranslationKey.fieldValidationError(fieldId: field, id))
        }
        required.append(TranslationKey.productFieldValidationError(productId: "770", fieldId: "termsAndConditions", "required"))
        let missing = required.filter { english[$0] == nil }
        #expect(missing == [])
    }

    @Test("every language has exactly English's keys (plural forms aside)", arguments: expectedLanguages)
    func sameKeys(language: String) throws {
        let table = try #require(Self.tables[language])
        let expected = Set(Self.english.keys.filter { TranslationKey.pluralBase(of: $0) == nil })
        let actual = Set(table.keys.filter { TranslationKey.pluralBase(of: $0) == nil })
        #expect(expected.subtracting(actual).sorted() == [], "\(language) misses keys")
        #expect(actual.subtracting(expected).sorted() == [], "\(language) has extra keys")
    }

    @Test("every translation and plural form uses the same placeholders as English", arguments: expectedLanguages)
    func samePlaceholders(language: String) throws {
        let table = try #require(Self.tables[language])
        for (key, text) in table.sorted(by: { $0.key < $1.key }) {
            // A plural form has its key's placeholders.
            guard let english = Self.english[TranslationKey.pluralBase(of: key)?.key ?? key] else { continue }  // sameKeys
            #expect(PlaceholderTemplate.placeholderNames(in: text) == PlaceholderTemplate.placeholderNames(in: english),
                    "\(language): \(key)")
        }
    }

    /// The numbers a counted message can name: `length.between`'s maximum is above its minimum
    /// (at least 1), `length.max`'s may be 0.
    static let countedRanges: [String: ClosedRange<Int>] = [
        "length.between": 2...1000, "length.exact": 1...1000, "length.max": 0...1000, "length.min": 1...1000,
    ]

    @Test("every counted message has the plural forms its language's numbers take, and no others",
          arguments: expectedLanguages)
    func pluralForms(language: String) throws {
        let table = try #require(Self.tables[language])
        for id in ValidationMessageId.counted {
            let range = try #require(Self.countedRanges[id])
            let categories = Set(range.map { PluralCategory($0, language: language) }).subtracting([.other])
            let key = TranslationKey.validationError(id)
            for category in categories.sorted(by: { $0.rawValue < $1.rawValue }) {
                #expect(table[TranslationKey.pluralForm(key, category)] != nil, "\(language): \(id) has no \(category) form")
            }
        }
        // Plural forms only of counted messages, and only in categories the language has.
        for key in table.keys.sorted() {
            guard let (base, category) = TranslationKey.pluralBase(of: key) else { continue }
            let id = ValidationMessageId.counted.first { TranslationKey.validationError($0) == base }
            let range = try #require(id.flatMap { Self.countedRanges[$0] }, "\(language): \(key) is a form of no counted message")
            #expect(range.contains { PluralCategory($0, language: language) == category },
                    "\(language): \(key): \(language) has no number of category \(category)")
        }
    }

    @Test("the README lists every text id a page may override: English's keys, plural forms aside")
    func documentedIds() throws {
        let readme = try PackageFiles.text("Resources/Localization/README.md")
        let begin = try #require(readme.range(of: "<!-- text ids: begin -->\n"), "no list of text ids")
        let end = try #require(readme.range(of: "<!-- text ids: end -->", range: begin.upperBound..<readme.endIndex))
        let listed = readme[begin.upperBound..<end.lowerBound].split(separator: "\n").map(String.init)
        let expected = Self.english.keys.filter { TranslationKey.pluralBase(of: $0) == nil }.sorted().map { "- `\($0)`" }
        #expect(listed == expected, "regenerate the list from en.json's keys, sorted")
    }

    @Test("a language's direction comes from the engine's rule: right to left for ar and he only")
    func directions() {
        let rightToLeft = Localizer.shippedLanguages.filter { TextDirection(languageTag: $0) == .rightToLeft }
        #expect(rightToLeft == ["ar", "he"])
    }

    @Test("texts are non-empty, unpadded, and carry no printf specifiers", arguments: expectedLanguages)
    func cleanTexts(language: String) throws {
        let table = try #require(Self.tables[language])
        for (key, text) in table.sorted(by: { $0.key < $1.key }) {
            #expect(!text.isEmpty, "\(language): \(key) is empty")
            #expect(String(text.trimmingWhitespace) == text, "\(language): \(key) has surrounding whitespace")
            #expect(!text.contains("%@") && !text.contains("%d") && !text.contains("%s"), "\(language): \(key)")
        }
    }

    @Test("the texts that must differ are not copies of the wrong one")
    func bug40() throws {
        for language in Self.expectedLanguages {
            let table = try #require(Self.tables[language])
            let range = table[TranslationKey.validationError("range")]
            let between = table[TranslationKey.validationError("length.between")]
            let iban = table[TranslationKey.validationError("iban")]
            let regex = table[TranslationKey.validationError("regularExpression")]
            #expect(range != between, "\(language)")
            #expect(iban != regex, "\(language)")
            #expect(range?.contains("{minValue}") == true && range?.contains("{maxValue}") == true, "\(language)")
        }
    }

    @Test("a malformed table is skipped and reported, not a crash", arguments: [
        ("Localization/fr.json", "not json", "not a flat JSON object"),
        ("Localization/fr.json", #"{"a": 1}"#, "not a flat JSON object"),
        ("Localization/fr.json", #"{"a": {"b": "c"}}"#, "not a flat JSON object"),
        ("Localization/fr.json", #"["a"]"#, "not a flat JSON object"),
        ("Localization/FR.json", #"{"a": "b"}"#, "not a canonical language tag"),
        ("Localization/C.json", #"{"a": "b"}"#, "not a canonical language tag"),
    ])
    func malformed(path: String, contents: String, reason: String) {
        let files = [
            path: contents,
            "Localization/en.json": #"{"k": "v"}"#,
            "Localization/README.md": "# not a table",
            "Products/visa.json": "{}",
        ]
        let store = ShippedTables(files: files)
        #expect(store.tables == ["en": ["k": "v"]])
        #expect(store.defects.count == 1)
        #expect(store.defects.first?.contains(path) == true)
        #expect(store.defects.first?.contains(reason) == true)
    }

    @Test("a table is read when its language is asked for; one that cannot be read costs only its language")
    func lazyTables() {
        let store = ShippedTables(files: [
            "Localization/en.json": #"{"k": "v"}"#,
            "Localization/de.json": #"{"k": 1}"#,
            "Localization/fr.json": #"{"k": "w"}"#,
        ])
        #expect(store.languages == ["de", "en", "fr"])
        #expect(store.table(for: "fr") == ["k": "w"])
        #expect(store.table(for: "fr") == ["k": "w"])
        #expect(store.table(for: "de") == nil)
        #expect(store.table(for: "it") == nil)
        #expect(store.tables == ["en": ["k": "v"], "fr": ["k": "w"]])
        #expect(store.defects == ["Localization/de.json: not a flat JSON object of strings, each key once"])
    }

    @Test("a localizer holds the tables of its language chain only")
    func localizerChain() {
        let french = Localizer(languageTag: "fr_CA")
        #expect(french.fallbackChain == ["fr-CA", "fr", "en"])
        #expect(french.payButtonTitle == "Payer")
        #expect(Localizer(languageTag: "de").payButtonTitle == "Bezahlen")
    }

    @Test("a table with a key twice is reported")
    func repeatedKey() {
        let store = ShippedTables(files: ["Localization/de.json": #"{"k": "a", "k": "b"}"#])
        #expect(store.tables.isEmpty)
        #expect(store.defects.first?.contains("each key once") == true)
    }
}

/// Lists the keys of a flat JSON object as written, so duplicates show. Strict on purpose:
/// anything but `{ "k": "v", … }` is an error.
enum FlatObjectKeys {
    struct Malformed: Error, CustomStringConvertible {
        let offset: Int
        var description: String { "not a flat object of strings at byte \(offset)" }
    }

    static func keys(in text: String) throws -> [String] {
        let bytes = Array(text.utf8)
        var index = 0
        func skipWhitespace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        func expect(_ byte: UInt8) throws {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == byte else { throw Malformed(offset: index) }
            index += 1
        }
        func string() throws -> String {
            try expect(UInt8(ascii: "\""))
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { throw Malformed(offset: index) }
            defer { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        var keys: [String] = []
        try expect(UInt8(ascii: "{"))
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return keys }
        while true {
            keys.append(try string())
            try expect(UInt8(ascii: ":"))
            _ = try string()
            skipWhitespace()
            guard index < bytes.count else { throw Malformed(offset: index) }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            try expect(UInt8(ascii: "}"))
            skipWhitespace()
            guard index == bytes.count else { throw Malformed(offset: index) }
            return keys
        }
    }
}

@Suite("FlatObjectKeys (the duplicate-key check itself)")
struct FlatObjectKeysTests {
    @Test("lists keys as written, duplicates included")
    func duplicates() throws {
        #expect(try FlatObjectKeys.keys(in: #"{"a": "1", "b": "x\"y", "a": "2"}"#) == ["a", "b", "a"])
        #expect(try FlatObjectKeys.keys(in: " { } ") == [])
    }

    @Test("rejects what is not a flat object of strings", arguments: [
        #"{"a": 1}"#, #"{"a": {"b": "c"}}"#, #"["a"]"#, #"{"a": "b",}"#, #"{"a": "b"} x"#, #"{"a" "b"}"#, "",
    ])
    func rejects(text: String) {
        #expect(throws: FlatObjectKeys.Malformed.self) { try FlatObjectKeys.keys(in: text) }
    }
}
