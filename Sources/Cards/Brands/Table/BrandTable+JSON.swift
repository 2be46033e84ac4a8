internal import PaymentFormJSON

extension BrandTable {
    /// The table format this engine reads (the `format` member of the JSON).
    package static let formatVersion = 1

    /// Reads and checks a table written as `Resources/Brands/brands.json` is (see that folder's
    /// README): `{"format": 1, "version": "...", "sources": [...], "brands": [...]}`.
    ///
    /// Every problem is collected, in the JSON's order, each with its JSON path; unknown members
    /// are problems too, so a misspelt key is never silently ignored.
    ///
    /// - Throws: ``BrandTableError`` when the bytes are not JSON, not in the table format, or the
    ///   table fails the checks of ``init(version:sources:brands:)``.
    package init(json bytes: some Collection<UInt8>) throws(BrandTableError) {
        let root: JSONValue
        do {
            root = try JSONParser().parse(bytes)
        } catch {
            throw BrandTableError(problems: ["(root): \(error)"])
        }
        var reader = BrandTableJSONReader()
        let parts = reader.read(root)
        guard reader.problems.isEmpty, let parts else { throw BrandTableError(problems: reader.problems) }
        try self.init(version: parts.version, sources: parts.sources, brands: parts.brands)
    }
}

/// Turns the table's JSON into values, collecting every shape problem with its path.
struct BrandTableJSONReader {
    private(set) var problems: [String] = []

    mutating func read(_ root: JSONValue) -> (version: String, sources: [BrandTable.Source], brands: [Brand])? {
        guard let object = members(of: root, at: "(root)", allowed: ["format", "version", "sources", "brands"],
                                   required: ["format", "version", "sources", "brands"])
        else { return nil }
        if let format = object["format"].flatMap({ integer($0, at: "format") }), format != BrandTable.formatVersion {
            problems.append("format: \(format) is not a table format this engine reads (\(BrandTable.formatVersion))")
        }
        let version = object["version"].flatMap { string($0, at: "version") } ?? ""
        var sources: [BrandTable.Source] = []
        for (offset, value) in (object["sources"].flatMap { array($0, at: "sources") } ?? []).enumerated() {
            let path = "sources[\(offset)]"
            guard let source = members(of: value, at: path, allowed: ["tag", "source", "used"], required: ["tag", "source", "used"]) else { continue }
            let tag = source["tag"].flatMap { string($0, at: "\(path).tag") }
            let text = source["source"].flatMap { string($0, at: "\(path).source") }
            let used = source["used"].flatMap { string($0, at: "\(path).used") }
            if let tag, let text, let used { sources.append(BrandTable.Source(tag: tag, source: text, used: used)) }
        }
        if object["sources"] != nil, sources.isEmpty, problems.isEmpty { problems.append("sources: must name at least one source") }
        var brands: [Brand] = []
        for (offset, value) in (object["brands"].flatMap { array($0, at: "brands") } ?? []).enumerated() {
            if let brand = readBrand(value, at: "brands[\(offset)]") { brands.append(brand) }
        }
        return problems.isEmpty ? (version, sources, brands) : nil
    }

    private mutating func readBrand(_ value: JSONValue, at path: String) -> Brand? {
        let keys: Set<String> = ["id", "name", "ranges", "lengths", "gaps", "cvc", "productIds"]
        // `country` is optional: only a domestic scheme has one; `carriedBy` only a brand without ranges.
        guard let object = members(of: value, at: path, allowed: keys.union(["country", "carriedBy"]), required: keys) else { return nil }
        let before = problems.count
        let id = object["id"].flatMap { string($0, at: "\(path).id") } ?? ""
        let name = object["name"].flatMap { string($0, at: "\(path).name") } ?? ""
        var ranges: [BrandPrefixRange] = []
        for (offset, item) in (object["ranges"].flatMap { array($0, at: "\(path).ranges") } ?? []).enumerated() {
            if let range = readRange(item, ofBrandAt: path, offset: offset) { ranges.append(range) }
        }
        let lengths = object["lengths"].flatMap { integers($0, at: "\(path).lengths") } ?? []
        let gaps = object["gaps"].flatMap { integers($0, at: "\(path).gaps") } ?? []
        var cvcName: String?
        var cvcLength = 0
        if let cvc = object["cvc"].flatMap({ members(of: $0, at: "\(path).cvc", allowed: ["name", "length"], required: ["name", "length"]) }) {
            if let nameValue = cvc["name"], nameValue != .null { cvcName = string(nameValue, at: "\(path).cvc.name") }
            cvcLength = cvc["length"].flatMap { integer($0, at: "\(path).cvc.length") } ?? 0
        }
        let productIds = object["productIds"].flatMap { integers($0, at: "\(path).productIds") } ?? []
        var country: String?
        if let value = object["country"] {
            country = string(value, at: "\(path).country")
            if let code = country, code.count != 2 || !code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
                problems.append("\(path).country: \"\(code)\" is not an ISO 3166-1 alpha-2 country code such as \"FR\"")
            }
        }
        var carriedBy: [String] = []
        for (offset, carrier) in (object["carriedBy"].flatMap { array($0, at: "\(path).carriedBy") } ?? []).enumerated() {
            if let carrierId = string(carrier, at: "\(path).carriedBy[\(offset)]") { carriedBy.append(carrierId) }
        }
        guard problems.count == before else { return nil }
        return Brand(id: id, name: name, prefixRanges: ranges, lengths: lengths, gaps: gaps,
                     cvcName: cvcName, cvcLength: cvcLength, paymentProductIds: productIds, country: country, carriedBy: carriedBy)
    }

    /// `"51-55"`, `"4571"`, or `{"range": "4571", "with": ["visa"]}`: range `offset` of the brand
    /// at `brandPath`. Its own path is spelt out only for a problem (a table has hundreds of
    /// ranges, and most are plain strings).
    private mutating func readRange(_ value: JSONValue, ofBrandAt brandPath: String, offset: Int) -> BrandPrefixRange? {
        var text: String?
        var partners: [String] = []
        if case .string(let plain) = value {
            text = plain
        } else {
            let path = "\(brandPath).ranges[\(offset)]"
            if let object = members(of: value, at: path, allowed: ["range", "with"], required: ["range", "with"]) {
                text = object["range"].flatMap { string($0, at: "\(path).range") }
                for (offset, partner) in (object["with"].flatMap { array($0, at: "\(path).with") } ?? []).enumerated() {
                    if let id = string(partner, at: "\(path).with[\(offset)]") { partners.append(id) }
                }
                if object["with"] != nil, partners.isEmpty {
                    problems.append("\(path).with: must name at least one brand (write a co-badge-free range as a plain string)")
                }
            }
        }
        guard let text else { return nil }
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
        let isDigits = { (part: Substring) in !part.isEmpty && part.utf8.allSatisfy { $0 &- 0x30 < 10 } }
        // Counted in UTF-8 bytes: both bounds are ASCII digits by then.
        guard (1...2).contains(bounds.count), bounds.allSatisfy(isDigits), let first = bounds.first, let last = bounds.last,
              first.utf8.count == last.utf8.count, first.utf8.count <= BrandTable.longestPrefix,
              let low = UInt64(first), let high = UInt64(last)
        else {
            problems.append("\(brandPath).ranges[\(offset)]: \"\(text)\" is not a prefix or range of prefixes such as \"4571\" or \"51-55\" (both bounds with the same number of digits, at most \(BrandTable.longestPrefix))")
            return nil
        }
        return BrandPrefixRange(low: low, high: high, digitCount: first.utf8.count, coBadgePartnerIds: partners)
    }

    // MARK: - Shapes

    private mutating func members(of value: JSONValue, at path: String, allowed: Set<String>, required: Set<String>) -> [String: JSONValue]? {
        guard case .object(let object) = value else {
            problems.append("\(path): expected an object, found \(value.kind)")
            return nil
        }
        var result: [String: JSONValue] = [:]
        for (key, member) in object {
            if !allowed.contains(key) {
                problems.append("\(path): unknown member \"\(key)\" (expected \(allowed.sorted().joined(separator: ", ")))")
            } else if result[key] != nil {
                problems.append("\(path): member \"\(key)\" appears twice")
            } else {
                result[key] = member
            }
        }
        if !required.allSatisfy({ result[$0] != nil }) {
            for key in required.sorted() where result[key] == nil {
                problems.append("\(path): missing member \"\(key)\"")
            }
        }
        return result
    }

    private mutating func string(_ value: JSONValue, at path: String) -> String? {
        guard case .string(let text) = value else {
            problems.append("\(path): expected a string, found \(value.kind)")
            return nil
        }
        return text
    }

    private mutating func array(_ value: JSONValue, at path: String) -> [JSONValue]? {
        guard case .array(let items) = value else {
            problems.append("\(path): expected an array, found \(value.kind)")
            return nil
        }
        return items
    }

    private mutating func integer(_ value: JSONValue, at path: String) -> Int? {
        guard case .number(let text) = value, let number = Int(text) else {
            problems.append("\(path): expected an integer, found \(value.kind)")
            return nil
        }
        return number
    }

    private mutating func integers(_ value: JSONValue, at path: String) -> [Int]? {
        guard let items = array(value, at: path) else { return nil }
        var result: [Int] = []
        for (offset, item) in items.enumerated() {
            if let number = integer(item, at: "\(path)[\(offset)]") { result.append(number) }
        }
        return result.count == items.count ? result : nil
    }
}
