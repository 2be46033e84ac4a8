import Dispatch

/// One measured operation: a name and a body that performs the operation once.
///
/// Benchmarks register themselves in a ``BenchmarkGroup``; `main.swift` runs the groups.
/// Each figure printed is the median, over several rounds, of the mean time per operation
/// within a round, so a single slow round (another process on the machine) does not skew it.
struct Benchmark {
    let name: String
    let body: () -> Void
}

/// A named set of benchmarks for one part of the engine (masking, validation, encryption, ...).
struct BenchmarkGroup {
    let name: String
    let benchmarks: [Benchmark]
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Runs `body` repeatedly and returns nanoseconds per call (median of `rounds` rounds).
///
/// The iteration count per round is calibrated so a round lasts about `roundNanoseconds`.
func nanosecondsPerOperation(rounds: Int = 7, roundNanoseconds: UInt64 = 40_000_000, _ body: () -> Void) -> Double {
    // Warm up and calibrate.
    var iterations = 1
    while true {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        if elapsed >= roundNanoseconds / 4 || iterations >= 1 << 30 {
            let perCall = max(Double(elapsed) / Double(iterations), 1)
            iterations = max(1, Int(Double(roundNanoseconds) / perCall))
            break
        }
        iterations *= 4
    }
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { body() }
        let elapsed = DispatchTime.now().uptimeNanoseconds - start
        samples.append(Double(elapsed) / Double(iterations))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Formats a duration in nanoseconds with a unit that keeps it readable.
func formatDuration(_ nanoseconds: Double) -> String {
    func fixed(_ value: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return "\(rounded)"
    }
    switch nanoseconds {
    case ..<10_000: return fixed(nanoseconds, 1) + " ns"
    case ..<10_000_000: return fixed(nanoseconds / 1_000, 2) + " µs"
    default: return fixed(nanoseconds / 1_000_000, 2) + " ms"
    }
}
