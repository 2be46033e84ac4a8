import PaymentFormSamples

/// `sample:demo`: the demo key pair shipped inside payform, wherever a command takes a key file
/// (`--public-key` of `prepare` and `form`, `--private-key` of `decrypt` and `sandbox`), as
/// `sample:NAME` names a shipped product. The demo private key is public: never for real card data.
///
/// A file that happens to be named `sample:demo` in the working folder is read as a file.
package enum DemoKeyPair {
    /// The name of the demo key pair on the command line.
    package static let name = "sample:demo"

    /// The demo public key response (`{"keyId", "publicKey"}`) when `path` names it, else `nil`.
    package static func publicKeyResponse(at path: String, _ context: CommandContext) throws(CLIError) -> [UInt8]? {
        guard names(path, context) else { return nil }
        return try shipped(Samples.demoPublicKeyResponse)
    }

    /// The demo private key's PEM when `path` names it, else `nil`.
    package static func privateKeyPEM(at path: String, _ context: CommandContext) throws(CLIError) -> [UInt8]? {
        guard names(path, context) else { return nil }
        return try shipped(Samples.demoPrivateKeyPEM)
    }

    private static func names(_ path: String, _ context: CommandContext) -> Bool {
        path == name && !context.fileExists(path)
    }

    private static func shipped(_ data: [UInt8]?) throws(CLIError) -> [UInt8] {
        guard let data else { throw CLIError(code: "missing_sample", message: "the shipped demo key pair is missing from this build") }
        return data
    }
}

extension CommandContext {
    /// The PEM text of a private key file (`-` for standard input, `sample:demo` for the demo key).
    package func privateKeyPEM(at path: String, for flag: String) throws(CLIError) -> String {
        if let demo = try DemoKeyPair.privateKeyPEM(at: path, self) { return String(decoding: demo, as: UTF8.self) }
        return String(decoding: try read(path, for: flag), as: UTF8.self)
    }
}
