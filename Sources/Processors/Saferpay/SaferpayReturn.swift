import Foundation

/// Which of the shop's return URLs a web view is about to load, so the app can close the web view
/// and ask its server for the result.
///
/// A URL matches a return URL when scheme, host (case-insensitive), port and path are equal; the
/// query and fragment are ignored (Saferpay may add parameters).
///
/// ```swift
/// let returned = SaferpayReturn(navigation: url, success: successURL, fail: failURL, abort: abortURL)
/// if returned != .none { webView.stopLoading(); askServerForTheResult() }
/// ```
public enum SaferpayReturn: String, Sendable, Hashable, Codable {
    /// The payment went through Saferpay's steps; the server authorises it.
    case success
    /// It failed.
    case fail
    /// The payer aborted.
    case abort
    /// Not a return URL: let the web view load it.
    case none

    /// Classifies `navigation` against the shop's return URLs.
    public init(navigation: URL, success: URL, fail: URL, abort: URL? = nil) {
        if Self.matches(navigation, success) {
            self = .success
        } else if Self.matches(navigation, fail) {
            self = .fail
        } else if let abort, Self.matches(navigation, abort) {
            self = .abort
        } else {
            self = .none
        }
    }

    static func matches(_ url: URL, _ target: URL) -> Bool {
        guard let a = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let b = URLComponents(url: target, resolvingAgainstBaseURL: false) else { return false }
        func port(_ components: URLComponents) -> Int? {
            components.port ?? (components.scheme?.lowercased() == "https" ? 443 : components.scheme?.lowercased() == "http" ? 80 : nil)
        }
        func path(_ components: URLComponents) -> String {
            let raw = components.percentEncodedPath
            return raw.isEmpty ? "/" : raw
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b) && path(a) == path(b)
    }
}
