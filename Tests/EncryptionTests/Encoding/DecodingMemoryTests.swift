import Foundation
import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport
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
