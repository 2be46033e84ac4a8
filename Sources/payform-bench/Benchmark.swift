#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One measured operation: a name and a body that performs the operation once.
///
/// Benchmarks register themselves in a ``BenchmarkGroup``; `main.swift` runs the groups.
/// Each figure printed is the median, over several rounds, of the mean time per operation
/// within a round, so a single slow round (another process on the machine) does not skew it.
struct Benchmark {
    /// A stable identifier for machines (`--json`), e.g. `mask.format.pan`. Scripts and the
    /// performance report key on it, so an id never changes meaning; `nil` derives one from the
    /// group and the name.
    let id: String?
    let name: String
    let body: () -> Void

    init(id: String? = nil, name: String, body: @escaping () -> Void) {
        self.id = id
        self.name = name
        self.body = body
    }

    /// The stable id, or one derived from the group and name (lower-case, dots between words).
    func identifier(in group: String) -> String {
        if let id { return id }
        var slug = ""
        for character in (group + " " + name).lowercased() {
            if character.isLetter || character.isNumber { slug.append(character) } else if !slug.hasSuffix(".") { slug.append(".") }
        }
        while slug.hasSuffix(".") { slug.removeLast() }
        return "auto." + slug
    }
}

/// A figure measured outside this process (e.g. `openssl speed`), printed beside ours.
struct ExternalFigure {
    let id: String
    let name: String
    let nanosecondsPerOperation: Double
}

/// A named set of benchmarks for one part of the engine (masking, validation, encryption, ...).
struct BenchmarkGroup {
    let name: String
    let benchmarks: [Benchmark]
    /// Baselines measured by another program in the same run (empty when it is not installed).
    var external: () -> [ExternalFigure] = { [] }
    /// Pairs of ids (ours, baseline) whose ratio is printed after the group, when both ran.
    var ratios: [(ours: String, baseline: String)] = []
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The CPU time this thread has used, in nanoseconds. Benchmarks are timed in CPU time, as
/// `openssl speed` times its own (so ratios compare like with like), and so that other processes
/// sharing the machine's cores do not inflate a figure by pre-empting the benchmark.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Runs `body` repeatedly and returns nanoseconds per call (median of `rounds` rounds).
///
/// The iteration count per round is calibrated so a round lasts about `roundNanoseconds`.
func nanosecondsPerOperation(rounds: Int = 7, roundNanoseconds: UInt64 = 40_000_000, _ body: () -> Void) -> Double {
    // Warm up and calibrate.
    var iterations = 1
    while true {
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        let elapsed = threadCPUNanoseconds() - start
        if elapsed >= roundNanoseconds / 4 || iterations >= 1 << 30 {
            let perCall = max(Double(elapsed) / Double(iterations), 1)
            iterations = max(1, Int(Double(roundNanoseconds) / perCall))
            break
        }
        iterations *= 4
    }
    var samples: [Double] = []
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        for _ in 0..<iterations { body() }
        let elapsed = threadCPUNanoseconds() - start
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

/// `text` as a JSON string literal (ids and names are plain text, but quote properly anyway).
func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20: out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

/// A non-negative number with one decimal, as JSON (no exponent, no locale).
func fixedPoint(_ value: Double) -> String {
    let tenths = (value * 10).rounded()
    guard tenths.isFinite, tenths >= 0, tenths < 1e17 else { return "0" }
    let whole = UInt64(tenths)
    return "\(whole / 10).\(whole % 10)"
}

/// A ratio with two decimals and a times sign, e.g. `1.42×`.
func ratioText(_ value: Double) -> String {
    guard value.isFinite, value >= 0, value < 1e12 else { return "?" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)×"
}
