import PaymentFormConcurrency
import PaymentFormJSON

/// The string tables built into the module, each parsed on its first use and then shared
/// read-only.
///
/// Each file `Resources/Localization/<language-tag>.json` is one table (format in that folder's
/// README). A form needs the tables of one language chain (`fr-CA` → `fr` → `en`), so a table is
/// parsed when a ``Localizer`` first asks for its language, not all of them at start: the first
/// form in a fresh process (a page's WebAssembly engine, a command) reads one or two tables of
/// seven. A table that cannot be read is a build defect the tests catch; at run time it is
/// skipped and noted in `defects`, so a bad file costs a language, never a crash.
struct ShippedTables: Sendable {
    /// The table files by canonical language tag (`"fr"`), unparsed.
    private let texts: [String: (path: String, text: String)]
    /// Defects found without parsing: file names that are no canonical tag, a second file for a tag.
    private let namingDefects: [String]
    /// Parsed tables by tag; `.some(nil)` marks a file that could not be read.
    private let parsed = LockedValue<[String: [String: String]?]>([:])

    /// The module's own tables.
    static let shared = ShippedTables(files: EmbeddedResources.files)

    /// Indexes the embedded files; `files` maps a path under `Resources/` to the file's text.
    init(files: [String: String]) {
        var texts: [String: (path: String, text: String)] = [:]
        var defects: [String] = []
        // The paths sorted as plain strings (one generic specialisation fewer than sorting the entries).
        for path in files.keys.sorted() {
            guard let text = files[path] else { continue }
            guard path.hasPrefix(Self.folder), path.hasSuffix(Self.fileExtension) else { continue }
            let stem = String(path.dropFirst(Self.folder.count).dropLast(Self.fileExtension.count))
            guard let tag = LanguageTag(stem), tag.text == stem else {
                defects.append("\(path): the file name is not a canonical language tag such as fr or fr-CA")
                continue
            }
            guard texts[tag.text] == nil else {
                defects.append("\(path): a second table for \(tag.text)")
                continue
            }
            texts[tag.text] = (path, text)
        }
        self.texts = texts
        self.namingDefects = defects
    }

    /// The languages with a table file, as canonical tags (sorted).
    var languages: [String] { texts.keys.sorted() }

    /// The table for the canonical tag `tag`, parsed on first use; `nil` when no file has that
    /// language or its file cannot be read.
    func table(for tag: String) -> [String: String]? {
        guard let file = texts[tag] else { return nil }
        if let known = parsed.withLock({ $0[tag] }) { return known }
        // Parsed outside the lock: two threads may both parse a table once, never block on it.
        let table = Self.flatTable(file.text)
        parsed.withLock { $0[tag] = .some(table) }
        return table
    }

    /// Every table that parses, by canonical tag (parses the ones not read yet).
    var tables: [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        for tag in texts.keys { tables[tag] = table(for: tag) }
        return tables
    }

    /// What was wrong with each skipped file, e.g. `"Localization/fr.json: not a flat JSON object
    /// of strings, each key once"` (parses the tables not read yet).
    var defects: [String] {
        var defects = namingDefects
        for (tag, file) in texts.sorted(by: { $0.value.path < $1.value.path }) where table(for: tag) == nil {
            defects.append("\(file.path): not a flat JSON object of strings, each key once")
        }
        return defects
    }

    /// `text` read as `{"key": "text", ...}`, or `nil` when it is anything else.
    private static func flatTable(_ text: String) -> [String: String]? {
        guard case .object(let object)? = try? JSONParser(rejectsDuplicateKeys: true).parse(Array(text.utf8)) else { return nil }
        var table: [String: String] = [:]
        for member in object.members {
            guard case .string(let value) = member.value else { return nil }
            table[member.key] = value
        }
        return table
    }

    private static let folder = "Localization/"
    private static let fileExtension = ".json"
}
