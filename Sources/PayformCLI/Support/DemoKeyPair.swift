import Foundation
import PaymentFormSamples

/// `sample:demo`: the demo key pair shipped inside payform, wherever a command takes a key file
/// (`--public-key` of `prepare` and `form`, `--private-key` of `decrypt` and `sandbox`), as
/// `sample:NAME` names a shipped product. The demo private key is public: never for real card data.
///
/// A file that happens to be named `sample:demo` in the working folder is read as a file.
enum DemoKeyPair {
    /// The name of the demo key pair on the command line.
    static let name = "sample:demo"

    /// The demo public key response (`{"keyId", "publicKey"}`) when `path` names it, else `nil`.
    static func publicKeyResponse(at path: String) throws(CLIError) -> Data? {
        guard names(path) else { return nil }
        return try shipped(Samples.demoPublicKeyResponse)
    }

    /// The demo private key's PEM when `path` names it, else `nil`.
    static func privateKeyPEM(at path: String) throws(CLIError) -> Data? {
        guard names(path) else { return nil }
        return try shipped(Samples.demoPrivateKeyPEM)
    }

    private static func names(_ path: String) -> Bool {
        path == name && !FileManager.default.fileExists(atPath: path)
    }

    private static func shipped(_ data: Data?) throws(CLIError) -> Data {
        guard let data else { throw CLIError(code: "missing_sample", message: "the shipped demo key pair is missing from this build") }
        return data
    }
}

extension CommandContext {
    /// The PEM text of a private key file (`-` for standard input, `sample:demo` for the demo key).
    func privateKeyPEM(at path: String, for flag: String) throws(CLIError) -> String {
        if let demo = try DemoKeyPair.privateKeyPEM(at: path) { return String(decoding: demo, as: UTF8.self) }
        return String(decoding: try read(path, for: flag), as: UTF8.self)
    }
}
