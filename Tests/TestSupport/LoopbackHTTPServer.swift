#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A tiny HTTP/1.1 server on a free loopback port for tests of HTTP clients: it answers every
/// request with what a closure says — including what no honest server sends (endless or huge
/// bodies, gzip bombs, redirects elsewhere, answers that trickle) — and records what it was sent.
///
/// One request per connection (answers carry `Connection: close`), one thread per connection,
/// blocking sockets. Bodies are streamed from a small buffer, so a 256 MiB or endless answer costs
/// the server no memory; it stops writing when the client goes away or the server is stopped.
///
/// Floods in tests that share the process with other network tests should be paced (`pause`):
/// FoundationNetworking reads every session's sockets on what is in effect one work queue, and a
/// loopback flood at full speed keeps it busy — other tests' requests then wait for it — until
/// the client's cancellation gets through.
///
/// ```swift
/// let server = try LoopbackHTTPServer { _ in .endlessChunked(status: 200) }
/// defer { server.stop() }
/// // point a client at server.baseURL
/// ```
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// A request as received (the body read by `Content-Length`).
    package struct Request: Sendable {
        /// `GET`, `POST`, ...
        package let method: String
        /// The request target (path and query).
        package let target: String
        /// The header fields in order.
        package let headers: [(name: String, value: String)]
        /// The body.
        package let body: [UInt8]

        /// The first header field named `name` (case-insensitive).
        package func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// What the server answers.
    package enum Reply: Sendable {
        /// A complete answer with `Content-Length`.
        case answer(status: Int, headers: [(String, String)] = [], body: [UInt8] = [])
        /// `chunk` written `count` times, announced with `Content-Length` (unless `headers` has
        /// one: then that is sent instead), with `pause` seconds between writes.
        case repeated(status: Int, headers: [(String, String)] = [], chunk: [UInt8], count: Int, pause: Double = 0)
        /// `Transfer-Encoding: chunked`: these chunks, then the last (empty) one.
        case chunked(status: Int, headers: [(String, String)] = [], chunks: [[UInt8]])
        /// `Transfer-Encoding: chunked` chunks of `chunk` until the client goes away, with `pause`
        /// seconds between them.
        case endlessChunked(status: Int, headers: [(String, String)] = [], chunk: [UInt8] = Array(repeating: 0x20, count: 65_536), pause: Double = 0)
        /// No answer at all: the connection is held open until the client goes away or the server
        /// is stopped (a receiver that never answers).
        case silence
        /// `bytes` as they are (no head of the server's own), `step` bytes at a time with `pause`
        /// seconds between writes, until all are sent, the client goes away or the server stops
        /// (an answer that trickles, or that is not HTTP).
        case raw(bytes: [UInt8], step: Int = 1, pause: Double = 0)
    }

    /// The port the server listens on.
    package let port: Int
    private let listener: Int32
    private let reply: @Sendable (Request) -> Reply
    private let received = Shared<[Request]>([])
    private let sentBodyBytes = Shared(0)
    private let isStopped = Shared(false)
    private let connections = Shared((open: 0, most: 0))

    /// Starts listening on `127.0.0.1` on a free port; `reply` decides each answer.
    package init(reply: @escaping @Sendable (Request) -> Reply) throws {
        #if canImport(Darwin)
        let listener = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard listener >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, named == 0, listen(listener, 64) == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.reply = reply
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// `http://127.0.0.1:PORT`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far.
    package var requests: [Request] { received.value }

    /// The body bytes written so far, over all answers (for a streamed body: how much the client
    /// took before it went away).
    package var bodyBytesSent: Int { sentBodyBytes.value }

    /// The most connections the server held open at once so far (for a client's concurrency bound).
    package var mostConcurrentConnections: Int { connections.value.most }

    /// Stops accepting (within 0.1 s) and ends every answer in progress at its next write.
    package func stop() {
        isStopped.set(true)
    }

    private var stopped: Bool { isStopped.value }

    private func acceptLoop() {
        while !stopped {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 100) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            #if canImport(Darwin)
            var yes: Int32 = 1
            _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            // A client that stops reading without closing must not pin a thread forever.
            var time = timeval(tv_sec: 10, tv_usec: 0)
            _ = setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
            connections.withLock { $0.open += 1; $0.most = max($0.most, $0.open) }
            let thread = Thread { [self] in
                serve(connection)
                close(connection)
                connections.withLock { $0.open -= 1 }
            }
            thread.start()
        }
        close(listener)
    }

    /// Answers the connection's request; a connection closed before a whole request (a client
    /// that gave up) gets nothing.
    private func serve(_ connection: Int32) {
        if let request = readRequest(connection) {
            received.append(request)
            answer(request, on: connection)
        }
    }

    private func answer(_ request: Request, on connection: Int32) {
        switch reply(request) {
        case .answer(let status, let headers, let body):
            guard write(connection, head(status, headers + [("Content-Length", String(body.count))])) else { return }
            if write(connection, body) { count(body.count) }
        case .repeated(let status, let headers, let chunk, let times, let pause):
            let declared = headers.contains { $0.0.lowercased() == "content-length" }
            guard write(connection, head(status, declared ? headers : headers + [("Content-Length", String(chunk.count * times))])) else { return }
            for _ in 0..<times {
                guard !stopped, write(connection, chunk) else { return }
                count(chunk.count)
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        case .chunked(let status, let headers, let chunks):
            guard write(connection, head(status, headers + [("Transfer-Encoding", "chunked")])) else { return }
            for chunk in chunks where !chunk.isEmpty {
                guard !stopped, write(connection, Self.framed(chunk)) else { return }
                count(chunk.count)
            }
            _ = write(connection, Array("0\r\n\r\n".utf8))
        case .endlessChunked(let status, let headers, let chunk, let pause):
            guard write(connection, head(status, headers + [("Transfer-Encoding", "chunked")])) else { return }
            let framed = Self.framed(chunk)
            while !stopped, write(connection, framed) {
                count(chunk.count)
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        case .silence:
            // Until the client closes (a read of 0 or an error) or the server stops.
            var byte = [UInt8](repeating: 0, count: 1)
            while !stopped {
                var ready = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, 100) >= 0 else { return }
                if ready.revents != 0, (receive(connection, into: &byte) ?? 0) <= 0 { return }
            }
        case .raw(let bytes, let step, let pause):
            var offset = 0
            while offset < bytes.count, !stopped {
                let end = min(bytes.count, offset + max(1, step))
                guard write(connection, Array(bytes[offset..<end])) else { return }
                offset = end
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
    }

    private static func framed(_ chunk: [UInt8]) -> [UInt8] {
        Array((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Array("\r\n".utf8)
    }

    private func count(_ bytes: Int) {
        sentBodyBytes.withLock { $0 += bytes }
    }

    private func head(_ status: Int, _ headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) Status\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    /// The request head (up to 64 KiB) and its `Content-Length` body; `nil` when the client
    /// sent no complete request.
    private func readRequest(_ connection: Int32) -> Request? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            guard data.count < 65_536, let count = receive(connection, into: &chunk), count > 0 else { return nil }
            data += chunk[0..<count]
            headEnd = data.indices.dropLast(3).first { data[$0..<($0 + 4)].elementsEqual(separator) }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: data[..<headEnd], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        var body = Array(data[(headEnd + 4)...])
        while body.count < min(length, 1 << 20) {
            guard let count = receive(connection, into: &chunk), count > 0 else { break }
            body += chunk[0..<count]
        }
        return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private func receive(_ connection: Int32, into chunk: inout [UInt8]) -> Int? {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Writes all of `bytes`; `false` once the client is gone.
    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        #if canImport(Darwin)
        let flags: Int32 = 0
        #else
        let flags = Int32(MSG_NOSIGNAL)
        #endif
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                buffer.baseAddress.map { send(connection, $0 + offset, buffer.count - offset, flags) } ?? -1
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
