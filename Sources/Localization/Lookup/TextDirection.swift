/// The direction a language's texts are written in: what a page's `dir` attribute says.
///
/// Decided by the tag's script when it names one (`az-Arab` is right to left, `sd-Deva` left to
/// right), else by its language's usual script (`ar`, `he`, `fa`, `ur`, ... are right to left).
/// A form shows the direction of the language its texts are actually in
/// (``Localizer/textDirection``), so English texts on an Arabic page read left to right.
///
/// ```swift
/// TextDirection(languageTag: "ar-EG")   // .rightToLeft
/// TextDirection(languageTag: "iw")      // .rightToLeft (Hebrew's retired code)
/// TextDirection(languageTag: "fr")      // .leftToRight
/// ```
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right; HTML's `dir="ltr"`.
    case leftToRight = "ltr"
    /// Right to left; HTML's `dir="rtl"`.
    case rightToLeft = "rtl"

    /// The direction of `languageTag`'s texts; left to right for a tag that names no language.
    public init(languageTag: String) {
        guard let tag = LanguageTag(languageTag) else {
            self = .leftToRight
            return
        }
        // A script subtag (four letters, right after the language) decides when present.
        if tag.subtags.count > 1, tag.subtags[1].utf8.count == 4, tag.subtags[1].utf8.allSatisfy({ $0 > 0x40 }) {
            self = Self.rightToLeftScripts.contains(tag.subtags[1]) ? .rightToLeft : .leftToRight
            return
        }
        self = Self.rightToLeftLanguages.contains(tag.subtags[0]) ? .rightToLeft : .leftToRight
    }

    /// Scripts written right to left (ISO 15924 codes of the living ones, and Aramaic's).
    static let rightToLeftScripts: Set<String> = [
        "Adlm", "Arab", "Aran", "Armi", "Hebr", "Mand", "Mend", "Nkoo", "Rohg", "Samr", "Syrc", "Thaa", "Yezi",
    ]

    /// Languages whose usual script is written right to left (their primary subtag, as the tables
    /// spell it: `iw` is read as `he`).
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "ks", "lrc", "mzn", "pnb", "prs", "ps", "sd", "syr", "ug", "ur", "yi",
    ]
}
