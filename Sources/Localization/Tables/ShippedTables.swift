import PaymentFormJSON

/// The string tables built into the module, parsed once on first use and shared read-only.
///
/// Each file `Resources/Localization/<language-tag>.json` is one table (format in that folder's
/// README). A table that cannot be read is a build defect the tests catch; at run time it is
/// skipped and noted in `defects`, so a bad file costs a language, never a crash.
struct ShippedTables: Sendable {
    /// Table texts by canonical language tag (`"fr"`), then by key.
    let tables: [String: [String: String]]
    /// What was wrong with each skipped file, e.g. `"Localization/fr.json: not a JSON object of strings"`.
    let defects: [String]

    /// The module's own tables.
    static let shared = ShippedTables(files: EmbeddedResources.files)

    /// Parses the embedded files; `files` maps a path under `Resources/` to the file's text.
    init(files: [String: String]) {
        var tables: [String: [String: String]] = [:]
        var defects: [String] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            guard path.hasPrefix(Self.folder), path.hasSuffix(Self.fileExtension) else { continue }
            let stem = String(path.dropFirst(Self.folder.count).dropLast(Self.fileExtension.count))
            guard let tag = LanguageTag(stem), tag.text == stem else {
                defects.append("\(path): the file name is not a canonical language tag such as fr or fr-CA")
                continue
            }
            guard let table = Self.flatTable(text) else {
                defects.append("\(path): not a flat JSON object of strings, each key once")
                continue
            }
            guard tables[tag.text] == nil else {
                defects.append("\(path): a second table for \(tag.text)")
                continue
            }
            tables[tag.text] = table
        }
        self.tables = tables
        self.defects = defects
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
