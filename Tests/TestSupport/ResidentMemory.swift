#if os(Linux)
import Foundation
import Glibc

/// Figures from `/proc/self/status`, for tests that bound the memory a piece of work takes. Run
/// such work in a child process of its own (an exit test), so nothing else allocates meanwhile.
package enum ResidentMemory {
    /// A `Vm…` field in KiB.
    package static func kibibytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// Resets VmHWM (the peak) to the current resident set (Linux 4.0+).
    package static func resetPeak() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// Ends the process: 0 when `decode` returned `expectedBytes` and the peak resident set grew
    /// by less than `limit` bytes while it ran, 1 when it grew more, 2 for a wrong result, 3 when
    /// the figures cannot be read.
    package static func exitUnlessPeakGrowthIsBelow(_ limit: Int, expectedBytes: Int, _ decode: () -> Int?) -> Never {
        guard resetPeak(), let before = kibibytes("VmRSS") else { exit(3) }
        let count = decode()
        guard let peak = kibibytes("VmHWM") else { exit(3) }
        guard count == expectedBytes else { exit(2) }
        exit((peak - before) * 1024 < limit ? 0 : 1)
    }

    /// Ends the process like ``exitUnlessPeakGrowthIsBelow(_:expectedBytes:_:)``, for async work
    /// that says itself whether its result is right.
    package static func exitUnlessPeakGrowthIsBelow(_ limit: Int, _ work: () async -> Bool) async -> Never {
        guard resetPeak(), let before = kibibytes("VmRSS") else { exit(3) }
        let right = await work()
        guard let peak = kibibytes("VmHWM") else { exit(3) }
        guard right else { exit(2) }
        exit((peak - before) * 1024 < limit ? 0 : 1)
    }
}
#endif
