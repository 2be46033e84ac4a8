/// `payform-bench --help`: the usage, the options and every benchmark id, by group, with the
/// baselines measured beside each group.
func printHelp(_ groups: [BenchmarkGroup]) {
    print("""
    usage: payform-bench [--json] [FILTER]
           payform-bench --iterations N FILTER
           payform-bench --help

    Times the engine's hot paths (build with `swift build -c release`; a debug build's figures
    mean nothing). Each figure is the median over 7 rounds of the mean CPU time per operation.

    options:
      --json     one JSON object per line, {"id": ..., "name": ..., "nsPerOp": ...}, for machines
      FILTER     only the benchmarks whose id or "group/name" contains FILTER; "memory" selects
                 only the peak-memory runs of `payform validate` (text output, Linux, needs the
                 release payform beside this binary)
      --iterations N
                 run each benchmark FILTER selects (an exact id selects that one alone)
                 exactly N times, untimed, and print which ran: a fixed amount of work for
                 instruction counters (valgrind --tool=callgrind; subtract a run with N = 1,
                 which holds the set-up, and divide by N - 1)
      --help     this text

    Baselines (openssl speed, 3 s per figure; Python joserfc and cryptography through
    Scripts/*-bench.py) run in the same session when their group runs whole or FILTER selects one
    of their ids or a benchmark compared with them; each is left out with a note when its program
    is missing. Ratios are printed as baseline ÷ ours: above 1 means ours is faster.

    ids:
    """)
    for group in groups {
        print("  \(group.name)")
        for benchmark in group.benchmarks {
            let id = benchmark.identifier(in: group.name)
            print("    \(id)\(String(repeating: " ", count: max(1, 44 - id.count)))\(benchmark.name)")
        }
        var baselines: [String] = []
        for (_, baseline) in group.ratios where !baselines.contains(baseline) { baselines.append(baseline) }
        for baseline in baselines {
            print("    \(baseline)\(String(repeating: " ", count: max(1, 44 - baseline.count)))baseline, measured by another program")
        }
    }
}
