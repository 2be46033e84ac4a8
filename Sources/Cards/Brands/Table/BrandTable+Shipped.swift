extension BrandTable {
    /// The table that ships with the engine: `Resources/Brands/brands.json`, embedded in the
    /// module at build time, read and checked once per process on first use.
    ///
    /// If the embedded file were defective (a build defect the tests catch), this is
    /// ``BrandTable/empty`` — detection then finds no brand — and ``shippedDefects`` says why:
    /// a bad table costs offline detection, never a crash.
    package static var shipped: BrandTable { ShippedBrandTable.loaded.table }

    /// What was wrong with the embedded table; empty when it loaded.
    package static var shippedDefects: [String] { ShippedBrandTable.loaded.defects }

    /// The embedded table's JSON text (for the benchmarks and tools of this package).
    package static var shippedJSON: String? {
        EmbeddedResources.files[ShippedBrandTable.path]
    }
}

/// The embedded table, loaded once.
enum ShippedBrandTable {
    static let path = "Brands/brands.json"

    static let loaded: (table: BrandTable, defects: [String]) = load(files: EmbeddedResources.files)

    /// The table in `files` (path under `Resources/` → text), or the empty table and the reasons.
    static func load(files: [String: String]) -> (table: BrandTable, defects: [String]) {
        guard let text = files[path] else { return (.empty, ["\(path): not embedded"]) }
        do {
            return (try BrandTable(json: Array(text.utf8)), [])
        } catch {
            return (.empty, error.problems.map { "\(path): \($0)" })
        }
    }
}
