#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import Foundation

/// The few socket calls the sandbox makes, over Glibc or Darwin: listen, accept, connect (the
/// webhook posts), wait, read, write, close. File descriptors are plain `Int32`s owned by the caller.
package enum Socket {
    #if canImport(Darwin)
    package static let streamType = SOCK_STREAM
    package static let sendFlags: Int32 = 0
    #else
    package static let streamType = Int32(SOCK_STREAM.rawValue)
    package static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// A listening TCP socket on `host` (a numeric IPv4 or IPv6 address, or a name) and `port`
    /// (0: any free port), non-blocking; returns it and the bound port.
    package static func listen(host: String, port: Int, backlog: Int32) throws(SandboxError) -> (descriptor: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw SandboxError(code: "socket_error", message: "--host \(host): cannot resolve the address")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else { lastError = errorText(); continue }
            var yes: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            setCloseOnExec(descriptor)
            guard bind(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = errorText()
                _ = systemClose(descriptor)
                continue
            }
            guard systemListen(descriptor, backlog) == 0 else {
                lastError = errorText()
                _ = systemClose(descriptor)
                continue
            }
            setNonBlocking(descriptor)
            return (descriptor, boundPort(descriptor) ?? port)
        }
        throw SandboxError(code: "socket_error", message: "cannot listen on \(host):\(port): \(lastError)")
    }

    /// Accepts one pending connection: its descriptor (blocking, close-on-exec) and whether the
    /// peer is a loopback address; `nil` when none is pending.
    package static func accept(_ listener: Int32) -> (descriptor: Int32, isLoopback: Bool)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemAccept(listener, $0, &length) }
        }
        guard descriptor >= 0 else { return nil }
        setCloseOnExec(descriptor)
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var noDelay: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        return (descriptor, isLoopback(storage))
    }

    /// A TCP connection to `host` (a numeric IPv4 or IPv6 address, or a name the system
    /// resolves: that step has no deadline of its own) and `port`, made before `deadline`: each
    /// address is tried in turn, without blocking, for what is left of the time. The descriptor
    /// (blocking, close-on-exec, no `SIGPIPE`) or why there is none.
    package static func connect(host: String, port: Int, deadline: Date) throws(SandboxError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw SandboxError(code: "socket_error", message: "cannot resolve the host")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw SandboxError(code: "timeout", message: "no connection within the connect deadline") }
            let descriptor = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errorText()
                continue
            }
            setCloseOnExec(descriptor)
            setNonBlocking(descriptor)
            var connected = systemConnect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
            if !connected, errno == EINPROGRESS || errno == EINTR {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                var outcome: Int32
                repeat {
                    outcome = poll(&ready, 1, Int32(max(1, min(deadline.timeIntervalSinceNow * 1000, 60_000))))
                } while outcome < 0 && errno == EINTR && deadline.timeIntervalSinceNow > 0
                if outcome > 0 {
                    var problem: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &length) == 0, problem == 0 {
                        connected = true
                    } else {
                        lastError = String(cString: strerror(problem))
                    }
                } else {
                    lastError = outcome == 0 ? "no connection within the connect deadline" : errorText()
                }
            } else if !connected {
                lastError = errorText()
            }
            guard connected else {
                _ = systemClose(descriptor)
                continue
            }
            let flags = fcntl(descriptor, F_GETFL, 0)
            _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
            #if canImport(Darwin)
            var yes: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var noDelay: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            return descriptor
        }
        throw SandboxError(code: "socket_error", message: "cannot connect: \(lastError)")
    }

    /// What ``wait(for:orWake:milliseconds:)`` saw.
    package enum Readiness {
        case readable
        case timedOut
        case woken
    }

    /// Waits until `descriptor` is readable (or closed by the peer), `wake` is readable (the
    /// server is stopping) or `milliseconds` pass (-1: forever).
    package static func wait(for descriptor: Int32, orWake wake: Int32, milliseconds: Int32) -> Readiness {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let count = poll(&descriptors, 2, milliseconds)
            if count < 0 {
                if errno == EINTR { continue }
                return .woken
            }
            if count == 0 { return .timedOut }
            if descriptors[1].revents != 0 { return .woken }
            return .readable
        }
    }

    /// Reads up to `buffer.count` bytes: the count, 0 at end of stream, -1 on error.
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        buffer.withUnsafeMutableBytes { raw in
            while true {
                let count = recv(descriptor, raw.baseAddress, raw.count, 0)
                if count < 0, errno == EINTR { continue }
                return count
            }
        }
    }

    /// Writes all of `bytes` before `deadline`; `false` when the connection failed, the peer
    /// did not take them in time, or `wake` became readable (the server is stopping: a peer that
    /// does not read must not hold up the stop).
    ///
    /// The deadline bounds the whole answer, not each `send`: a peer that reads a byte now and
    /// then makes every single `send` progress, and would otherwise hold its connection (and a
    /// slot) for as long as it likes.
    package static func write(_ descriptor: Int32, _ bytes: [UInt8], deadline: Date, orWake wake: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let count = send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, sendFlags | Int32(MSG_DONTWAIT))
                if count >= 0 {
                    offset += count
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN, EWOULDBLOCK:
                    let remaining = deadline.timeIntervalSinceNow
                    guard remaining > 0 else { return false }
                    var descriptors = [
                        pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0),
                        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
                    ]
                    if poll(&descriptors, 2, Int32(max(1, min(remaining * 1000, 60_000)))) < 0, errno != EINTR { return false }
                    if descriptors[1].revents != 0 { return false }
                default:
                    return false
                }
            }
            return true
        }
    }

    /// Stops sending (the peer sees the end of the answer) without dropping what it sent.
    package static func shutdownWriting(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// A pipe whose read end becomes readable when the write end is written or closed.
    package static func makeWakePipe() throws(SandboxError) -> (read: Int32, write: Int32) {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw SandboxError(code: "socket_error", message: "cannot create a pipe: \(errorText())") }
        setCloseOnExec(descriptors[0])
        setCloseOnExec(descriptors[1])
        return (descriptors[0], descriptors[1])
    }

    package static func signal(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = systemWrite(descriptor, &byte, 1)
    }

    private static func setCloseOnExec(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    private static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            default: nil
            }
        }
    }

    /// 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104.
    private static func isLoopback(_ storage: sockaddr_storage) -> Bool {
        var storage = storage
        return withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24 == 127
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    let bytes = withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
                    if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
                    return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
                }
            default:
                return false
            }
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

// The C calls whose names the enum's own methods shadow.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemAccept(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(descriptor, address, length)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func systemConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
