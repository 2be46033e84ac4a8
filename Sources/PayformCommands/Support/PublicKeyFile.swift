import PaymentFormCore

/// The file of `--public-key` (`prepare`, `form`): the Client API's public-key answer
/// `{"keyId": ..., "publicKey": ...}`, or a PEM public key with its id from `--key-id`.
///
/// A PEM file is told apart by its armour (`-----BEGIN`), so whoever hands one over gets a message
/// about the file that is expected instead of a JSON parse error; the message names the file and
/// the PEM block's kind, never its contents.
package enum PublicKeyFile {
    /// `--key-id ID`: the key id a PEM public key carries no room for.
    package static let keyIdOption = OptionSpec(
        "--key-id", "ID", help: "With a PEM --public-key: the id the platform knows the key by (the keyId of its public-key answer).")

    /// What a PEM file holds, from its first BEGIN line.
    package enum PEMKind: Equatable {
        /// `PUBLIC KEY` or `RSA PUBLIC KEY`: usable with a key id.
        case publicKey
        /// A private key (`PRIVATE KEY`, `RSA PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`, ...).
        case privateKey
        /// Anything else (`CERTIFICATE`, ...).
        case other
    }

    /// The kind of the first PEM block in `data`, or `nil` when `data` is not PEM armour.
    package static func pemKind(of data: [UInt8]) -> PEMKind? {
        let bytes = Array(data.prefix(64 * 1024))
        let marker = Array("-----BEGIN ".utf8)
        guard bytes.count >= marker.count,
              let begin = (0...(bytes.count - marker.count)).first(where: { bytes[$0..<($0 + marker.count)].elementsEqual(marker) })
        else { return nil }
        let stops: [UInt8] = [UInt8(ascii: "-"), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        let label = String(decoding: bytes[(begin + marker.count)...].prefix { !stops.contains($0) }, as: UTF8.self)
        if label.hasSuffix("PRIVATE KEY") { return .privateKey }
        if label == "PUBLIC KEY" || label == "RSA PUBLIC KEY" { return .publicKey }
        return .other
    }
}

extension CommandContext {
    /// The key of `--public-key FILE`: a Client API public key response, or a PEM public key with
    /// `keyId` (`--key-id`).
    package func encryptionKey(at path: String, keyId: String?) throws(CLIError) -> EncryptionKey {
        let data: [UInt8]
        if let demo = try DemoKeyPair.publicKeyResponse(at: path, self) {
            data = demo
        } else {
            data = try read(path, for: "--public-key")
        }
        let expected = "the Client API's public-key answer {\"keyId\": ..., \"publicKey\": ...} as `payform fetch public-key` prints it"
        switch PublicKeyFile.pemKind(of: data) {
        case .publicKey?:
            guard let keyId, !keyId.isEmpty else {
                throw CLIError(
                    code: "invalid_public_key",
                    message: "--public-key \(path): the file is a PEM public key, which does not say the key's id; "
                        + "give the id the platform knows it by with --key-id ID, or give \(expected)")
            }
            do {
                return try EncryptionKey(keyId: keyId, pemRepresentation: String(decoding: data, as: UTF8.self))
            } catch {
                throw CLIError(code: error.code, message: "--public-key \(path): \(error)")
            }
        case .privateKey?:
            throw CLIError(
                code: "invalid_public_key",
                message: "--public-key \(path): the file is a PEM private key, which must stay on the server; give \(expected)"
                    + " (or a PEM public key with --key-id)")
        case .other?:
            throw CLIError(
                code: "invalid_public_key",
                message: "--public-key \(path): the file is PEM but not a public key (expected -----BEGIN PUBLIC KEY-----); give \(expected)"
                    + " (or a PEM public key with --key-id)")
        case nil:
            break
        }
        if keyId != nil {
            throw .usage("--key-id goes with a PEM --public-key file; the Client API's public-key answer names its own keyId")
        }
        let response: PublicKeyResponse
        do {
            response = try PublicKeyResponse.decode(from: data).value
        } catch {
            throw CLIError(code: error.code, message: "--public-key \(path): \(error) (expected \(expected))")
        }
        do {
            return try EncryptionKey(response)
        } catch {
            throw CLIError(code: error.code, message: "--public-key \(path): \(error)")
        }
    }
}
