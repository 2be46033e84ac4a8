import Foundation

/// Where the Saferpay flow may send card data or the payer: an absolute `https` URL with a host,
/// or plain `http` to this machine (`localhost`, `127.0.0.0/8`, `::1`: the sandbox's stand-in).
///
/// Anything else is refused before a byte is sent: an `http` URL to another host would put card
/// data on the network unencrypted, and a URL without a host (`https:evil.example`) is not an
/// address at all.
enum SaferpayURLRule {
    /// Whether `url` passes the rule.
    static func allows(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        switch scheme {
        case "https": return true
        case "http": return isLoopback(host)
        default: return false
        }
    }

    /// `localhost`, an IPv4 address in `127.0.0.0/8`, or `::1` (with or without brackets).
    static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.first == "127" else { return false }
        return octets.allSatisfy { octet in
            !octet.isEmpty && octet.count <= 3 && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber) && (Int(octet) ?? 256) <= 255
        }
    }

    /// What the rule asks for, for error messages.
    static let requirement = "an absolute https URL with a host (plain http only to this machine: localhost, 127.0.0.1, ::1)"
}
