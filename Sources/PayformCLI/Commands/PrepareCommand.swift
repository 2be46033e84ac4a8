import PaymentFormEngine
import PaymentFormJSON

/// `payform prepare`: validates values and encrypts them as a client would.
enum PrepareCommand {
    static let spec = CommandSpec(
        name: "prepare",
        synopsis: "--product FILE --values FILE --public-key FILE [--key-id ID] --client-session-id ID [--account-on-file ID] [--tokenize] [--app-identifier TEXT] [--now YYYY-MM]",
        summary: "Validate values, then encrypt them into a PreparedPaymentRequest (JWE).",
        details: """
        The public key FILE is the Client API response {"keyId": "...", "publicKey": "<base64 DER>"},
        as `payform fetch public-key` prints it, or a PEM public key (-----BEGIN PUBLIC KEY-----) with
        its key id given by --key-id.
        Invalid values answer like `validate` (exit 1) and nothing is encrypted. A product group
        (a definition without paymentMethod whose id is not a number, such as cards) is refused with
        product_group: choose its product first (fetch iin, or the card's brand). Otherwise:
        {"encryptedFields": "<JWE compact>", "encodedClientMetaInfo": "<base64>"}.
        The JWE is RSA-OAEP (SHA-1) + A256CBC-HS512; its payload carries the unmasked values of the
        fields that were validated.
        \(SecretOption.valuesVisibilityNote)
        """,
        options: ValidateCommand.options.filter { $0.flag != "--locale" } + [
            OptionSpec("--public-key", "FILE", help: "The Client API public key response (JSON), or a PEM public key with --key-id."),
            PublicKeyFile.keyIdOption,
            OptionSpec("--client-session-id", "ID", help: "The client session id the payload carries."),
            OptionSpec("--tokenize", help: "Ask the platform to store the account for later payments."),
            OptionSpec("--app-identifier", "TEXT", help: "The app identifier in the client meta info (default UNKNOWN)."),
            OptionSpec("--locale", "TAG", help: "Language of validation messages, when invalid."),
        ],
        run: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        // A product group is read as one, so preparing it answers `product_group` (a payload names
        // one product), not a complaint about its id.
        let (item, warnings) = try context.item(arguments)
        let request = try context.request(for: item, arguments)
        let sessionId = try arguments.required("--client-session-id")
        let keyPath = try arguments.required("--public-key")
        let key = try context.encryptionKey(at: keyPath, keyId: arguments.value("--key-id"))
        let validation = try context.validationContext(arguments)
        let stderr = Diagnostics.warnings(warnings)
        do {
            let prepared = try request.prepare(
                clientSessionId: sessionId, key: key,
                metaInfo: .current(appIdentifier: arguments.value("--app-identifier") ?? "UNKNOWN"), in: validation)
            let json: JSONValue = [
                "encryptedFields": .string(prepared.encryptedFields),
                "encodedClientMetaInfo": .string(prepared.encodedClientMetaInfo),
            ]
            return CommandResult(stdout: json.prettyText + "\n", stderr: stderr)
        } catch .invalidRequest(let report) {
            return Verdict(report).result(localizer: context.localizer(arguments), stderr: stderr)
        } catch {
            throw CLIError(code: error.code, message: error.description)
        }
    }
}
