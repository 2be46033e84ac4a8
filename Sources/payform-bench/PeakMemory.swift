import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Peak resident memory of `payform validate` runs, measured on child processes: memory is a
/// property of the whole program (runtime, Foundation, ICU), not of one call.
///
/// Needs the `payform` binary next to this one (`swift build -c release` builds both). Linux
/// carries a parent's peak into a spawned child's figure, so this process stays small: it runs
/// first, and a child of its own (``writeMemoryInputs(to:)``) writes the large inputs.
func printPeakMemory() {
    #if canImport(Glibc)
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let payform = directory.appendingPathComponent("payform").path
    guard FileManager.default.isExecutableFile(atPath: payform) else {
        print("== memory: skipped (build payform first: swift build -c release)")
        return
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("payform-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    guard peakResidentKiB(CommandLine.arguments[0], [writeMemoryInputsFlag, scratch.path]) != nil else {
        print("== memory: skipped (could not write the inputs)")
        return
    }
    func path(_ name: String) -> String { scratch.appendingPathComponent(name).path }
    func kibibytes(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path(name))[.size] as? NSNumber)?.intValue ?? 0) / 1024
    }
    let card = ["--value", "cardNumber=4111111111111111", "--value", "expiryDate=1230", "--value", "cvv=123", "--now", "2026-11"]
    var runs: [(String, [String])] = [
        ("payform --help (process baseline)", ["--help"]),
        ("validate sample:visa (4 fields)", ["validate", "--product", "sample:visa"] + card),
        ("validate sample:visa, 1 MB name", ["validate", "--product", "sample:visa", "--now", "2026-11", "--values", path("long.json")]),
    ]
    for count in memoryFieldCounts {
        runs.append(("validate \(count) fields (\(kibibytes("product-\(count).json")) KiB product)",
                     ["validate", "--product", path("product-\(count).json"), "--values", path("values-\(count).json")]))
    }

    print("== memory (peak resident set of the payform process)")
    print("  (floor: this process's own peak, \(mebibytes(peakResidentKiBOfSelf())); a figure at the floor means at most that)")
    for (name, arguments) in runs {
        let padded = name + String(repeating: " ", count: max(1, 48 - name.count))
        print("  \(padded)\(peakResidentKiB(payform, arguments).map(mebibytes) ?? "failed to run")")
    }
    #else
    print("== memory: skipped (measured on Linux only)")
    #endif
}

/// The argument that makes payform-bench write the memory runs' inputs into a folder and exit.
let writeMemoryInputsFlag = "--write-memory-inputs"

private let memoryFieldCounts = [50, 500]  // 500: DefinitionLimit.fields, the most a product may have

/// Writes the inputs of ``printPeakMemory()`` into `folder` (run in a child process).
func writeMemoryInputs(to folder: String) {
    let scratch = URL(fileURLWithPath: folder)
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    func write(_ name: String, _ text: String) {
        try? Data(text.utf8).write(to: scratch.appendingPathComponent(name))
    }
    func valuesJSON(_ values: [String: String]) -> String {
        (try? String(decoding: JSONEncoder().encode(values), as: UTF8.self)) ?? "{}"
    }
    write("long.json", valuesJSON(["cardNumber": "4111111111111111", "expiryDate": "1230", "cvv": "123",
                                   "cardholderName": String(repeating: "é", count: 500_000)]))
    for count in memoryFieldCounts {
        guard let (product, values) = syntheticProduct(fieldCount: count) else { continue }
        write("product-\(count).json", product.jsonString())
        write("values-\(count).json", valuesJSON(values))
    }
}

private func mebibytes(_ kibibytes: Int) -> String {
    "\(Double(kibibytes * 10 / 1024) / 10) MiB"
}

#if canImport(Glibc)
/// This process's peak resident set in KiB.
private func peakResidentKiBOfSelf() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

/// Runs `executable` with output discarded and returns its peak resident set in KiB.
private func peakResidentKiB(_ executable: String, _ arguments: [String]) -> Int? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    guard wait4(pid, &status, 0, &usage) == pid else { return nil }
    return usage.ru_maxrss
}
#endif
