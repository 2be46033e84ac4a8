// payform-bench: per-operation timings of the engine's hot paths.
//
//     swift run -c release payform-bench [--json] [FILTER]
//
// Prints one line per benchmark: its name and the time per operation; with --json, one JSON
// object per line instead, `{"id": "...", "name": "...", "nsPerOp": N}`, where `id` is stable.
// FILTER keeps only the benchmarks whose id or "group/name" contains it ("memory" selects only the peak-memory runs of
// `payform validate`, which need the release `payform` built beside this binary). Benchmarks are
// measured here, never in timed tests.

import Foundation

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == writeMemoryInputsFlag {
    writeMemoryInputs(to: CommandLine.arguments[2])
    exit(0)
}

let arguments = Array(CommandLine.arguments.dropFirst())
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
    return id.contains(filter) || label.contains(filter)
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
    for benchmark in benchmarks {
        report(id: benchmark.identifier(in: group.name), name: benchmark.name, nanoseconds: nanosecondsPerOperation(benchmark.body))
    }
    for figure in group.external() where selected(figure.id, "\(group.name)/\(figure.name)") {
        report(id: figure.id, name: figure.name, nanoseconds: figure.nanosecondsPerOperation)
    }
}
