import Foundation
import PaymentFormEngine
import PaymentFormSamples
#if canImport(Glibc)
import Glibc
#endif

/// What decoding costs the first time in a process: everything a warm loop amortises away
/// (compiling the product's patterns, building lookup tables, loading ICU, the runtime's first
/// look at each type) is paid then, and an app pays it on its first screen.
///
/// Measured on child processes: this binary started again with ``firstDecodeChildFlag`` decodes
/// the Visa product once and prints how long that took (wall clock, nanoseconds). The baseline
/// child does what the Connect SDKs do in the same situation: `JSONDecoder` into `Codable`
/// structs, compiling each `regularExpression` validator with `NSRegularExpression`.
func coldStartFigures(spawns: Int = 15) -> [ExternalFigure] {
    #if canImport(Glibc)
    var ours: [Double] = []
    var foundation: [Double] = []
    // Alternated, so both see the same load on this shared machine.
    for _ in 0..<spawns {
        if let figure = childFigure(firstDecodeChildFlag, "engine") { ours.append(figure) }
        if let figure = childFigure(firstDecodeChildFlag, "foundation") { foundation.append(figure) }
    }
    var figures: [ExternalFigure] = []
    if let median = median(ours) {
        figures.append(ExternalFigure(id: "decode.visa.first", name: "first decode of the Visa product in a new process",
                                      nanosecondsPerOperation: median))
    }
    if let median = median(foundation) {
        figures.append(ExternalFigure(id: "foundation.decode.visa.first",
                                      name: "baseline: JSONDecoder + NSRegularExpression, first in a new process",
                                      nanosecondsPerOperation: median))
    }
    return figures
    #else
    return []
    #endif
}

/// The argument that makes payform-bench time one first decode (`engine` or `foundation`),
/// print the nanoseconds and exit.
let firstDecodeChildFlag = "--time-first-decode"

/// The child's side of ``coldStartFigures(spawns:)``: reads the sample before the clock starts
/// (an app has its bytes in memory too), decodes once, prints the time.
func timeFirstDecode(_ which: String) {
    guard let data = Samples.product(named: "visa").map({ Data($0) }) else { exit(1) }
    let bytes = [UInt8](data)
    let start = monotonicNanoseconds()
    switch which {
    case "foundation":
        let product = try? JSONDecoder().decode(ConnectStyleProduct.self, from: data)
        blackHole(product)
    default:
        let product = try? PaymentProduct.decode(from: bytes)
        blackHole(product)
    }
    let elapsed = monotonicNanoseconds() - start
    print(elapsed)
}

private func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[values.count / 2]
}

#if canImport(Glibc)
private func childFigure(_ flag: String, _ which: String) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = [flag, which]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
#endif

/// The product as the Connect SDKs model it, decoded by `JSONDecoder`; `regularExpression`
/// validators compile their pattern when decoded, as those SDKs do.
private struct ConnectStyleProduct: Decodable {
    struct DisplayHints: Decodable {
        var displayOrder: Int?
        var label: String?
        var logo: String?
    }
    struct FieldDisplayHints: Decodable {
        var displayOrder: Int?
        var label: String?
        var mask: String?
        var placeholderLabel: String?
        var obfuscate: Bool?
        var alwaysShow: Bool?
        var preferredInputType: String?
    }
    struct Validators: Decodable {
        struct Length: Decodable {
            var minLength: Int?
            var maxLength: Int?
        }
        struct Pattern: Decodable {
            var regularExpression: String
            var compiled: NSRegularExpression?

            enum CodingKeys: String, CodingKey { case regularExpression }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                regularExpression = try container.decode(String.self, forKey: .regularExpression)
                compiled = try? NSRegularExpression(pattern: regularExpression)
            }
        }
        var length: Length?
        var regularExpression: Pattern?
    }
    struct DataRestrictions: Decodable {
        var isRequired: Bool?
        var validators: Validators?
    }
    struct Field: Decodable {
        var id: String
        var type: String?
        var displayHints: FieldDisplayHints?
        var dataRestrictions: DataRestrictions?
    }
    var id: Int
    var paymentMethod: String?
    var paymentProductGroup: String?
    var allowsRecurring: Bool?
    var allowsTokenization: Bool?
    var displayHints: DisplayHints?
    var fields: [Field]?
}
