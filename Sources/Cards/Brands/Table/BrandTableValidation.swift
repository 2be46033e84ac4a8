/// The checks a table passes before detection is built from it (the overlap checks live with
/// the index, which is where overlaps become visible).
enum BrandTableValidation {
    static func problems(version: String, brands: [Brand]) -> [String] {
        var problems: [String] = []
        if version.isEmpty { problems.append("version: must not be empty") }
        if brands.count > BrandTable.maximumBrandCount {
            problems.append("brands: \(brands.count) brands, more than the \(BrandTable.maximumBrandCount) a table may hold")
            return problems
        }
        let rangeCount = brands.reduce(0) { $0 + $1.prefixRanges.count }
        if rangeCount > BrandTable.maximumRangeCount {
            problems.append("brands: \(rangeCount) prefix ranges in all, more than the \(BrandTable.maximumRangeCount) a table may hold")
            return problems
        }
        var ids: Set<String> = []
        for brand in brands { ids.insert(brand.id) }
        var seenIds: Set<String> = []
        var productOwners: [Int: String] = [:]
        for (position, brand) in brands.enumerated() {
            let path = "brands[\(position)] (\(brand.id))"
            if !isBrandId(brand.id) {
                problems.append("brands[\(position)].id: \"\(brand.id)\" is not a brand id (lower-case letters and digits, words joined by -)")
            }
            if !seenIds.insert(brand.id).inserted {
                problems.append("\(path).id: a second brand with this id")
            }
            if brand.name.isEmpty { problems.append("\(path).name: must not be empty") }
            problems += lengthProblems(brand, path: path)
            if !(0...9).contains(brand.cvcLength) {
                problems.append("\(path).cvc.length: \(brand.cvcLength) is not a security-code length (0 to 9; 0 means none)")
            }
            if let name = brand.cvcName, name.isEmpty { problems.append("\(path).cvc.name: must not be empty (use null for none)") }
            for (offset, productId) in brand.paymentProductIds.enumerated() {
                if productId <= 0 {
                    problems.append("\(path).productIds[\(offset)]: \(productId) is not a payment product id (a positive integer)")
                } else if let owner = productOwners[productId] {
                    problems.append("\(path).productIds[\(offset)]: product \(productId) already stands for \(owner)")
                } else {
                    productOwners[productId] = brand.id
                }
            }
            problems += rangeProblems(brand, path: path, knownIds: ids)
            problems += carrierProblems(brand, path: path, brands: brands)
        }
        return problems
    }

    /// `carriedBy` names other brands of the table that offline detection can report, once each,
    /// and only a brand without prefix ranges has it.
    private static func carrierProblems(_ brand: Brand, path: String, brands: [Brand]) -> [String] {
        var problems: [String] = []
        if !brand.carriedBy.isEmpty, !brand.prefixRanges.isEmpty {
            problems.append("\(path).carriedBy: only a brand without ranges has carriers (a range's co-badges go in its \"with\")")
        }
        var seen: Set<String> = []
        for (offset, carrier) in brand.carriedBy.enumerated() {
            let carrierPath = "\(path).carriedBy[\(offset)]"
            if carrier == brand.id {
                problems.append("\(carrierPath): a brand does not carry itself")
            } else if let found = brands.first(where: { $0.id == carrier }) {
                if found.prefixRanges.isEmpty { problems.append("\(carrierPath): \"\(carrier)\" has no ranges, so no number is of it offline") }
            } else {
                problems.append("\(carrierPath): \"\(carrier)\" is not a brand of the table")
            }
            if !seen.insert(carrier).inserted { problems.append("\(carrierPath): \"\(carrier)\" is listed twice") }
        }
        return problems
    }

    /// `visa`, `american-express`: lower-case ASCII letters and digits, words joined by single `-`.
    static func isBrandId(_ id: String) -> Bool {
        guard !id.isEmpty, id.utf8.count <= 64, id.utf8.first != 0x2D, id.utf8.last != 0x2D else { return false }
        var previous: UInt8 = 0
        return id.utf8.allSatisfy { byte in
            defer { previous = byte }
            return (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (byte == 0x2D && previous != 0x2D)
        }
    }

    private static func lengthProblems(_ brand: Brand, path: String) -> [String] {
        var problems: [String] = []
        let longest = Brand.longestCardNumber
        if brand.lengths.isEmpty { problems.append("\(path).lengths: must list at least one card-number length") }
        for (offset, length) in brand.lengths.enumerated() {
            if !(1...longest).contains(length) {
                problems.append("\(path).lengths[\(offset)]: \(length) is not a card-number length (1 to \(longest))")
            } else if offset > 0, length <= brand.lengths[offset - 1] {
                problems.append("\(path).lengths[\(offset)]: lengths must be ascending without repeats")
            }
        }
        let maximum = brand.lengths.last ?? longest
        for (offset, gap) in brand.gaps.enumerated() {
            if !(1..<max(maximum, 2)).contains(gap) {
                problems.append("\(path).gaps[\(offset)]: \(gap) is not a digit index inside the longest number (1 to \(maximum - 1))")
            } else if offset > 0, gap <= brand.gaps[offset - 1] {
                problems.append("\(path).gaps[\(offset)]: gaps must be ascending without repeats")
            }
        }
        return problems
    }

    private static func rangeProblems(_ brand: Brand, path: String, knownIds: Set<String>) -> [String] {
        var problems: [String] = []
        var seen: Set<BrandPrefixRange> = []
        for (offset, range) in brand.prefixRanges.enumerated() {
            let rangePath = "\(path).ranges[\(offset)]"
            guard (1...BrandTable.longestPrefix).contains(range.digitCount) else {
                problems.append("\(rangePath): prefixes of \(range.digitCount) digits are not supported (1 to \(BrandTable.longestPrefix))")
                continue
            }
            let limit = DecimalPower.of(range.digitCount)
            if range.low >= limit || range.high >= limit {
                problems.append("\(rangePath): \(range) has a bound longer than \(range.digitCount) digits")
            } else if range.low > range.high {
                problems.append("\(rangePath): \(range) runs backwards (low above high)")
            }
            if !seen.insert(BrandPrefixRange(low: range.low, high: range.high, digitCount: range.digitCount)).inserted {
                problems.append("\(rangePath): \(range) repeats a range of the same brand")
            }
            var partners: Set<String> = []
            for partner in range.coBadgePartnerIds {
                if partner == brand.id {
                    problems.append("\(rangePath).with: a brand is not co-badged with itself")
                } else if !knownIds.contains(partner) {
                    problems.append("\(rangePath).with: \"\(partner)\" is not a brand of the table")
                } else if !partners.insert(partner).inserted {
                    problems.append("\(rangePath).with: \"\(partner)\" is listed twice")
                }
            }
        }
        return problems
    }
}
