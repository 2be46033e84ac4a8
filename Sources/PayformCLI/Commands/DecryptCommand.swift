import PaymentFormEngine
import PaymentFormDecryption
import PayformCommands

/// `payform decrypt`: opens a client's encrypted payload, for backend tests.
enum DecryptCommand {
    enum Option: CommandOptions {
        case privateKey, token, tokenFile

        var spec: OptionSpec {
            switch self {
            case .privateKey: OptionSpec("--private-key", "PEM_FILE", help: "The RSA private key (PKCS#8 or PKCS#1 PEM; sample:demo for the demo key).")
            case .token: OptionSpec("--token", "TOKEN", help: "The JWE compact serialization.")
            case .tokenFile: OptionSpec("--token-file", "FILE", help: "A file holding the token (- for stdin).")
            }
        }

        static let usage: [Usage<Option>] = [.required(.privateKey), .oneOf([[.required(.token)], [.required(.tokenFile)]])]
    }

    static let spec = CommandSpec(
        name: "decrypt",
        summary: "Decrypt an encryptedFields JWE and print its payload JSON (for backend tests).",
        details: """
        Checks the header (alg RSA-OAEP or RSA-OAEP-256, enc A256CBC-HS512), the full 32-byte
        authentication tag (in constant time) and the padding before printing anything. Accepts
        PKCS#8 and PKCS#1 PEM private keys. A token that fails any check exits 2 with no plaintext.
        """,
        options: Option.self,
        run: run
    )

    static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let keyPath = try arguments.required(.privateKey)
        let pem = try context.privateKeyPEM(at: keyPath, for: "--private-key")
        let token: String
        switch (arguments.value(.token), arguments.value(.tokenFile)) {
        case (let text?, nil): token = text
        case (nil, let path?): token = String(decoding: try context.read(path, for: "--token-file"), as: UTF8.self)
        case (nil, nil): throw .usage("give --token TOKEN or --token-file FILE")
        default: throw .usage("give --token or --token-file, not both")
        }
        do {
            let key = try DecryptionKey(pemRepresentation: pem)
            let payload = try DecryptedPayload(token: token, key: key)
            return CommandResult(stdout: payload.json.prettyText + "\n")
        } catch {
            let flag = error.code == "invalid_private_key" ? "--private-key \(keyPath): " : ""
            throw CLIError(code: error.code, message: flag + error.description)
        }
    }
}
