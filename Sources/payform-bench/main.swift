// payform-bench: per-operation timings of the engine's hot paths.
//
//     swift run -c release payform-bench [FILTER]
//
// Prints one line per benchmark: its name and the time per operation. FILTER keeps only the
// benchmarks whose "group/name" contains it. Benchmarks are measured here, never in timed tests.

let filter = CommandLine.arguments.dropFirst().first
#if DEBUG
print("warning: this is a debug build; run `swift run -c release payform-bench` for real figures")
#endif

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
