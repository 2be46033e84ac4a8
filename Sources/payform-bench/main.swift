// payform-bench: per-operation timings of the engine's hot paths.
//
//     swift run -c release payform-bench [--json] [FILTER]
//     swift run -c release payform-bench --help        (the options and every benchmark id)
//
// Prints one line per benchmark: its name and the time per operation, then any baselines measured
// by other programs in the same run (`openssl speed`, Python joserfc and cryptography) and the
// ratios between theirs and ours (baseline ÷ ours: above 1 means ours is faster); with --json, one
// JSON object per line instead, `{"id": "...", "name": "...", "nsPerOp": N}`, where `id` is stable
// (baselines included, ratios left to the reader).
// FILTER keeps only the benchmarks whose id or "group/name" contains it ("memory" selects only the peak-memory runs of
// `payform validate`, which need the release `payform` built beside this binary). Benchmarks are
// measured here, never in timed tests.

import Foundation

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == writeMemoryInputsFlag {
    writeMemoryInputs(to: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == firstDecodeChildFlag {
    timeFirstDecode(CommandLine.arguments[2])
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    printHelp(allBenchmarkGroups())
    exit(0)
}
/// Whether FILTER selects a benchmark: its id or its "group/name" contains it.
func matches(_ filter: String, id: String, label: String) -> Bool {
    id.contains(filter) || label.contains(filter)
}

if let flag = arguments.firstIndex(of: "--iterations") {
    // A fixed amount of work, untimed, for instruction counters: N runs of each selected body.
    let rest = arguments[(flag + 1)...]
    guard let count = rest.first.flatMap({ Int($0) }), count > 0, rest.count == 2, let filter = rest.last, flag == 0 else {
        FileHandle.standardError.write(Data("payform-bench: --iterations takes a positive count and a FILTER: payform-bench --iterations N FILTER\n".utf8))
        exit(64)
    }
    // An exact id picks that benchmark alone (`controller.keystroke.card`, not its variants).
    let groups = allBenchmarkGroups()
    let exact = groups.contains { group in group.benchmarks.contains { $0.identifier(in: group.name) == filter } }
    var ran = 0
    for group in groups {
        for benchmark in group.benchmarks where exact ? benchmark.identifier(in: group.name) == filter
            : matches(filter, id: benchmark.identifier(in: group.name), label: "\(group.name)/\(benchmark.name)") {
            for _ in 0..<count { benchmark.body() }
            ran += 1
            print("\(benchmark.identifier(in: group.name)): \(count) iterations")
        }
    }
    guard ran > 0 else {
        FileHandle.standardError.write(Data("payform-bench: no benchmark matches \(filter)\n".utf8))
        exit(64)
    }
    exit(0)
}
let json = arguments.contains("--json")
let filter = arguments.first { $0 != "--json" }
#if DEBUG
if !json {
    print("warning: this is a debug build; run `swift run -c release payform-bench` for real figures")
}
#endif

// First, while this process is still small: Linux carries a parent's peak into a spawned child's
// figure, so the children must be spawned before the benchmark inputs are built.
if !json, filter == nil || "memory".contains(filter ?? "") {
    printPeakMemory()
}

func selected(_ id: String, _ label: String) -> Bool {
    guard let filter else { return true }
    return matches(filter, id: id, label: label)
}

for group in allBenchmarkGroups() {
    let benchmarks = group.benchmarks.filter { selected($0.identifier(in: group.name), "\(group.name)/\($0.name)") }
    var printedHeader = false
    func report(id: String, name: String, nanoseconds: Double) {
        if json {
            print(#"{"id": \#(jsonString(id)), "name": \#(jsonString(name)), "nsPerOp": \#(fixedPoint(nanoseconds))}"#)
            return
        }
        if !printedHeader {
            print("== \(group.name)")
            printedHeader = true
        }
        let padded = name + String(repeating: " ", count: max(1, 48 - name.count))
        print("  \(padded)\(formatDuration(nanoseconds))/op")
    }
    var measured: [String: Double] = [:]
    for benchmark in benchmarks {
        let id = benchmark.identifier(in: group.name)
        let nanoseconds = nanosecondsPerOperation(benchmark.body)
        measured[id] = nanoseconds
        report(id: id, name: benchmark.name, nanoseconds: nanoseconds)
    }
    // External baselines take seconds: run them for a whole run, or when the filter selects one
    // of them or a benchmark they are compared with.
    let wantsBaselines = filter == nil
        || group.ratios.contains { measured[$0.ours] != nil || $0.baseline.contains(filter ?? "") }
    if wantsBaselines {
        for figure in group.external() {
            measured[figure.id] = figure.nanosecondsPerOperation
            report(id: figure.id, name: figure.name, nanoseconds: figure.nanosecondsPerOperation)
        }
    }
    if !json {
        var printedRatioHeader = false
        for (ours, baseline) in group.ratios {
            guard let theirs = measured[baseline], let time = measured[ours], time > 0 else { continue }
            if !printedRatioHeader {
                print("  ratios, baseline ÷ ours (above 1: ours is faster)")
                printedRatioHeader = true
            }
            let label = "\(baseline) ÷ \(ours)"
            print("  \(label)\(String(repeating: " ", count: max(1, 48 - label.count)))\(ratioText(theirs / time))")
        }
    }
}
