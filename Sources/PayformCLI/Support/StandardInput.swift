#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's standard input, read with `read(2)` as it arrives.
///
/// Foundation's `FileHandle.read(upToCount:)` blocks on Linux until the count is reached or the
/// input ends: a driver that writes one event and waits for its answer never got one. `read(2)`
/// returns what a pipe or terminal holds now, so each line is answered when it arrives.
package enum StandardInput {
    /// The bytes available now, at most `maximumCount`, waiting only until some arrive; empty at
    /// the end of input or on a read error (a closed or unreadable standard input ends the input).
    package static func readAvailable(upTo maximumCount: Int = 1 << 16) -> Data {
        var data = Data(count: max(1, maximumCount))
        let count = data.withUnsafeMutableBytes { buffer -> Int in
            while true {
                let count = read(0, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                return max(0, count)
            }
        }
        data.count = count
        return data
    }
}
