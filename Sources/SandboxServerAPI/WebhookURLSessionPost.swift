import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaymentFormConcurrency

/// One webhook post to an `https://` URL (the sandbox has no TLS of its own), through `URLSession`
/// with a delegate that takes only the answer's status: the task is cancelled as soon as the
/// answer's head arrives, no redirect is followed (the 3xx is the answer, and the signed body
/// goes nowhere else), no credentials are sent to a `401`, and nothing is cached or stored.
///
/// The post ends within ``WebhookLimits/postTimeout`` whatever FoundationNetworking does: the
/// session is made, started and cancelled on a queue of its own (``control``), never on the
/// posting thread, which only waits for the status until the deadline. What FoundationNetworking
/// (libcurl) may still do past our reach, on Linux: read a redirect's body, in memory, before it
/// asks whether to follow it, and go on reading a flood for a while after the cancellation; a
/// post that starts while an earlier one's cancellation has not landed may wait for it and fail
/// at its deadline. docs/limits.md gives the figures. ``WebhookHTTPPost`` has none of these costs.
package enum WebhookURLSessionPost {
    /// Where the sessions and their tasks are made, started and cancelled: FoundationNetworking
    /// makes each of these wait for its work queue, which a hostile receiver can keep busy.
    private static let control = DispatchQueue(label: "sandbox-webhook-urlsession")
    /// Work items on ``control`` not done yet: past ``maximumPending`` (FoundationNetworking has
    /// held the queue up for that many posts), a post fails at once rather than queue more.
    private static let pending = LockedValue(0)
    private static let maximumPending = 4

    /// Runs `work` on ``control``, counted in ``pending``.
    private static func onControl(_ work: @escaping @Sendable () -> Void) {
        pending.withLock { $0 += 1 }
        control.async {
            work()
            pending.withLock { $0 -= 1 }
        }
    }

    /// Posts `body` with `headers` to `target`.
    package static func post(_ body: [UInt8], headers: [(name: String, value: String)], to target: WebhookTarget, limits: WebhookLimits) -> WebhookOutcome {
        guard let url = URL(string: target.url) else { return .failed("the URL cannot be read") }
        let deadline = Date().addingTimeInterval(limits.postTimeout)
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: limits.answerTimeout)
        request.httpMethod = "POST"
        request.httpBody = Data(body)
        request.httpShouldHandleCookies = false
        for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        guard pending.withLock({ $0 }) < maximumPending else {
            return .failed("URLSession has not let go of the earlier posts yet (a receiver that floods or redirects with an endless body)")
        }
        let probe = WebhookStatusProbe()
        let answerTimeout = limits.answerTimeout, postTimeout = limits.postTimeout
        onControl { [request] in
            // Past the deadline already (an earlier post's session held this queue up): never started.
            guard !probe.isSettled else { return }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            configuration.httpShouldSetCookies = false
            configuration.urlCredentialStorage = nil
            configuration.timeoutIntervalForRequest = answerTimeout
            configuration.timeoutIntervalForResource = postTimeout
            configuration.httpMaximumConnectionsPerHost = 1
            let session = URLSession(configuration: configuration, delegate: probe, delegateQueue: WebhookInlineQueue())
            let task = session.dataTask(with: request)
            probe.attach(session: session, task: task)
            task.resume()
        }
        let state = probe.wait(until: deadline)
        // Whatever it was: the task is cancelled and its session let go, off this thread.
        onControl { probe.end() }
        switch state {
        case .status(let code): return .answered(status: code)
        case .failed(let reason): return .failed(reason)
        case .waiting: return .failed("no answer within \(WebhookHTTPPost.seconds(limits.postTimeout))")
        }
    }
}

/// The delegate of one ``WebhookURLSessionPost``: keeps the answer's status and cancels the rest.
package final class WebhookStatusProbe: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // `@unchecked Sendable`: NSObject subclasses cannot be checked; the only state is the lock's.

    /// What the probe knows.
    package enum State: Sendable {
        case waiting
        case status(Int)
        case failed(String)
    }

    private struct Parts {
        package var state = State.waiting
        package var session: URLSession?
        package var task: URLSessionTask?
        package var ended = false
    }

    private let parts = LockedValue(Parts())
    private let settled = DispatchSemaphore(value: 0)
    /// Where the completion handlers that cancel run: never the session's own work queue, which
    /// the delegate runs on (``WebhookInlineQueue``) and a cancellation waits for.
    private static let queue = DispatchQueue(label: "sandbox-webhook-probe")

    /// Whether the probe has its answer, or gave up.
    package var isSettled: Bool {
        parts.withLock { if case .waiting = $0.state { false } else { true } }
    }

    /// The state once settled, or `.waiting` at `deadline` (the probe then settles as timed out,
    /// so a task not yet started never starts).
    package func wait(until deadline: Date) -> State {
        _ = settled.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow))
        return parts.withLock { parts in
            let state = parts.state
            if case .waiting = state { parts.state = .failed("timed out") }
            return state
        }
    }

    /// The session and task it watches (ended at once when ``end()`` ran before).
    package func attach(session: URLSession, task: URLSessionTask) {
        let ended = parts.withLock { parts -> Bool in
            parts.session = session
            parts.task = task
            return parts.ended
        }
        if ended { end() }
    }

    /// Cancels the task and lets go of the session (it holds the probe until invalidated).
    package func end() {
        let (session, task) = parts.withLock { parts -> (URLSession?, URLSessionTask?) in
            parts.ended = true
            defer { (parts.session, parts.task) = (nil, nil) }
            return (parts.session, parts.task)
        }
        task?.cancel()
        session?.invalidateAndCancel()
    }

    private func settle(_ new: State) {
        let first = parts.withLock { parts -> Bool in
            guard case .waiting = parts.state else { return false }
            parts.state = new
            return true
        }
        if first { settled.signal() }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        settle((response as? HTTPURLResponse).map { .status($0.statusCode) } ?? .failed("the answer is not HTTP"))
        Self.queue.async { completionHandler(.cancel) }
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Never kept: the status is all a webhook post reads.
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // nil: not followed; the 3xx is the answer.
        settle(.status(response.statusCode))
        completionHandler(nil)
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard let status = (challenge.failureResponse as? HTTPURLResponse)?.statusCode, status == 401 || status == 407 else {
            // Not an HTTP authentication (TLS server trust): the system decides.
            completionHandler(.performDefaultHandling, nil)
            return
        }
        settle(.status(status))
        Self.queue.async { completionHandler(.cancelAuthenticationChallenge, nil) }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        settle(.failed(error.map { _ in "the post failed before an answer" } ?? "the answer had no status"))
    }
}
