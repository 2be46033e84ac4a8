/// The plural category of a whole number in a language, as Unicode CLDR defines them: which
/// form a noun takes after that number ("1 character", "2 characters"; in Russian "1 символ",
/// "2 символа", "5 символов").
///
/// A text whose number decides its grammar may have a form per category: the key followed by
/// `#one`, `#few`, ... (``TranslationKey/pluralForm(_:_:)``); the key itself is the form for the
/// rest (see `Resources/Localization/README.md`). Only whole numbers occur (lengths and bounds),
/// so the rules below are CLDR's for integers, for the languages the tables ship and their
/// neighbours.
///
/// ```swift
/// PluralCategory(5, language: "ru")    // .many
/// PluralCategory(22, language: "ru")   // .few
/// PluralCategory(1, language: "ja")    // .other: Japanese has one form
/// ```
package enum PluralCategory: String, Sendable, Hashable, CaseIterable {
    /// Arabic 0; Latvian 0, 10, 11–19, ...
    case zero
    /// 1 (and numbers ending in 1 where the language says so: Russian 21).
    case one
    /// 2 in Arabic, Hebrew, Irish, Maltese, Slovenian.
    case two
    /// A small number's form: Russian, Polish 2–4; Czech 2–4; Arabic 3–10; ...
    case few
    /// A larger number's form: Russian, Polish 5–20; Arabic 11–99; ...
    case many
    /// Every other number; the form a key without a suffix holds.
    case other

    /// The category of `number` in `language` (a language tag; its primary subtag decides).
    package init(_ number: Int, language: String) {
        let primary = LanguageTag(language)?.subtags[0] ?? ""
        let n = number.magnitude
        let mod10 = n % 10, mod100 = n % 100
        switch primary {
        case "ja", "zh", "ko", "id", "ms", "th", "vi", "yue", "my", "lo", "km":
            self = .other
        case "fr":
            // i = 0,1: "0 caractère", "1 caractère"; a multiple of a million takes "de".
            self = n <= 1 ? .one : Self.millions(n) ? .many : .other
        case "es", "it", "pt", "ca":
            self = n == 1 ? .one : Self.millions(n) ? .many : .other
        case "ru", "uk", "be":
            self = mod10 == 1 && mod100 != 11 ? .one
                : (2...4).contains(mod10) && !(12...14).contains(mod100) ? .few : .many
        case "pl":
            self = n == 1 ? .one : (2...4).contains(mod10) && !(12...14).contains(mod100) ? .few : .many
        case "cs", "sk":
            self = n == 1 ? .one : (2...4).contains(n) ? .few : .other
        case "hr", "bs", "sr", "sh":
            self = mod10 == 1 && mod100 != 11 ? .one
                : (2...4).contains(mod10) && !(12...14).contains(mod100) ? .few : .other
        case "is", "mk":
            self = mod10 == 1 && mod100 != 11 ? .one : .other
        case "lt":
            self = (11...19).contains(mod100) ? .other : mod10 == 1 ? .one : mod10 >= 2 ? .few : .other
        case "lv":
            self = mod10 == 0 || (11...19).contains(mod100) ? .zero : mod10 == 1 && mod100 != 11 ? .one : .other
        case "sl":
            self = mod100 == 1 ? .one : mod100 == 2 ? .two : (3...4).contains(mod100) ? .few : .other
        case "ro", "mo":
            // "2 caractere", "101 caractere", but "20 de caractere".
            self = n == 1 ? .one : n == 0 || (1...19).contains(mod100) ? .few : .other
        case "ar":
            self = n == 0 ? .zero : n == 1 ? .one : n == 2 ? .two
                : (3...10).contains(mod100) ? .few : (11...99).contains(mod100) ? .many : .other
        case "he", "iw":
            self = n == 1 ? .one : n == 2 ? .two : .other
        case "ga":
            self = n == 1 ? .one : n == 2 ? .two : (3...6).contains(n) ? .few : (7...10).contains(n) ? .many : .other
        case "mt":
            self = n == 1 ? .one : n == 2 ? .two : n == 0 || (3...10).contains(mod100) ? .few
                : (11...19).contains(mod100) ? .many : .other
        default:
            // One form for 1 and another for the rest: English, German, Dutch, the Nordic
            // languages, Greek, Bulgarian, Estonian, Hungarian, Turkish, ...
            self = n == 1 ? .one : .other
        }
    }

    /// A non-zero multiple of a million ("1 000 000 de caractères").
    private static func millions(_ n: UInt) -> Bool {
        n != 0 && n % 1_000_000 == 0
    }
}
