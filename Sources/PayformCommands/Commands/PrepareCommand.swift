import PaymentFormJSON
import PaymentFormCore
import PaymentFormValidation

/// `payform prepare`: validates values and encrypts them as a client would.
package enum PrepareCommand {
    package enum Option: ProductOption, ValuesOptions, NowOption, LocaleOption {
        case product, values, value, accountOnFile, now, publicKey, keyId, clientSessionId, tokenize, appIdentifier, locale
        case withoutValidation

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
            case .withoutValidation:
                OptionSpec("--without-validation-for-tests", help: "TEST ONLY: encrypt the values as given, without validating or unmasking them.")
            }
        }

        package static let usage: [Usage<Option>] = [
            .required(.product), .oneOf([[.required(.values)], [.required(.value)]]), .required(.publicKey), .optional(.keyId),
            .required(.clientSessionId), .optional(.accountOnFile), .optional(.tokenize), .optional(.appIdentifier), .optional(.now),
            .optional(.locale), .optional(.withoutValidation),
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
        TEST ONLY: --without-validation-for-tests encrypts the values exactly as given (masked,
        invalid, or for fields the product lacks), without validating or unmasking them, so a
        backend test can check that its server refuses what no valid client sends (a CVV 1a23);
        stderr warns. Never in an app or a shop: a real client validates first.
        \(SecretInput.valuesVisibilityNote)
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        if arguments.has(.withoutValidation) { return try runWithoutValidation(arguments, context) }
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

    /// `--without-validation-for-tests`: the values as given, encrypted for the product.
    private static func runWithoutValidation(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let (item, warnings) = try context.item(arguments)
        guard item.kind == .product else {
            throw CLIError(code: "product_group", message: PrepareError.productGroup(item.id).description)
        }
        guard let productId = numericId(item.id) else {
            throw CLIError(code: "non_numeric_product_id", message: PrepareError.nonNumericProductId(item.id).description)
        }
        var accountId: Int?
        if let account = arguments.value(.accountOnFile) {
            guard let id = numericId(account) else {
                throw CLIError(code: "non_numeric_account_on_file_id", message: PrepareError.nonNumericAccountOnFileId(account).description)
            }
            accountId = id
        }
        var values: [String: String] = [:]
        for (fieldId, value) in try context.values(arguments) {
            guard values.updateValue(value, forKey: fieldId) == nil else {
                throw CLIError(code: "duplicate_key", message: "--value: field id '\(fieldId)' is given more than once")
            }
        }
        let sessionId = try arguments.required(.clientSessionId)
        let key = try context.encryptionKey(at: try arguments.required(.publicKey), keyId: arguments.value(.keyId))
        let prepared: PreparedPaymentRequest
        do {
            // The payload PaymentFormEngineTesting's `encryptingWithoutValidation` sends: the
            // values in the order of their field ids, encrypted as `prepare` does.
            prepared = try PreparedPaymentRequest.encrypting(
                paymentProductId: productId, values: values.keys.sorted().map { (fieldId: $0, value: values[$0] ?? "") },
                clientSessionId: sessionId, accountOnFileId: accountId, tokenize: arguments.has(.tokenize), key: key,
                metaInfo: context.clientMetaInfo(arguments.value(.appIdentifier) ?? "UNKNOWN"))
        } catch {
            throw CLIError(code: error.code, message: error.description)
        }
        let json: JSONValue = [
            "encryptedFields": .string(prepared.encryptedFields),
            "encodedClientMetaInfo": .string(prepared.encodedClientMetaInfo),
        ]
        let notice = "--without-validation-for-tests: the values were encrypted as given, without validation (a test tool: no valid client sends them)"
        return CommandResult(stdout: json.prettyText + "\n", stderr: Diagnostics.warnings(warnings + [notice]))
    }

    private static func numericId(_ id: String) -> Int? {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(id)
    }
}
