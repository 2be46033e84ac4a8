import PaymentFormJSON

/// `payform prepare`: validates values and encrypts them as a client would.
package enum PrepareCommand {
    package enum Option: ProductOption, ValuesOptions, NowOption, LocaleOption {
        case product, values, value, accountOnFile, now, publicKey, keyId, clientSessionId, tokenize, appIdentifier, locale

        package var spec: OptionSpec {
            switch self {
            case .product: .productFile
            case .values: .values(help: #"A JSON object {"<fieldId>": "<value as typed, masked or not>"}."#)
            case .value: .value(help: "One field's value (repeatable; visible to other local users: prefer --values).")
            case .accountOnFile: OptionSpec("--account-on-file", "ID", help: "Validate with this account on file selected.")
            case .now: .now(help: "The current month for expiry checks (default: the real clock, UTC).")
            case .publicKey:
                OptionSpec("--public-key", "FILE", help: "The Client API public key response (JSON), or a PEM public key with --key-id; sample:demo for the demo key.")
            case .keyId: PublicKeyFile.keyIdOption
            case .clientSessionId: OptionSpec("--client-session-id", "ID", help: "The client session id the payload carries.")
            case .tokenize: OptionSpec("--tokenize", help: "Ask the platform to store the account for later payments.")
            case .appIdentifier: OptionSpec("--app-identifier", "TEXT", help: "The app identifier in the client meta info (default UNKNOWN).")
            case .locale: .locale(help: "Language of validation messages, when invalid.")
            }
        }

        package static let usage: [Usage<Option>] = [
            .required(.product), .oneOf([[.required(.values)], [.required(.value)]]), .required(.publicKey), .optional(.keyId),
            .required(.clientSessionId), .optional(.accountOnFile), .optional(.tokenize), .optional(.appIdentifier), .optional(.now),
            .optional(.locale),
        ]
    }

    package static let spec = CommandSpec(
        name: "prepare",
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
        \(SecretInput.valuesVisibilityNote)
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        // A product group is read as one, so preparing it answers `product_group` (a payload names
        // one product), not a complaint about its id.
        let (item, warnings) = try context.item(arguments)
        let request = try context.request(for: item, arguments, accountOnFile: arguments.value(.accountOnFile), tokenize: arguments.has(.tokenize))
        let sessionId = try arguments.required(.clientSessionId)
        let keyPath = try arguments.required(.publicKey)
        let key = try context.encryptionKey(at: keyPath, keyId: arguments.value(.keyId))
        let validation = try context.validationContext(arguments)
        let stderr = Diagnostics.warnings(warnings)
        do {
            let prepared = try request.prepare(
                clientSessionId: sessionId, key: key,
                metaInfo: context.clientMetaInfo(arguments.value(.appIdentifier) ?? "UNKNOWN"), in: validation)
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
