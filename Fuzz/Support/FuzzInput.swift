// Shared by every fuzz target: turns libFuzzer's bytes into structured choices.
//
// Each target is built by Scripts/test/fuzz.sh as its own program: this file, the target's entry file
// and the library modules it imports, compiled with `-sanitize=fuzzer,address`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a fuzzer's input front to back as numbers, choices and strings.
///
/// Running out of bytes is normal: every read then answers zero or the empty string, so every
/// input, however short, is a valid run.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: UnsafePointer<UInt8>?, count: Int) {
        if let data, count > 0 {
            bytes = Array(UnsafeBufferPointer(start: data, count: count))
        } else {
            bytes = []
        }
    }

    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 at the end.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `range`, from one or two bytes.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
        return range.lowerBound + raw % span
    }

    /// A signed number that is often small and sometimes extreme (the edges validators get wrong).
    mutating func edgyInt() -> Int {
        switch byte() % 8 {
        case 0: return Int.max
        case 1: return Int.min
        case 2: return -int(in: 0...1000)
        default: return int(in: 0...70_000)
        }
    }

    /// A string of at most `maximumBytes` bytes of (repaired) UTF-8, its length read first.
    mutating func string(maximumBytes: Int = 255) -> String {
        let count = min(int(in: 0...maximumBytes), bytes.count - min(position, bytes.count))
        let slice = bytes[position..<position + count]
        position += count
        return String(decoding: slice, as: UTF8.self)
    }

    /// Everything not read yet, as (repaired) UTF-8.
    mutating func remainingString() -> String {
        guard position < bytes.count else { return "" }
        defer { position = bytes.count }
        return String(decoding: bytes[position...], as: UTF8.self)
    }

    /// Everything not read yet, as bytes.
    mutating func remainingBytes() -> ArraySlice<UInt8> {
        guard position < bytes.count else { return [] }
        defer { position = bytes.count }
        return bytes[position...]
    }
}

/// Stops the run with a message libFuzzer records next to the crashing input. Fuzz targets check
/// invariants this way: a violated one is a finding, like a crash.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() {
        fatalError("invariant violated: \(message())")
    }
}

/// Whether `FUZZ_TRACE` is set: targets then print each step, to replay a finding by hand.
/// (Fuzz inputs are synthetic, so printing them is fine here, unlike anywhere in the library.)
let isTracing = getenv("FUZZ_TRACE") != nil

/// Prints `message` when tracing.
func trace(_ message: @autoclosure () -> String) {
    guard isTracing else { return }
    var line = message() + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
