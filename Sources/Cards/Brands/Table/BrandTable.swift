/// The brand table: every card brand the engine knows, in canonical order, with where its facts
/// come from and a version. Detection (``BrandDetector``) works from it.
///
/// The shipped table is data, `Resources/Brands/brands.json`, embedded in the module at build time
/// (its README describes the format). Building a table checks it completely — ids, lengths, gaps,
/// ranges, co-badge partners, and that the resolution rule can tell every pair of overlapping
/// ranges apart — and throws a ``BrandTableError`` listing every problem, so a bad table is
/// refused where it is loaded and never misleads detection later.
///
/// ```swift
/// let table = BrandTable.shipped
/// table.version                             // "1.0.0"
/// table.brands.map(\.id).prefix(3)          // ["visa", "mastercard", "american-express"]
/// let custom = try BrandTable(json: bytes)  // a table of your own, checked the same way
/// ```
package struct BrandTable: Sendable {
    /// Where the table's facts come from.
    package struct Source: Sendable, Hashable {
        /// A short tag (`CCT`).
        package let tag: String
        /// The source: a repository, commit and path, or a document.
        package let source: String
        /// What the table took from it.
        package let used: String

        /// A source.
        package init(tag: String, source: String, used: String) {
            self.tag = tag
            self.source = source
            self.used = used
        }
    }

    /// The table's version (the `version` of its JSON).
    package let version: String
    /// Where its facts come from.
    package let sources: [Source]
    /// Every brand, in canonical order: the order detection lists candidates in and breaks ties by.
    package let brands: [Brand]

    /// What detection looks up, built from the brands once.
    let index: DetectionIndex
    private let positions: [String: Int]

    /// The longest prefix a range may have, in digits.
    package static let longestPrefix = 12
    /// The most brands a table may hold.
    package static let maximumBrandCount = 256
    /// The most prefix ranges a table may hold, all brands together (so building one stays quick).
    package static let maximumRangeCount = 4_096

    /// A table of `brands` in canonical order, checked as the type's documentation says.
    ///
    /// - Throws: ``BrandTableError`` listing every problem found, each naming the brand and range
    ///   at fault (`brands[4] (discover).ranges[1]: ...`).
    package init(version: String, sources: [Source], brands: [Brand]) throws(BrandTableError) {
        #if PAYFORM_WEB_PAGE
        // The page's WebAssembly engine reads one table, the shipped one, which the build checks
        // (CardsTests load it with every check): the checks' code stays out of the page.
        var problems: [String] = []
        #else
        var problems = BrandTableValidation.problems(version: version, brands: brands)
        #endif
        var index = DetectionIndex.empty
        if problems.isEmpty {
            let built = DetectionIndex.build(brands: brands)
            index = built.index
            problems += built.problems
        }
        guard problems.isEmpty else { throw BrandTableError(problems: problems) }
        self.init(uncheckedVersion: version, sources: sources, brands: brands, index: index)
    }

    private init(uncheckedVersion version: String, sources: [Source], brands: [Brand], index: DetectionIndex) {
        self.version = version
        self.sources = sources
        self.brands = brands
        self.index = index
        var positions: [String: Int] = [:]
        for (position, brand) in brands.enumerated() where positions[brand.id] == nil {
            positions[brand.id] = position
        }
        self.positions = positions
    }

    /// A table without brands: detects nothing. What ``shipped`` falls back to if the embedded
    /// table were defective (a build defect the tests catch).
    package static let empty = BrandTable(uncheckedVersion: "", sources: [], brands: [], index: .empty)

    /// The brand with `id`, or `nil`.
    package func brand(withId id: String) -> Brand? {
        positions[id].map { brands[$0] }
    }

    /// The position of a brand in canonical order, or `nil` when the table has no such brand.
    package func canonicalPosition(ofBrandWithId id: String) -> Int? {
        positions[id]
    }
}
