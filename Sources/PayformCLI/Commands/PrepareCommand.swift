import PaymentFormEngine
import PaymentFormEngineTesting
import PaymentFormJSON

/// `payform prepare`: validates values and encrypts them as a client would.
enum PrepareCommand {
    static let spec = CommandSpec(
        name: "prepare",
        synopsis: "--product FILE --values FILE --public-key FILE [--key-id ID] --client-session-id ID [--account-on-file ID] [--tokenize] [--app-identifier TEXT] [--now YYYY-MM] [\(withoutValidationFlag)]",
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
        TEST ONLY: \(withoutValidationFlag) encrypts the values exactly as given (masked, invalid,
        or for fields the product lacks), without validating or unmasking them, so a backend test
        can check that its server refuses what no valid client sends (a CVV 1a23); stderr warns.
        Never in an app or a shop: a real client validates first.
        \(SecretOption.valuesVisibilityNote)
        """,
        options: ValidateCommand.options.filter { $0.flag != "--locale" } + [
            OptionSpec("--public-key", "FILE", help: "The Client API public key response (JSON), or a PEM public key with --key-id."),
            PublicKeyFile.keyIdOption,
            OptionSpec("--client-session-id", "ID", help: "The client session id the payload carries."),
            OptionSpec("--tokenize", help: "Ask the platform to store the account for later payments."),
            OptionSpec("--app-identifier", "TEXT", help: "The app identifier in the client meta info (default UNKNOWN)."),
            OptionSpec("--locale", "TAG", help: "Language of validation messages, when invalid."),
            OptionSpec(withoutValidationFlag, help: "TEST ONLY: encrypt the values as given, without validating or unmasking them."),
        ],
        run: run
    )

    /// The test-only option that skips validation.
    static let withoutValidationFlag = "--without-validation-for-tests"

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        if arguments.has(withoutValidationFlag) { return try runWithoutValidation(arguments, context) }
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

    /// `--without-validation-for-tests`: the values as given, encrypted for the product.
    private static func runWithoutValidation(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        let (item, warnings) = try context.item(arguments)
        guard type(of: item).kind == .product else {
            throw CLIError(code: "product_group", message: PrepareError.productGroup(item.id).description)
        }
        guard let productId = numericId(item.id) else {
            throw CLIError(code: "non_numeric_product_id", message: PrepareError.nonNumericProductId(item.id).description)
        }
        var accountId: Int?
        if let account = arguments.value("--account-on-file") {
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
        let sessionId = try arguments.required("--client-session-id")
        let key = try context.encryptionKey(at: try arguments.required("--public-key"), keyId: arguments.value("--key-id"))
        let prepared: PreparedPaymentRequest
        do {
            prepared = try PreparedPaymentRequest.encryptingWithoutValidation(
                paymentProductId: productId, values: values, clientSessionId: sessionId, key: key, accountOnFileId: accountId,
                tokenize: arguments.has("--tokenize"), metaInfo: .current(appIdentifier: arguments.value("--app-identifier") ?? "UNKNOWN"))
        } catch {
            throw CLIError(code: error.code, message: error.description)
        }
        let json: JSONValue = [
            "encryptedFields": .string(prepared.encryptedFields),
            "encodedClientMetaInfo": .string(prepared.encodedClientMetaInfo),
        ]
        let notice = "\(withoutValidationFlag): the values were encrypted as given, without validation (a test tool: no valid client sends them)"
        return CommandResult(stdout: json.prettyText + "\n", stderr: Diagnostics.warnings(warnings + [notice]))
    }

    private static func numericId(_ id: String) -> Int? {
        guard !id.isEmpty, id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(id)
    }
}
