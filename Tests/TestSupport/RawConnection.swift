#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A plain TCP client for tests that send what no HTTP library would: malformed, oversized or
/// slow requests, or that read slowly. Blocking, with a receive timeout so a test never hangs
/// (generous: every exchange normally ends with the server closing, and under ThreadSanitizer
/// answers can take seconds).
package final class RawConnection: @unchecked Sendable {
    /// The socket; -1 once ``close()`` ran.
    private var descriptor: Int32
    /// Why the last read ended other than by the server closing: `ECONNRESET` (the server reset
    /// the connection), `EAGAIN`/`EWOULDBLOCK` (the receive timeout), ...; 0 after a clean end.
    package private(set) var lastReadError: Int32 = 0

    /// Connects to the loopback port. The descriptor is stored only once connected: a class
    /// initializer that throws after its properties are set still runs `deinit`, which would close
    /// the descriptor a second time, and by then the number may belong to another thread's socket
    /// (tests run in parallel) — that closed a sandbox connection under the flood test.
    ///
    /// - Parameter receiveBuffer: the socket's receive buffer in bytes, set before connecting
    ///   (a small one makes the server's writes block as soon as the client stops reading).
    package init(port: Int, receiveTimeout: Double = 30, receiveBuffer: Int32? = nil) throws {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var time = timeval(tv_sec: .init(receiveTimeout), tv_usec: .init((receiveTimeout - receiveTimeout.rounded(.down)) * 1_000_000))
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer {
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard status == 0 else {
            systemClose(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
        self.descriptor = descriptor
    }

    deinit {
        close()
    }

    /// Closes the connection now (the server sees the end of the stream), as a client does once it
    /// has its answer.
    package func close() {
        // A second close (an explicit one, then deinit's) has nothing left to close.
        if descriptor >= 0 {
            systemClose(descriptor)
            descriptor = -1
        }
    }

    /// Sends bytes; `false` when the server closed the connection.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        return bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) == $0.count }
    }

    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything until the server closes the connection (or the receive timeout, or an error:
    /// see ``lastReadError``).
    package func readToEnd() -> String {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while let count = receive(into: &chunk), count > 0 {
            data += chunk[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// One `recv`, retried when a signal interrupts it; `nil` on an error (kept in
    /// ``lastReadError``), 0 at the end of the stream.
    private func receive(into chunk: inout [UInt8]) -> Int? {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 {
                lastReadError = 0
                return count
            }
            if errno == EINTR { continue }
            lastReadError = errno
            return nil
        }
    }

    /// One read of at most `count` bytes: what arrived, empty at the end of the stream, `nil` on
    /// an error (see ``lastReadError``).
    package func read(upTo count: Int) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: count)
        guard let received = receive(into: &chunk) else { return nil }
        return Array(chunk[0..<received])
    }

    /// Reads until `count` HTTP responses' heads have arrived (or the connection ends).
    package func readResponses(_ count: Int) -> String {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while String(decoding: data, as: UTF8.self).components(separatedBy: "HTTP/1.1 ").count - 1 < count
            || !responsesComplete(String(decoding: data, as: UTF8.self), count) {
            guard let received = receive(into: &chunk), received > 0 else { break }
            data += chunk[0..<received]
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func responsesComplete(_ text: String, _ count: Int) -> Bool {
        var rest = Substring(text)
        for _ in 0..<count {
            guard let headEnd = rest.range(of: "\r\n\r\n") else { return false }
            let head = rest[..<headEnd.lowerBound]
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            let body = rest[headEnd.upperBound...]
            guard body.utf8.count >= length else { return false }
            rest = body.dropFirst(length)
        }
        return true
    }
}

private func systemClose(_ descriptor: Int32) {
    _ = close(descriptor)
}

private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(descriptor, buffer, count, flags)
}
