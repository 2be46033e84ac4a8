/// A BCP 47-style language tag in canonical spelling, with the shorter tags it falls back to.
///
/// Accepts what apps and environments actually hand over: `fr-CA`, `fr_CA`, `FR_ca`,
/// `fr_CA.UTF-8`, `sr_RS@latin`. Matching is case-insensitive; the canonical spelling is
/// lower-case language, title-case script (`Hant`), upper-case region (`CA`, `419`), with a
/// retired language code replaced (`iw` → `he`, `no` → `nb`) and the script of Chinese from
/// Taiwan, Hong Kong and Macao written out (`zh-TW` → `zh-Hant-TW`).
struct LanguageTag: Hashable, Sendable {
    /// The canonical subtags, e.g. `["zh", "Hant", "TW"]`; never empty.
    let subtags: [String]

    /// Parses `text`; `nil` when it names no language (empty, `C`, `POSIX`, or no valid first subtag).
    ///
    /// Everything from the first `.` (encoding) or `@` (modifier) on is dropped, as in POSIX locale
    /// names. Subtags must be 1–8 ASCII letters or digits; the tag is cut before the first one that
    /// is not, so stray text never produces a garbage tag.
    init?(_ text: String) {
        var core = Substring(text.trimmingWhitespace)
        if let cut = core.firstIndex(where: { $0 == "." || $0 == "@" }) {
            core = core[..<cut]
        }
        // ASCII case folding: text that full case mapping would turn into `C` or `POSIX` (`poſix`)
        // is not ASCII, and no tag either (its subtags must be ASCII).
        let upperCore = Self.asciiUppercased(core)
        if upperCore == "C" || upperCore == "POSIX" { return nil }
        var subtags: [String] = []
        for raw in core.split(separator: "-", omittingEmptySubsequences: false).flatMap({
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }) {
            guard (1...8).contains(raw.utf8.count), raw.utf8.allSatisfy(Self.isASCIIAlphanumeric) else { break }
            subtags.append(Self.canonical(raw, position: subtags.count))
        }
        // The primary language subtag is letters only (2–8), as BCP 47 requires.
        guard let first = subtags.first, first.utf8.count >= 2, first.utf8.allSatisfy(Self.isASCIILetter) else {
            return nil
        }
        // The language as the tables name it: a retired code by its current one (`iw` → `he`),
        // and Chinese of Taiwan, Hong Kong or Macao with its script (`zh-TW` → `zh-Hant-TW`), so
        // it never falls back to the Simplified `zh`.
        subtags[0] = Self.replacedLanguages[first] ?? first
        if subtags[0] == "zh", subtags.count > 1, Self.traditionalChineseRegions.contains(subtags[1]) {
            subtags.insert("Hant", at: 1)
        }
        self.subtags = subtags
    }

    /// The tag as text, e.g. `fr-CA`.
    var text: String { subtags.joined(separator: "-") }

    /// The tag and its shorter prefixes, longest first: `zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`, `zh`.
    var prefixes: [String] {
        (1...subtags.count).reversed().map { subtags.prefix($0).joined(separator: "-") }
    }

    /// The tags whose texts a reader of this language reads, longest first: ``prefixes``, less
    /// `zh` (Simplified Chinese) under Traditional Chinese (`zh-Hant-TW` → `zh-Hant-TW`, `zh-Hant`),
    /// and with Norwegian Bokmål after Nynorsk (`nn-NO` → `nn-NO`, `nn`, `nb`).
    var fallbacks: [String] {
        var tags = prefixes
        if subtags.count > 1, subtags[0] == "zh", subtags[1] == "Hant" { tags.removeLast() }
        if subtags[0] == "nn" { tags.append("nb") }
        return tags
    }

    /// Language codes replaced by others, as the IANA registry records them (`iw`, `in`, `ji`,
    /// `jw`, `mo`), and the macrolanguage `no`, whose written standard the tables hold as `nb`.
    static let replacedLanguages: [String: String] = [
        "iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro", "no": "nb",
    ]

    /// The regions whose Chinese is written in Traditional characters.
    static let traditionalChineseRegions: Set<String> = ["TW", "HK", "MO"]

    /// The subtag (ASCII letters and digits) in its canonical case.
    private static func canonical(_ subtag: Substring, position: Int) -> String {
        if position == 0 { return asciiLowercased(subtag) }
        let isLetters = subtag.utf8.allSatisfy(isASCIILetter)
        switch subtag.utf8.count {
        case 4 where isLetters:
            return asciiUppercased(subtag.prefix(1)) + asciiLowercased(subtag.dropFirst())
        case 2 where isLetters:
            return asciiUppercased(subtag)
        default:
            return asciiLowercased(subtag)
        }
    }

    /// `text` with `a`–`z` upper-cased and everything else as it is.
    private static func asciiUppercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// `text` with `A`–`Z` lower-cased and everything else as it is.
    private static func asciiLowercased(_ text: Substring) -> String {
        String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
