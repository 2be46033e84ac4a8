/// When the sandbox's acquirer settles what a call requested: a capture `CAPTURE_REQUESTED` →
/// `CAPTURED` (→ `PAID` on Connect), a refund `REFUND_REQUESTED` → `REFUNDED`
/// (``PaymentLifecycle/settle(_:requestedBy:version:now:)``). The call's answer always shows
/// the requested state, as the platforms answer; `GET` and the webhooks show the rest.
///
/// ```swift
/// SandboxSettlement(argument: "after:30")   // .after(seconds: 30)
/// ```
package enum SandboxSettlement: Sendable, Hashable {
    /// Right after the call that requested it (the default: a backend's flow sees the final
    /// state on its next `GET`).
    case immediate
    /// Only when a test moves the clock (`POST /sandbox/v1/clock/advance`): each move settles
    /// everything requested until then.
    case manual
    /// Once `seconds` of sandbox time passed since it was requested (sandbox time: the wall
    /// clock plus every move of the test clock).
    case after(seconds: Int)

    /// The most `after:` seconds (a day).
    package static let maximumSeconds = 86_400

    /// As `--settle` takes it (the sandbox's first line shows it).
    package var argument: String {
        switch self {
        case .immediate: "immediate"
        case .manual: "manual"
        case .after(let seconds): "after:\(seconds)"
        }
    }

    /// `immediate`, `manual` or `after:SECONDS` (0 to ``maximumSeconds``), or `nil`.
    package init?(argument: String) {
        switch argument {
        case "immediate": self = .immediate
        case "manual": self = .manual
        default:
            guard argument.hasPrefix("after:"), let seconds = Int(argument.dropFirst("after:".count)),
                  (0...Self.maximumSeconds).contains(seconds), argument.dropFirst("after:".count).allSatisfy(\.isASCII)
            else { return nil }
            self = .after(seconds: seconds)
        }
    }
}
