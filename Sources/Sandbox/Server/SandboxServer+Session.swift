import PaymentFormEngine

extension SandboxServer {
    /// A session configuration pointing at this sandbox (its URLs, customer and session ids).
    ///
    /// ```swift
    /// let session = try ClientSession(server.sessionConfiguration(appIdentifier: "tests"))
    /// ```
    package func sessionConfiguration(appIdentifier: String = "UNKNOWN", timeout: Double = 30) -> ClientSessionConfiguration {
        ClientSessionConfiguration(
            clientSessionId: configuration.clientSessionId, customerId: configuration.customerId, clientApiUrl: clientApiUrl,
            assetUrl: assetUrl, appIdentifier: appIdentifier, timeout: timeout)
    }
}
