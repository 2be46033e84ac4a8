// payform-bench: per-operation timings of the engine's hot paths.
//
//     swift run -c release payform-bench [FILTER]
//
// Prints one line per benchmark: its name and the time per operation. FILTER keeps only the
// benchmarks whose "group/name" contains it ("memory" selects only the peak-memory runs of
// `payform validate`, which need the release `payform` built beside this binary). Benchmarks are
// measured here, never in timed tests.

import Foundation

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == writeMemoryInputsFlag {
    writeMemoryInputs(to: CommandLine.arguments[2])
    exit(0)
}

let filter = CommandLine.arguments.dropFirst().first
#if DEBUG
print("warning: this is a debug build; run `swift run -c release payform-bench` for real figures")
#endif

// First, while this process is still small: Linux carries a parent's peak into a spawned child's
// figure, so the children must be spawned before the benchmark inputs are built.
if filter == nil || "memory".contains(filter ?? "") {
    printPeakMemory()
}

for group in allBenchmarkGroups() {
    let selected = group.benchmarks.filter { filter == nil || "\(group.name)/\($0.name)".contains(filter ?? "") }
    if selected.isEmpty { continue }
    print("== \(group.name)")
    for benchmark in selected {
        let perOperation = nanosecondsPerOperation(benchmark.body)
        let name = benchmark.name + String(repeating: " ", count: max(1, 48 - benchmark.name.count))
        print("  \(name)\(formatDuration(perOperation))/op")
    }
}
