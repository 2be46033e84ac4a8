import Foundation
import PaymentFormSandboxHTTP

/// One webhook post to an `http://` URL, on the sandbox's own sockets (``Socket``): a small
/// HTTP/1.1 client that connects, sends the request with `Connection: close`, reads the answer
/// up to its status line (past any `1xx` interim heads) and closes the connection, each step
/// within ``WebhookLimits``. It follows no redirect (it has no code to: a 3xx is the answer, and
/// the signed body goes nowhere else) and never reads a body, so a receiver that floods, trickles
/// or never answers costs at most ``WebhookLimits/answerBytes`` and ``WebhookLimits/postTimeout``.
///
/// ```swift
/// let outcome = WebhookHTTPPost.post(body, headers: [("X-GCS-KeyId", "k")], to: target, limits: WebhookLimits())
/// ```
package enum WebhookHTTPPost {
    /// Posts `body` with `headers` (besides `Host`, `Content-Length` and `Connection`) to `target`.
    package static func post(_ body: [UInt8], headers: [(name: String, value: String)], to target: WebhookTarget, limits: WebhookLimits) -> WebhookOutcome {
        let started = Date()
        let deadline = started.addingTimeInterval(limits.postTimeout)
        let descriptor: Int32
        do {
            descriptor = try Socket.connect(host: target.host, port: target.port, deadline: min(deadline, started.addingTimeInterval(limits.connectTimeout)))
        } catch {
            return .failed(error.code == "timeout" ? "no connection within \(seconds(limits.connectTimeout))" : error.message)
        }
        defer { Socket.close(descriptor) }
        guard Socket.write(descriptor, request(body, headers: headers, target: target), deadline: deadline, orWake: -1) else {
            // A receiver may answer before it has read the whole request, and close: its status counts.
            let early = readStatus(descriptor, deadline: min(deadline, Date().addingTimeInterval(0.1)), limit: limits.answerBytes, late: "")
            if case .answered = early { return early }
            return .failed(deadline.timeIntervalSinceNow <= 0 ? "the request was not taken within \(seconds(limits.postTimeout))" : "the connection failed while sending")
        }
        let answerDeadline = Date().addingTimeInterval(limits.answerTimeout)
        return answerDeadline < deadline
            ? readStatus(descriptor, deadline: answerDeadline, limit: limits.answerBytes, late: "no status line within \(seconds(limits.answerTimeout)) of the request")
            : readStatus(descriptor, deadline: deadline, limit: limits.answerBytes, late: "no status line within \(seconds(limits.postTimeout)) of the post's start")
    }

    /// The request's bytes: request line, headers (values with control characters
    /// percent-encoded, as ``HTTPResponse`` writes them), body.
    package static func request(_ body: [UInt8], headers: [(name: String, value: String)], target: WebhookTarget) -> [UInt8] {
        var head = "POST \(target.requestTarget) HTTP/1.1\r\nHost: \(target.hostHeader)\r\n"
        for header in headers { head += "\(HTTPResponse.headerText(header.name)): \(HTTPResponse.headerText(header.value))\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// Reads until the final status line, at most `limit` bytes, before `deadline` (else `late`).
    package static func readStatus(_ descriptor: Int32, deadline: Date, limit: Int, late: String) -> WebhookOutcome {
        var buffer: [UInt8] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 2048)
        while true {
            switch HTTPStatusLine.read(buffer) {
            case .final(let status): return .answered(status: status)
            case .malformed(let reason): return .failed(reason)
            case .interim(let consumed):
                // Skipped; what follows it may hold the final status already.
                buffer.removeFirst(consumed)
                continue
            case .incomplete: break
            }
            guard total < limit else { return .failed("no status line within the first \(limit) bytes of the answer") }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return .failed(late) }
            switch Socket.wait(for: descriptor, orWake: -1, milliseconds: Int32(max(1, min(remaining * 1000, 60_000)))) {
            case .woken: return .failed("the connection failed")
            case .timedOut: continue
            case .readable: break
            }
            // Never more than the bound, whatever the receiver sends.
            if chunk.count > limit - total { chunk = [UInt8](repeating: 0, count: limit - total) }
            let count = Socket.read(descriptor, into: &chunk)
            guard count > 0 else { return .failed(count == 0 ? "the connection closed before the status line" : "the connection failed") }
            total += count
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// `2 s`, `0.5 s`.
    package static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
