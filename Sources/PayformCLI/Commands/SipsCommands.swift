import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors

/// `payform sips …`: the Sips In-App adapter on the command line.
enum SipsCommands {
    static var specs: [CommandSpec] { [request, response, acsForm, paRes, seal] }

    /// The group's line in `payform sips --help`.
    static let summary = "The Sips In-App adapter (Worldline Sips, Sogenactif, Mercanet): SDK call parameters, answers, 3-D Secure, seals."

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
        synopsis: "--operation NAME --init FILE (--values FILE | --value ID=VALUE ...) [--account-on-file ID] [--brand ID] [--brand-selection-status S] [--card-data FILE] [--product FILE] [--now YYYY-MM] [--locale TAG] | --operation getWalletData|paymentProviderOrder --init FILE | --operation cardValidateAuthenticationAndOrder --init FILE --pares FILE | --operation getTransactionData --init FILE",
        summary: "Build a Sips In-App SDK call's parameters from validated values and the initialize answer.",
        details: """
        Operations with input: cardOrder, walletOrder, walletCheckEnrollment, cardCheckEnrollment,
        addCard, getCardData, paymentTokenGenerate, deletePaymentMean; each uses its shipped definition
        (sample:sips-...) unless --product names another. getWalletData and paymentProviderOrder take
        no values: their parameters come from --init alone. --init is the initialize answer the
        merchant's server passed on: {"redirectionData", "redirectionUrl", "redirectionVersion",
        "publicKeyValue", "merchantId"?}. --card-data is a getCardData answer: the card number takes
        its panLengthMin..panLengthMax (a longer or shorter number is a length error, never sent), and
        when every entry's panCheckAlgorithm is N, the card number is not Luhn-checked.
        The continuation calls take the answer of the call they continue as --init:
        cardValidateAuthenticationAndOrder the enrolment check's answer (cardCheckEnrollment or
        walletCheckEnrollment) and --pares, the output of `sips pares` (its paRes goes out as
        paResMessage); getTransactionData the paymentProviderOrder answer. Both send redirectionUrl,
        transactionContextData and transactionContextVersion from that answer.
        Output: the parameters as a JSON object, in the SDK's order: cardNumber as digits, cardExpiryDate
        as yyyyMM, paymentMeanBrand as the Sips name of --brand (cartes-bancaires -> CB), paymentMeanId
        as a number (an integer since SDK 21.2.0). Invalid values answer like validate, with exit 1.
        --brand must be a brand the card number can carry (offline detection finds it, or CB on a Visa
        or Mastercard number, which may be co-badged Cartes Bancaires), else exit 2 (invalid_value);
        --brand and --brand-selection-status are for cardOrder, walletOrder, cardCheckEnrollment,
        walletCheckEnrollment, addCard and paymentTokenGenerate only (another operation: exit 2, usage).
        Values hold card data: use --values FILE or - for stdin.
        """,
        options: [
            OptionSpec("--operation", "NAME", help: "The SDK function (\(operationNames))."),
            OptionSpec("--init", "FILE", help: "The initialize answer, or the answer a continuation call continues (JSON; - for stdin)."),
            OptionSpec("--values", "FILE", help: "A JSON object {\"<fieldId>\": \"<value>\"} (- for stdin)."),
            OptionSpec("--value", "ID=VALUE", repeatable: true, help: "One field's value (visible to other local users; prefer --values)."),
            OptionSpec("--account-on-file", "ID", help: "The wallet card (walletOrder, deletePaymentMean): an account on file of --product."),
            OptionSpec("--brand", "ID", help: "The brand chosen for a co-badged card (brand id or Sips name); one the card number can carry."),
            OptionSpec("--brand-selection-status", "S", help: "Passed through as paymentMeanBrandSelectionStatus."),
            OptionSpec("--card-data", "FILE", help: "A getCardData answer whose panCheckAlgorithm the card number follows (- for stdin)."),
            OptionSpec("--pares", "FILE", help: "cardValidateAuthenticationAndOrder: the output of `sips pares` (- for stdin)."),
            OptionSpec("--product", "FILE", help: "Another definition than the shipped one."),
            OptionSpec("--now", "YYYY-MM", help: "The current month for expiry checks."),
            OptionSpec("--locale", "TAG", help: "Language of messages."),
        ],
        run: { arguments, context throws(CLIError) in
            let operation = try operation(arguments)
            if !operation.takesBrand {
                for option in ["--brand", "--brand-selection-status"] where arguments.has(option) {
                    throw .usage("\(option): \(operation.rawValue) takes no brand (paymentMeanBrand goes with \(brandOperations) only)")
                }
            }
            if let continued = operation.continued { return try continuation(operation, of: continued, arguments, context) }
            guard var (definition, warnings) = try definition(for: operation, arguments, context) else {
                return try initializationOnly(operation, arguments, context)
            }
            let initPath = try arguments.required("--init")
            try checkOneStandardInput(["--init": initPath, "--values": arguments.value("--values"), "--card-data": arguments.value("--card-data")])
            let initialization = try initialization(from: initPath, context)
            if let cardDataPath = arguments.value("--card-data") {
                let data = try context.read(cardDataPath, for: "--card-data")
                do throws(SipsError) {
                    let cardData = try SipsResponse(.getCardData, jsonEncoded: data)
                    definition = cardData.cardForm(from: definition)
                } catch {
                    throw CLIError(code: error.code, message: "--card-data: \(error)")
                }
            }
            let request = try context.request(for: definition, arguments)
            let now = try context.validationContext(arguments)
            let stderr = Diagnostics.warnings(warnings)
            do throws(SipsError) {
                let call = try SipsCallParameters(
                    operation, request: request, initialization: initialization, brand: arguments.value("--brand"),
                    brandSelectionStatus: arguments.value("--brand-selection-status"), in: now)
                return CommandResult(stdout: parametersJSON(call).prettyText + "\n", stderr: stderr)
            } catch {
                if case .invalidRequest(let report) = error {
                    return Verdict(report).result(localizer: context.localizer(arguments), stderr: stderr)
                }
                if case .invalidField("brand", let reason) = error {
                    throw CLIError(code: error.code, message: "--brand: \(reason)")
                }
                // Only the initialize answer's values are required by the call itself.
                if case .missingField = error { throw CLIError(code: error.code, message: "--init: \(error)") }
                throw CLIError(code: error.code, message: error.description)
            }
        }
    )

    /// The operations that take a brand choice, for messages.
    static let brandOperations = SipsOperation.allCases.filter(\.takesBrand).map(\.rawValue).joined(separator: ", ")

    /// The initialize answer `--init` names.
    static func initialization(from path: String, _ context: CommandContext) throws(CLIError) -> SipsInitialization {
        let data = try context.read(path, for: "--init")
        do throws(SipsError) {
            return try SipsInitialization(jsonEncoded: data)
        } catch {
            throw CLIError(code: error.code, message: "--init: \(error)")
        }
    }

    /// A call that takes nothing but the initialize answer (`getWalletData`, `paymentProviderOrder`).
    static func initializationOnly(_ operation: SipsOperation, _ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError) -> CommandResult {
        for option in ["--values", "--value", "--account-on-file", "--card-data"] where arguments.has(option) {
            throw .usage("\(option): \(operation.rawValue) takes no values; its parameters come from --init alone")
        }
        let initialization = try initialization(from: try arguments.required("--init"), context)
        do throws(SipsError) {
            let call = try SipsCallParameters(operation, initialization: initialization)
            return CommandResult(stdout: parametersJSON(call).prettyText + "\n")
        } catch {
            throw CLIError(code: error.code, message: "--init: \(error)")
        }
    }

    /// A continuation call (`cardValidateAuthenticationAndOrder`, `getTransactionData`): from the
    /// answer of the call it continues and, after 3-D Secure, the PaRes.
    static func continuation(
        _ operation: SipsOperation, of continued: SipsOperation, _ arguments: ParsedArguments, _ context: CommandContext
    ) throws(CLIError) -> CommandResult {
        let initPath = try arguments.required("--init")
        var authentication: SipsAuthenticationResult?
        if operation == .cardValidateAuthenticationAndOrder {
            let paResPath = try arguments.required("--pares")
            try checkOneStandardInput(["--init": initPath, "--pares": paResPath])
            authentication = try paRes(from: context.read(paResPath, for: "--pares"))
        }
        let initData = try context.read(initPath, for: "--init")
        let previous: SipsResponse
        do throws(SipsError) {
            previous = try SipsResponse(continued, jsonEncoded: initData)
        } catch {
            throw CLIError(code: error.code, message: "--init: \(error)")
        }
        do throws(SipsError) {
            let call = try SipsCallParameters(continuing: previous, authentication: authentication)
            return CommandResult(stdout: parametersJSON(call).prettyText + "\n")
        } catch {
            throw CLIError(code: error.code, message: "--init: \(error)")
        }
    }

    /// The PaRes of `sips pares`'s output (`{"paRes": "<URL-encoded>", "md": …}`).
    static func paRes(from data: Data) throws(CLIError) -> SipsAuthenticationResult {
        let value: JSONValue
        do {
            value = try JSONParser(rejectsDuplicateKeys: true).parse(data)
        } catch {
            throw CLIError(code: "malformed_json", message: "--pares: \(error)")
        }
        guard case .string(let encoded)? = value["paRes"], !encoded.isEmpty else {
            throw CLIError(code: "missing_pares", message: "--pares: paRes: expected the URL-encoded PaRes string that `sips pares` prints")
        }
        do throws(SipsError) {
            // Read back as the form body the ACS posts, so the one PaRes decoder is used.
            return try SipsAuthenticationResult(callback: "PaRes=" + encoded)
        } catch {
            throw CLIError(code: error.code, message: "--pares: \(error)")
        }
    }

    /// Refuses two options reading standard input.
    static func checkOneStandardInput(_ paths: [String: String?]) throws(CLIError) {
        let stdin = paths.filter { $0.value == "-" }.keys.sorted()
        if stdin.count > 1 {
            throw .usage("only one option can read standard input (\(stdin.joined(separator: ", ")) all ask for it)")
        }
    }

    /// The parameters as a JSON object in the SDK's order; integer parameters as canonical JSON
    /// numbers (`007` is the integer 7, written `7`: digits copied through would not be JSON).
    static func parametersJSON(_ call: SipsCallParameters) -> JSONValue {
        .object(JSONObject(call.parameters.map { parameter in
            let integer = parameter.isInteger ? Int(parameter.value) : nil
            return (key: parameter.name, value: integer.map { JSONValue.number(String($0)) } ?? .string(parameter.value))
        }))
    }

    static let response = CommandSpec(
        name: "sips response",
        synopsis: "--operation NAME --response FILE [--product FILE] [--locale TAG]",
        summary: "Read a Sips In-App SDK answer: its outcome, the form fields it blames, a message.",
        details: """
        Output: {"valid": BOOL, "outcome": "success" | "notAuthorised" | "retryLater" | "failed",
        "errors": [{"fieldId", "errorId": "rejected", "message"}], "responseCode", "message",
        "response": {typed fields}}; valid is true for success only. For getCardData also
        "brandChoices": [{"sipsName": "CB", "brandId": "cartes-bancaires" | null}, ...], the brands of
        cardDataList in order without repeats (two or more: a co-badged card, the customer chooses).
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
            var members: [(key: String, value: JSONValue)] = [
                (key: "responseCode", value: result.responseCode.map(JSONValue.string) ?? .null),
                (key: "message", value: .string(result.message)),
            ]
            if operation == .getCardData {
                let choices = response.brandChoices.map { choice in
                    JSONValue.object(JSONObject([
                        (key: "sipsName", value: .string(choice.sipsName)),
                        (key: "brandId", value: choice.brandId.map(JSONValue.string) ?? .null),
                    ]))
                }
                members.append((key: "brandChoices", value: .array(choices)))
            }
            members.append((key: "response", value: response.jsonValue))
            let verdict = Verdict(
                isValid: result.outcome == .success, outcome: result.outcome.rawValue, errors: result.fieldErrors, members: members)
            return verdict.result(localizer: localizer)
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
        Output: {"seal": "<lower-case hex>"}; with --check, {"valid": BOOL, "errors": []} for the
        message's own seal member (exit 1 when it does not match). The secret key comes from a file (its trailing line
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
                    return Verdict(isValid: valid).result(localizer: context.localizer(arguments))
                }
                let seal = try SipsSeal.compute(jsonEncoded: message, secretKey: key)
                return CommandResult(stdout: (["seal": .string(seal)] as JSONValueBuilder).prettyText + "\n")
            } catch {
                throw CLIError(code: error.code, message: "--json: \(error)")
            }
        }
    )
}
