import Testing
@testable import PaymentFormCards

@Suite("Loading a brand table: every problem reported, never a crash")
struct BrandTableLoadingTests {
    /// A small valid table with `brands` spliced in.
    static func document(_ brands: String, format: String = "1") -> String {
        #"{"format": \#(format), "version": "test", "sources": [{"tag": "T", "source": "tests", "used": "all"}], "brands": [\#(brands)]}"#
    }

    static func brand(_ id: String, ranges: String, lengths: String = "[16]", gaps: String = "[4, 8, 12]",
                      cvc: String = #"{"name": "CVV", "length": 3}"#, productIds: String = "[]") -> String {
        #"{"id": "\#(id)", "name": "\#(id)", "ranges": \#(ranges), "lengths": \#(lengths), "gaps": \#(gaps), "cvc": \#(cvc), "productIds": \#(productIds)}"#
    }

    static func load(_ text: String) -> Result<BrandTable, BrandTableError> {
        Result { () throws(BrandTableError) in try BrandTable(json: Array(text.utf8)) }
    }

    @Test("a small table loads and detects")
    func valid() throws {
        let table = try BrandTable(json: Array(Self.document(
            Self.brand("alpha", ranges: #"["4"]"#) + "," + Self.brand("beta", ranges: #"[{"range": "4571", "with": ["alpha"]}, "50-52"]"#)
        ).utf8))
        let detector = BrandDetector(table: table)
        #expect(try detector.detect("4571").brandIds == ["beta", "alpha"])
        #expect(try detector.detect("457").brandIds == ["alpha", "beta"])
        #expect(try detector.detect("457").isAmbiguous)
        #expect(try detector.detect("51").brandIds == ["beta"])
        #expect(try detector.detect("6").brandIds == [])
    }

    @Test("problems are refused with where and what", arguments: [
        ("not JSON", "{", "(root): malformed JSON"),
        ("not an object", "[]", "(root): expected an object, found array"),
        ("missing member", #"{"format": 1, "version": "v", "sources": []}"#, #"(root): missing member "brands""#),
        ("unknown member", #"{"format": 1, "version": "v", "sources": [], "brands": [], "extra": 1}"#, #"(root): unknown member "extra""#),
        ("format", document("", format: "2"), "format: 2 is not a table format"),
        ("empty version", #"{"format": 1, "version": "", "sources": [{"tag": "T", "source": "s", "used": "u"}], "brands": []}"#, "version: must not be empty"),
        ("misspelt key", #"{"format": 1, "version": "v", "sources": [{"tag": "T", "source": "s", "used": "u"}], "brands": [{"id": "a", "name": "a", "ranges": [], "lenghts": [16], "gaps": [], "cvc": {"name": null, "length": 0}, "productIds": []}]}"#, #"brands[0]: unknown member "lenghts""#),
        ("bad range text", document(brand("a", ranges: #"["4x"]"#)), #"brands[0].ranges[0]: "4x" is not a prefix"#),
        ("uneven bounds", document(brand("a", ranges: #"["5-55"]"#)), #"brands[0].ranges[0]: "5-55" is not a prefix"#),
        ("too long", document(brand("a", ranges: #"["1234567890123"]"#)), "brands[0].ranges[0]"),
        ("backwards", document(brand("a", ranges: #"["55-51"]"#)), "brands[0] (a).ranges[0]: 55-51 runs backwards"),
        ("repeat", document(brand("a", ranges: #"["4", "4"]"#)), "brands[0] (a).ranges[1]: 4 repeats a range"),
        ("unknown partner", document(brand("a", ranges: #"[{"range": "4", "with": ["zz"]}]"#)), #"brands[0] (a).ranges[0].with: "zz" is not a brand"#),
        ("self partner", document(brand("a", ranges: #"[{"range": "4", "with": ["a"]}]"#)), "co-badged with itself"),
        ("empty partners", document(brand("a", ranges: #"[{"range": "4", "with": []}]"#)), "brands[0].ranges[0].with: must name at least one brand"),
        ("bad id", document(brand("Visa Card", ranges: #"["4"]"#)), #"brands[0].id: "Visa Card" is not a brand id"#),
        ("duplicate id", document(brand("a", ranges: #"["4"]"#) + "," + brand("a", ranges: #"["5"]"#)), "brands[1] (a).id: a second brand with this id"),
        ("no lengths", document(brand("a", ranges: #"["4"]"#, lengths: "[]")), "brands[0] (a).lengths: must list at least one"),
        ("length too long", document(brand("a", ranges: #"["4"]"#, lengths: "[16, 20]")), "brands[0] (a).lengths[1]: 20 is not a card-number length"),
        ("lengths unsorted", document(brand("a", ranges: #"["4"]"#, lengths: "[16, 15]")), "brands[0] (a).lengths[1]: lengths must be ascending"),
        ("gap outside", document(brand("a", ranges: #"["4"]"#, gaps: "[4, 16]")), "brands[0] (a).gaps[1]: 16 is not a digit index"),
        ("gap unsorted", document(brand("a", ranges: #"["4"]"#, gaps: "[8, 4]")), "brands[0] (a).gaps[1]: gaps must be ascending"),
        ("fractional length", document(brand("a", ranges: #"["4"]"#, lengths: "[16.5]")), "brands[0].lengths[0]: expected an integer, found number"),
        ("cvc", document(brand("a", ranges: #"["4"]"#, cvc: #"{"name": "CVV", "length": 12}"#)), "brands[0] (a).cvc.length: 12 is not a security-code length"),
        ("country", document(brand("a", ranges: #"["4"]"#).replacingOccurrences(of: #""name": "a","#, with: #""name": "a", "country": "fr","#)),
         #"brands[0].country: "fr" is not an ISO 3166-1 alpha-2 country code"#),
        ("country type", document(brand("a", ranges: #"["4"]"#).replacingOccurrences(of: #""name": "a","#, with: #""name": "a", "country": 33,"#)),
         "brands[0].country: expected a string, found integer"),
        ("product id", document(brand("a", ranges: #"["4"]"#, productIds: "[0]")), "brands[0] (a).productIds[0]: 0 is not a payment product id"),
        ("product twice", document(brand("a", ranges: #"["4"]"#, productIds: "[1]") + "," + brand("b", ranges: #"["5"]"#, productIds: "[1]")),
         "brands[1] (b).productIds[0]: product 1 already stands for a"),
        ("equal overlap", document(brand("a", ranges: #"["45"]"#) + "," + brand("b", ranges: #"["45"]"#)),
         "brands[0] (a).ranges[0] 45 and brands[1] (b).ranges[0] 45 overlap with the same specificity (for example at 45)"),
        ("equal overlap, different digits", document(brand("a", ranges: #"["40-49"]"#) + "," + brand("b", ranges: #"["4"]"#)),
         "brands[0] (a).ranges[0] 40-49 and brands[1] (b).ranges[0] 4 overlap with the same specificity"),
        ("partners that cannot be told apart", document(brand("a", ranges: #"["4"]"#) + "," + brand("b", ranges: #"["5"]"#)
            + "," + brand("c", ranges: #"[{"range": "45", "with": ["a"]}, {"range": "450-459", "with": ["b"]}]"#)),
         "overlap with the same specificity but different co-badge partners"),
    ])
    func refused(name: String, json: String, expected: String) {
        switch Self.load(json) {
        case .success:
            Issue.record("\(name): accepted")
        case .failure(let error):
            #expect(error.problems.contains { $0.contains(expected) }, "\(name): \(error.problems)")
            #expect(error.description.hasPrefix("The brand table is not usable: "))
        }
    }

    @Test("every problem is listed, not only the first")
    func allProblems() throws {
        let shapes = Self.document(Self.brand("a", ranges: #"["4x"]"#) + "," + Self.brand("b", ranges: #"["5"]"#, lengths: #"["16"]"#))
        let shapeError = try #require(Self.load(shapes).failureValue, "accepted")
        #expect(shapeError.problems.count == 2, "\(shapeError.problems)")
        #expect(shapeError.problems.first?.hasPrefix("brands[0].ranges[0]") == true)
        #expect(shapeError.problems.last?.hasPrefix("brands[1].lengths[0]") == true)
        let values = Self.document(Self.brand("a", ranges: #"["55-51"]"#, lengths: "[]") + "," + Self.brand("B", ranges: #"["5"]"#))
        let valueError = try #require(Self.load(values).failureValue, "accepted")
        #expect(valueError.problems.count == 3, "\(valueError.problems)")
    }

    @Test("size limits keep a hostile table from taking long")
    func limits() throws {
        let many = (0..<(BrandTable.maximumRangeCount + 1)).map { #""\#(100_000 + $0)""# }.joined(separator: ",")
        let error = try #require(Self.load(Self.document(Self.brand("a", ranges: "[\(many)]"))).failureValue, "accepted")
        #expect(error.problems.first?.contains("more than the \(BrandTable.maximumRangeCount)") == true)
    }

    @Test("overlap problems are listed up to a limit, so a hostile table costs little")
    func problemLimit() throws {
        let clones = (0..<30).map { Self.brand("b\($0)", ranges: #"["4", "45-46"]"#) }.joined(separator: ",")
        let error = try #require(Self.load(Self.document(clones)).failureValue, "accepted")
        #expect(error.problems.count == ResolutionRule.problemLimit)
        #expect(error.description.contains("and \(ResolutionRule.problemLimit - 10) more problems"))
    }

    @Test("a defective embedded table costs detection, never a crash")
    func defectiveEmbedded() {
        let missing = ShippedBrandTable.load(files: [:])
        #expect(missing.table.brands.isEmpty)
        #expect(missing.defects == ["Brands/brands.json: not embedded"])
        let notJSON = ShippedBrandTable.load(files: ["Brands/brands.json": "%%%"])
        #expect(notJSON.table.brands.isEmpty)
        #expect(notJSON.defects.first?.hasPrefix("Brands/brands.json: ") == true)
        let bad = ShippedBrandTable.load(files: ["Brands/brands.json": "{}"])
        #expect(bad.table.brands.isEmpty)
        #expect(bad.defects.contains { $0.hasPrefix("Brands/brands.json: (root): missing member") })
        #expect(throws: Never.self) { try BrandDetector(table: bad.table).detect("4111") }
        #expect((try? BrandDetector(table: bad.table).detect("4111")) == .unknown)
    }

    @Test("a table built in code is checked the same way")
    func codeTable() {
        let visa = Brand(id: "visa", name: "Visa", prefixRanges: [BrandPrefixRange(low: 5, high: 4, digitCount: 1)],
                         lengths: [16], gaps: [4], cvcName: "CVV", cvcLength: 3, paymentProductIds: [])
        #expect(throws: BrandTableError.self) { try BrandTable(version: "v", sources: [], brands: [visa]) }
        let wide = Brand(id: "wide", name: "Wide", prefixRanges: [BrandPrefixRange(low: 1, high: 2, digitCount: 13)],
                         lengths: [16], gaps: [], cvcName: nil, cvcLength: 0, paymentProductIds: [])
        #expect(throws: BrandTableError.self) { try BrandTable(version: "v", sources: [], brands: [wide]) }
        #expect(BrandTable.empty.brands.isEmpty)
    }
}
