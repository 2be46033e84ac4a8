import Foundation
import PaymentFormEngine
import PaymentFormSamples

/// Offline brand detection, which runs on every keystroke in a card-number field: one detection,
/// a whole number typed digit by digit, the grouping that follows, and the one-time table load.
/// The baseline, measured in the same run, scans every range of the table on each call (the
/// obvious implementation the precomputed index replaces).
func brandBenchmarks() -> BenchmarkGroup {
    let detector = BrandDetector.shipped
    let nineteen = "4111111111111111111"
    let grouped = "6508 3700 1234 5678 901"   // a Troy 8-digit BIN: the deepest level of the index
    let typing = (1...16).map { String("4571000000000001".prefix($0)) }
    let layout = CardNumberLayout(detection: (try? detector.detect("37")) ?? .unknown)
    let tableJSON = Data((BrandTable.shippedJSON ?? "").utf8)
    let scan = LinearScanDetector(table: detector.table)

    return BenchmarkGroup(name: "Brands", benchmarks: [
        Benchmark(id: "brand.detect.19", name: "detect, 19-digit number") { blackHole(try? detector.detect(nineteen)) },
        Benchmark(id: "brand.detect.19.grouped", name: "detect, 19 digits with spaces (8-digit BIN)") {
            blackHole(try? detector.detect(grouped))
        },
        Benchmark(id: "brand.detect.1", name: "detect, 1 digit (ambiguous)") { blackHole(try? detector.detect("4")) },
        Benchmark(id: "brand.detect.typing16", name: "detect after each of 16 keystrokes (16 calls)") {
            for prefix in typing { blackHole(try? detector.detect(prefix)) }
        },
        Benchmark(id: "brand.layout.group.15", name: "group 15 digits (Amex) with caret") {
            blackHole(layout.grouped("378282246310005", cursor: 7))
        },
        Benchmark(id: "brand.detect.19.linear-scan", name: "baseline: scan every range, 19 digits") {
            blackHole(scan.candidateCount(nineteen))
        },
        Benchmark(id: "brand.table.load", name: "load and index the shipped table (once per process)") {
            blackHole(try? BrandTable(json: tableJSON))
        },
        Benchmark(id: "brand.table.worst", name: "index a table at the bounds: 4,096 nested 12-digit ranges") {
            blackHole(try? BrandTable(version: "worst", sources: [], brands: [nested]))
        },
    ])
}

/// The costliest table the loader accepts: every range of the largest count overlaps every other,
/// at the longest prefix, so each step of the index sees all of them.
private let nested = Brand(
    id: "nested", name: "Nested",
    prefixRanges: (0..<UInt64(BrandTable.maximumRangeCount)).map {
        BrandPrefixRange(low: 100_000_000_000 + $0, high: 999_999_999_999 - $0, digitCount: 12)
    },
    lengths: [16], gaps: [4, 8, 12], cvcName: nil, cvcLength: 0, paymentProductIds: []
)

/// The baseline: every range of every brand compared with the input on each call. It only
/// counts compatible ranges (the part of the work that grows with the table), so it is a lower
/// bound for a full scanning detector.
private struct LinearScanDetector {
    let ranges: [(low: UInt64, high: UInt64, digits: Int)]
    static let powers: [UInt64] = (0...19).map { exponent in (0..<exponent).reduce(UInt64(1)) { product, _ in product * 10 } }

    init(table: BrandTable) {
        ranges = table.brands.flatMap { $0.prefixRanges.map { ($0.low, $0.high, $0.digitCount) } }
    }

    func candidateCount(_ number: String) -> Int {
        var prefixes: [UInt64] = [0]
        for byte in number.utf8 where byte &- 0x30 < 10 && prefixes.count <= 12 {
            prefixes.append(prefixes[prefixes.count - 1] * 10 + UInt64(byte - 0x30))
        }
        let typed = prefixes.count - 1
        var count = 0
        for range in ranges {
            let used = min(typed, range.digits)
            let cut = Self.powers[range.digits - used]
            if range.low / cut <= prefixes[used], prefixes[used] <= range.high / cut { count += 1 }
        }
        return count
    }
}
