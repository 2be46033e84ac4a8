import Foundation
import Testing
@testable import PaymentFormEncryption
#if canImport(Glibc)
import Glibc
#endif

/// Base64 and PEM decoding keep one buffer: the output, three quarters of the input. They used
/// to keep per-character records and copies of the lines, peaking at 18–20 times the input.
struct DecodingMemoryTests {
    #if os(Linux)
    /// Each runs in a child process of its own (an exit test), so nothing else allocates
    /// meanwhile: builds a 4 MiB input in one allocation, resets the peak resident set
    /// (`/proc/self/clear_refs`), decodes once, and fails unless the peak grew by less than 3
    /// times the input. (Nothing large is freed before the decoding, so its buffers come from
    /// fresh memory and show in the resident set.)
    @Test func pemDecodingPeaksBelowThreeTimesTheInput() async {
        await #expect(processExitsWith: .success) {
            let lineCount = (4 << 20) / 65
            var text = "-----BEGIN PUBLIC KEY-----\n"
            text.reserveCapacity(lineCount * 65 + 64)
            for _ in 0..<lineCount { text += "QUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJDQUJD\n" }
            text += "-----END PUBLIC KEY-----\n"
            ResidentMemory.exitUnlessPeakGrowthIsBelow(3 * text.utf8.count, expectedBytes: lineCount * 48) {
                (try? PEMBlock(parsing: text))?.der.count
            }
        }
    }

    /// The same for bare base64 (the Client API's `publicKey` field).
    @Test func base64DecodingPeaksBelowThreeTimesTheInput() async {
        await #expect(processExitsWith: .success) {
            let text = String(repeating: "QUJD", count: (4 << 20) / 4)
            ResidentMemory.exitUnlessPeakGrowthIsBelow(3 * text.utf8.count, expectedBytes: 3 << 20) {
                (try? Base64.decode(text))?.count
            }
        }
    }

    /// The same for base64url (JWE segments).
    @Test func base64URLDecodingPeaksBelowThreeTimesTheInput() async {
        await #expect(processExitsWith: .success) {
            let text = String(repeating: "-_-_", count: (4 << 20) / 4)
            ResidentMemory.exitUnlessPeakGrowthIsBelow(3 * text.utf8.count, expectedBytes: 3 << 20) {
                (try? Base64URL.decode(text))?.count
            }
        }
    }
    #endif

    /// The decoded array is allocated once at its final size (not grown by appending).
    @Test func decodingAllocatesTheExactSize() throws {
        let text = String(repeating: "QUJD", count: 1000)
        let bytes = try Base64.decode(text)
        #expect(bytes.count == 3000)
        #expect(bytes.capacity < 3000 + 64)
    }
}

#if os(Linux)
/// Figures from `/proc/self/status`.
enum ResidentMemory {
    /// A `Vm…` field in KiB.
    static func kibibytes(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }

    /// Resets VmHWM (the peak) to the current resident set (Linux 4.0+).
    static func resetPeak() -> Bool {
        (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
    }

    /// Ends the process: 0 when `decode` returned `expectedBytes` and the peak resident set grew
    /// by less than `limit` bytes while it ran, 1 when it grew more, 2 for a wrong result, 3 when
    /// the figures cannot be read.
    static func exitUnlessPeakGrowthIsBelow(_ limit: Int, expectedBytes: Int, _ decode: () -> Int?) -> Never {
        guard resetPeak(), let before = kibibytes("VmRSS") else { exit(3) }
        let count = decode()
        guard let peak = kibibytes("VmHWM") else { exit(3) }
        guard count == expectedBytes else { exit(2) }
        exit((peak - before) * 1024 < limit ? 0 : 1)
    }
}
#endif
