import Foundation
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

extension SandboxServer {
    /// The server `payform sandbox`'s options and `ClientAPISandbox.Options` describe, each
    /// checked (port range, printable ids, origins, Server API credentials, host names), not
    /// started yet.
    package static func checked(
        host: String, port: Int, productsFolder: URL?, privateKeyPEM: String?, customerId: String, clientSessionId: String?,
        allowedOrigins: [String]?, credentials: ServerAPICredentials, allowedHosts: [String], webhookURL: String? = nil, webDist: URL? = nil,
        settle: String? = nil, log: (@Sendable (String) -> Void)?
    ) throws(SandboxError) -> SandboxServer {
        guard (0...65_535).contains(port) else {
            throw SandboxError(code: "usage", message: "the port must be from 0 to 65535")
        }
        for (name, value) in [("customer id", customerId), ("client session id", clientSessionId)] {
            if let value, value.isEmpty || !value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && $0 != "/" }) {
                throw SandboxError(code: "usage", message: "the \(name) must be printable ASCII without spaces or slashes")
            }
        }
        var origins: [String]?
        if let allowed = allowedOrigins {
            origins = []
            for origin in allowed {
                if let refusal = SandboxCORS.refusal(ofAllowedOrigin: origin) { throw SandboxError(code: "usage", message: refusal) }
                guard let normalized = SandboxCORS.normalizedOrigin(origin) else {
                    throw SandboxError(code: "usage", message: "an allowed origin must be scheme://host[:port], such as http://127.0.0.1:8000")
                }
                origins?.append(normalized)
            }
        }
        if let problem = credentials.problem { throw SandboxError(code: "usage", message: problem) }
        for host in allowedHosts where !SandboxAdmission.isValidAllowedHost(host) {
            throw SandboxError(code: "usage", message: "an allowed host must be a name or address (IPv6 in brackets), optionally with :PORT, such as shop.test")
        }
        var settlement = SandboxSettlement.immediate
        if let settle {
            guard let parsed = SandboxSettlement(argument: settle) else {
                throw SandboxError(code: "usage", message: "--settle must be immediate, manual or after:SECONDS (0 to \(SandboxSettlement.maximumSeconds))")
            }
            settlement = parsed
        }
        let webhooks = webhookURL.map { WebhookSender.Configuration(url: $0) }
        if let problem = webhooks?.problem { throw SandboxError(code: "usage", message: problem) }
        // `http` webhooks go through the sandbox's own client; `https` through Foundation.
        if let url = webhooks?.url, url.lowercased().hasPrefix("https:"), !canPostOverHTTP {
            throw SandboxError(code: "usage", message: "an https webhook URL needs libcurl (libcurl.so.4) to post, and it cannot be loaded here: "
                + "install libcurl4 (Debian, Ubuntu) or libcurl (Fedora, RHEL), or give an http URL")
        }
        let data: SandboxData
        if let folder = productsFolder {
            data = try SandboxData.load(productsFolder: folder, privateKeyPEM: privateKeyPEM)
        } else if let pem = privateKeyPEM {
            data = try SandboxData.load(samplesWithPrivateKeyPEM: pem)
        } else {
            data = try SandboxData.samples()
        }
        var configuration = SandboxConfiguration(
            host: host, port: port, data: data, customerId: customerId,
            clientSessionId: clientSessionId, cors: SandboxCORS(allowedOrigins: origins), serverAPI: credentials,
            allowedHosts: allowedHosts, webhooks: webhooks, webDist: webDist, log: log)
        configuration.settlement = settlement
        return SandboxServer(configuration)
    }

    /// Whether outgoing HTTPS can work: on Linux, Foundation's URLSession posts through libcurl,
    /// which a packaged `payform` loads only when it first posts (Packaging/curl-on-demand.c), so
    /// a system without it is found out here, at start-up, instead of at the first webhook.
    private static var canPostOverHTTP: Bool {
        #if os(Linux)
        return dlopen("libcurl.so.4", RTLD_LAZY) != nil
        #else
        return true
        #endif
    }
}
