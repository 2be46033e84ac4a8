#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's standard output and standard error, written with `write(2)`.
///
/// Foundation's `FileHandle.write(_:)` cannot report an error and traps when the reader went
/// away (`payform decrypt ... | head -c 1`): the process died with SIGILL and a register dump.
/// Here a failed write is a `false` the caller acts on. The `payform` executable ignores SIGPIPE,
/// so a closed pipe reports EPIPE instead of ending the process.
package enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    /// Writes all of `text`; `false` when the stream is closed or fails (EPIPE, EBADF, ...), after
    /// which nothing more should be written to it.
    @discardableResult
    package func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                if written == 0 { return false }
                offset += written
            }
            return true
        }
    }
}

// `write` is shadowed by the enum's own method inside it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
