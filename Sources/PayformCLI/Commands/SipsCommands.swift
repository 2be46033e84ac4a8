import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors

/// `payform sips …`: the Sips In-App adapter on the command line.
enum SipsCommands {
    static var specs: [CommandSpec] { [request, response, acsForm, paRes, seal] }

    static let operationNames = SipsOperation.allCases.map(\.rawValue).joined(separator: ", ")

    static func operation(_ arguments: ParsedArguments) throws(CLIError) -> SipsOperation {
        let name = try arguments.required("--operation")
        guard let operation = SipsOperation(rawValue: name) else {
            throw .usage("--operation must be one of \(operationNames)")
        }
        return operation
    }

    /// The operation's definition: `--product FILE` when given, else the shipped sample.
    static func definition(for operation: SipsOperation, _ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> (PaymentProduct, [String])? {
        if arguments.has("--product") { return try context.product(arguments) }
        guard let name = operation.definitionName else { return nil }
        return try context.product(sampleNamed: name)
    }

    static let request = CommandSpec(
        name: "sips request",
        synopsis: "--operation NAME --init FILE (--values FILE | --value ID=VALUE ...) [--account-on-file ID] [--brand ID] [--brand-selection-status S] [--product FILE] [--now YYYY-MM] [--locale TAG]",
        summary: "Build a Sips In-App SDK call's parameters from validated values and the initialize answer.",
        details: """
        Operations with card input: cardOrder, walletOrder, walletCheckEnrollment, cardCheckEnrollment,
        addCard, getCardData, paymentTokenGenerate; each uses its shipped definition (sample:sips-...)
        unless --product names another. --init is the initialize answer the merchant's server passed
        on: {"redirectionData", "redirectionUrl", "redirectionVersion", "publicKeyValue", "merchantId"?}.
        Output: the parameters as a JSON object, in the SDK's order: cardNumber as digits, cardExpiryDate
        as yyyyMM, paymentMeanBrand as the Sips name of --brand (cartes-bancaires -> CB). Invalid values
        answer like validate, with exit 1. Values hold card data: use --values FILE or - for stdin.
        """,
        options: [
            OptionSpec("--operation", "NAME", help: "The SDK function (\(operationNames))."),
            OptionSpec("--init", "FILE", help: "The initialize answer (JSON; - for stdin)."),
            OptionSpec("--values", "FILE", help: "A JSON object {\"<fieldId>\": \"<value>\"} (- for stdin)."),
            OptionSpec("--value", "ID=VALUE", repeatable: true, help: "One field's value (visible to other local users; prefer --values)."),
            OptionSpec("--account-on-file", "ID", help: "The wallet card (walletOrder): an account on file of --product."),
            OptionSpec("--brand", "ID", help: "The brand chosen for a co-badged card (brand id or Sips name)."),
            OptionSpec("--brand-selection-status", "S", help: "Passed through as paymentMeanBrandSelectionStatus."),
            OptionSpec("--product", "FILE", help: "Another definition than the shipped one."),
            OptionSpec("--now", "YYYY-MM", help: "The current month for expiry checks."),
            OptionSpec("--locale", "TAG", help: "Language of messages."),
        ],
        run: { arguments, context throws(CLIError) in
            let operation = try operation(arguments)
            guard let (definition, warnings) = try definition(for: operation, arguments, context) else {
                throw CLIError(code: "no_input", message: "--operation \(operation.rawValue) takes no card input")
            }
            let initialization: SipsInitialization
            do {
                initialization = try SipsInitialization(jsonEncoded: context.read(try arguments.required("--init"), for: "--init"))
            } catch let error as SipsError {
                throw CLIError(code: error.code, message: "--init: \(error)")
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(code: "internal", message: "--init: \(error)")
            }
            let request = try context.request(for: definition, arguments)
            let now = try context.validationContext(arguments)
            let stderr = Diagnostics.warnings(warnings)
            do throws(SipsError) {
                let call = try SipsCallParameters(
                    operation, request: request, initialization: initialization, brand: arguments.value("--brand"),
                    brandSelectionStatus: arguments.value("--brand-selection-status"), in: now)
                let object = JSONObject(call.parameters.map { (key: $0.name, value: JSONValue.string($0.value)) })
                return CommandResult(stdout: JSONValue.object(object).prettyText + "\n", stderr: stderr)
            } catch {
                if case .invalidRequest(let report) = error {
                    return CommandResult(stdout: report.jsonValue(localizer: context.localizer(arguments)).prettyText + "\n", stderr: stderr, exitCode: 1)
                }
                throw CLIError(code: error.code, message: error.description)
            }
        }
    )

    static let response = CommandSpec(
        name: "sips response",
        synopsis: "--operation NAME --response FILE [--product FILE] [--locale TAG]",
        summary: "Read a Sips In-App SDK answer: its outcome, the form fields it blames, a message.",
        details: """
        Output: {"outcome": "success" | "notAuthorised" | "retryLater" | "failed", "responseCode",
        "fieldErrors": [{"fieldId", "errorId": "rejected", "message"}], "message", "response": {typed fields}}.
        inAppResponseCode 00 is success, 40 notAuthorised, 90 and 99 retryLater, anything else failed;
        a failed answer's errorFieldName naming a field of the operation's definition becomes an error on
        that field. Exit 0 for success, 1 otherwise.
        """,
        options: [
            OptionSpec("--operation", "NAME", help: "The SDK function that answered (\(operationNames))."),
            OptionSpec("--response", "FILE", help: "The SDK's answer as JSON (- for stdin)."),
            OptionSpec("--product", "FILE", help: "Another definition than the shipped one."),
            OptionSpec("--locale", "TAG", help: "Language of messages."),
        ],
        run: { arguments, context throws(CLIError) in
            let operation = try operation(arguments)
            let form = try definition(for: operation, arguments, context)?.0
            let data = try context.read(try arguments.required("--response"), for: "--response")
            let localizer = context.localizer(arguments)
            let response: SipsResponse
            do throws(SipsError) {
                response = try SipsResponse(operation, jsonEncoded: data)
            } catch {
                throw CLIError(code: error.code, message: "--response: \(error)")
            }
            let result = SipsResult(response, form: form, localizer: localizer)
            let json: JSONValueBuilder = [
                "outcome": .string(result.outcome.rawValue),
                "responseCode": .optional(result.responseCode),
                "fieldErrors": .array(result.fieldErrors.map { error in
                    ["fieldId": .string(error.fieldId), "errorId": .string(error.errorId), "message": .string(localizer.message(for: error))]
                }),
                "message": .string(result.message),
                "response": try encodedJSON(response.body),
            ]
            return CommandResult(stdout: json.prettyText + "\n", exitCode: result.outcome == .success ? 0 : 1)
        }
    )

    static let acsForm = CommandSpec(
        name: "sips acs-form",
        synopsis: "--acs-url URL (--pareq V | --pareq-file FILE) (--md V | --md-file FILE) --term-url URL",
        summary: "Print the self-submitting 3-D Secure page that posts PaReq, MD and TermUrl to the ACS.",
        details: """
        Every value is HTML-escaped. MD must be printable ASCII (0x20-0x7E); anything else is base64-encoded,
        and more than 1024 bytes after that is refused (exit 2, md_too_long). URLs must be absolute http(s).
        """,
        options: [OptionSpec("--acs-url", "URL", help: "The ACS URL (authentRedirectionUrl).")]
            + SecretOption("--pareq").specs(valueName: "V", help: "The PaReq (paReqMessage).")
            + SecretOption("--md").specs(valueName: "V", help: "The merchant data echoed back.")
            + [OptionSpec("--term-url", "URL", help: "Where the ACS returns the result.")],
        run: { arguments, context throws(CLIError) in
            try SecretOption.checkOneStandardInput([SecretOption("--pareq"), SecretOption("--md")], in: arguments)
            let paReq = try SecretOption("--pareq").required(in: arguments, context: context)
            let md = try SecretOption("--md").required(in: arguments, context: context)
            do {
                let form = try SipsACSForm(acsURL: try arguments.required("--acs-url"), paReq: paReq, merchantData: md,
                                           termURL: try arguments.required("--term-url"))
                return CommandResult(stdout: form.html)
            } catch let error as SipsError {
                throw CLIError(code: error.code, message: error.description)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(code: "internal", message: "\(error)")
            }
        }
    )

    static let paRes = CommandSpec(
        name: "sips pares",
        synopsis: "--callback (URL | -)",
        summary: "Read PaRes and MD from the ACS's TermUrl callback (a URL or a form-encoded body).",
        details: """
        Output: {"paRes": "<URL-encoded, as the SDK's continuation call takes it>", "md": "<decoded>" | null}.
        Accepts https://shop/return?PaRes=...&MD=..., a form body PaRes=...&MD=..., or putpares:<PaRes>.
        """,
        options: [OptionSpec("--callback", "URL", help: "The callback URL or body; - reads it from standard input.")],
        run: { arguments, context throws(CLIError) in
            var callback = try arguments.required("--callback")
            if callback == "-" { callback = String(decoding: try context.read("-", for: "--callback"), as: UTF8.self) }
            do throws(SipsError) {
                let result = try SipsAuthenticationResult(callback: callback)
                let json: JSONValueBuilder = ["paRes": .string(result.paResForSDK), "md": .optional(result.merchantData)]
                return CommandResult(stdout: json.prettyText + "\n")
            } catch {
                throw CLIError(code: error.code, message: "--callback: \(error)")
            }
        }
    )

    static let seal = CommandSpec(
        name: "sips seal",
        synopsis: "--secret-key-file FILE --json FILE [--check]",
        summary: "Compute (or check) the HMAC-SHA-256 seal of a Sips JSON message.",
        details: """
        Output: {"seal": "<lower-case hex>"}; with --check, {"valid": BOOL} for the message's own seal
        member (exit 1 when it does not match). The secret key comes from a file (its trailing line
        break dropped), never from the command line. keyVersion, seal and sealAlgorithm are not sealed.
        """,
        options: [
            OptionSpec("--secret-key-file", "FILE", help: "The merchant's secret key (- for stdin)."),
            OptionSpec("--json", "FILE", help: "The message: a request body or an answer (- for stdin)."),
            OptionSpec("--check", help: "Check the message's seal member instead of printing a seal."),
        ],
        run: { arguments, context throws(CLIError) in
            let keyPath = try arguments.required("--secret-key-file")
            let jsonPath = try arguments.required("--json")
            if keyPath == "-", jsonPath == "-" { throw .usage("only one option can read standard input (--secret-key-file, --json both ask for it)") }
            var key = String(decoding: try context.read(keyPath, for: "--secret-key-file"), as: UTF8.self)
            if key.hasSuffix("\n") { key.removeLast() }
            if key.hasSuffix("\r") { key.removeLast() }
            let message = try context.read(jsonPath, for: "--json")
            do throws(SipsError) {
                if arguments.has("--check") {
                    let valid = try SipsSeal.isValid(jsonEncoded: message, secretKey: key)
                    return CommandResult(stdout: (["valid": .bool(valid)] as JSONValueBuilder).prettyText + "\n", exitCode: valid ? 0 : 1)
                }
                let seal = try SipsSeal.compute(jsonEncoded: message, secretKey: key)
                return CommandResult(stdout: (["seal": .string(seal)] as JSONValueBuilder).prettyText + "\n")
            } catch {
                throw CLIError(code: error.code, message: "--json: \(error)")
            }
        }
    )

    /// A value encoded by Foundation's encoder, read back as the CLI's JSON (keys sorted).
    static func encodedJSON(_ value: any Encodable) throws(CLIError) -> JSONValue {
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try JSONParser().parse(Array(try encoder.encode(value)))
        } catch {
            throw CLIError(code: "internal", message: "the answer could not be encoded")
        }
    }
}
