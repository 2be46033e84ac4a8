import Foundation

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

    /// The embedded table's JSON bytes (for the benchmarks and tools of this package).
    package static var shippedJSON: Data? {
        EmbeddedResources.base64[ShippedBrandTable.path].flatMap { Data(base64Encoded: $0) }
    }
}

/// The embedded table, loaded once.
enum ShippedBrandTable {
    static let path = "Brands/brands.json"

    static let loaded: (table: BrandTable, defects: [String]) = load(files: EmbeddedResources.base64)

    /// The table in `files` (path under `Resources/` → base64), or the empty table and the reasons.
    static func load(files: [String: String]) -> (table: BrandTable, defects: [String]) {
        guard let base64 = files[path] else { return (.empty, ["\(path): not embedded"]) }
        guard let data = Data(base64Encoded: base64) else { return (.empty, ["\(path): the embedded bytes are not valid base64"]) }
        do {
            return (try BrandTable(json: data), [])
        } catch {
            return (.empty, error.problems.map { "\(path): \($0)" })
        }
    }
}
