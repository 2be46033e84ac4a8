import PaymentFormEngine
import PaymentFormEngineTesting

/// `payform decrypt`: opens a client's encrypted payload, for backend tests.
enum DecryptCommand {
    static let spec = CommandSpec(
        name: "decrypt",
        synopsis: "--private-key PEM_FILE (--token TOKEN | --token-file FILE)",
        summary: "Decrypt an encryptedFields JWE and print its payload JSON (for backend tests).",
        details: """
        Checks the header (alg RSA-OAEP or RSA-OAEP-256, enc A256CBC-HS512), the full 32-byte
        authentication tag (in constant time) and the padding before printing anything. Accepts
        PKCS#8 and PKCS#1 PEM private keys. A token that fails any check exits 2 with no plaintext.
        """,
        options: [
            OptionSpec("--private-key", "PEM_FILE", help: "The RSA private key (PKCS#8 or PKCS#1 PEM)."),
            OptionSpec("--token", "TOKEN", help: "The JWE compact serialization."),
            OptionSpec("--token-file", "FILE", help: "A file holding the token (- for stdin)."),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let keyPath = try arguments.required("--private-key")
        let pem = String(decoding: try context.read(keyPath, for: "--private-key"), as: UTF8.self)
        let token: String
        switch (arguments.value("--token"), arguments.value("--token-file")) {
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
