import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors
import PayformCommands

/// `payform sips …`: the Sips In-App adapter on the command line.
enum SipsCommands {
    static var specs: [CommandSpec] { [request, response, acsForm, paRes, seal] }

    /// The group's line in `payform sips --help`.
    static let summary = "The Sips In-App adapter (Worldline Sips, Sogenactif, Mercanet): SDK call parameters, answers, 3-D Secure, seals."

    static let operationNames = SipsOperation.allCases.map(\.rawValue).joined(separator: ", ")

    /// `--operation NAME` (the SDK function) and `--product FILE` (another definition).
    protocol OperationOptions: ProductOption {
        static var operation: Self { get }
    }

    static func operation<Option: OperationOptions>(_ arguments: ParsedArguments<Option>) throws(CLIError) -> SipsOperation {
        let name = try arguments.required(.operation)
        guard let operation = SipsOperation(rawValue: name) else {
            throw .usage("--operation must be one of \(operationNames)")
        }
        return operation
    }

    /// The operation's definition: `--product FILE` when given, else the shipped sample.
    static func definition<Option: OperationOptions>(
        for operation: SipsOperation, _ arguments: ParsedArguments<Option>, _ context: CommandContext
    ) throws(CLIError) -> (PaymentProduct, [String])? {
        if arguments.has(.product) { return try context.product(arguments) }
        guard let name = operation.definitionName else { return nil }
        return try context.product(sampleNamed: name)
    }

    enum RequestOption: OperationOptions, ValuesOptions, NowOption, LocaleOption {
        case operation, initialization, values, value, accountOnFile, brand, brandSelectionStatus, cardData, pares, product, now, locale

        var spec: OptionSpec {
            switch self {
            case .operation: OptionSpec("--operation", "NAME", help: "The SDK function (\(operationNames)).")
            case .initialization:
                OptionSpec("--init", "FILE", help: "The initialize answer, or the answer a continuation call continues (JSON; - for stdin).")
            case .values: .values()
            case .value: .value()
            case .accountOnFile:
                OptionSpec("--account-on-file", "ID", help: "The wallet card (walletOrder, deletePaymentMean): an account on file of --product.")
            case .brand:
                OptionSpec("--brand", "ID", help: "The brand chosen for a co-badged card (brand id or Sips name); one the card number can carry.")
            case .brandSelectionStatus: OptionSpec("--brand-selection-status", "S", help: "Passed through as paymentMeanBrandSelectionStatus.")
            case .cardData:
                OptionSpec("--card-data", "FILE", help: "A getCardData answer whose panCheckAlgorithm the card number follows (- for stdin).")
            case .pares: OptionSpec("--pares", "FILE", help: "cardValidateAuthenticationAndOrder: the output of `sips pares` (- for stdin).")
            case .product: OptionSpec("--product", "FILE", help: "Another definition than the shipped one.")
            case .now: .now()
            case .locale: .locale(help: "Language of messages.")
            }
        }

        static let usage: [Usage<RequestOption>] = [
            .required(.operation), .required(.initialization), .oneOf([[.required(.values)], [.required(.value)]]),
            .optional(.accountOnFile), .optional(.brand), .optional(.brandSelectionStatus), .optional(.cardData), .optional(.product),
            .optional(.now), .optional(.locale),
        ]

        static let otherUsages: [[Usage<RequestOption>]] = [
            [.fixed(.operation, SipsOperation.getWalletData.rawValue), .required(.initialization)],
            [.fixed(.operation, SipsOperation.paymentProviderOrder.rawValue), .required(.initialization)],
            [.fixed(.operation, SipsOperation.cardValidateAuthenticationAndOrder.rawValue), .required(.initialization), .required(.pares)],
            [.fixed(.operation, SipsOperation.getTransactionData.rawValue), .required(.initialization)],
        ]
    }

    static let request = CommandSpec(
        name: "sips request",
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
        options: RequestOption.self,
        run: { arguments, context throws(CLIError) in
            let operation = try operation(arguments)
            if !operation.takesBrand {
                for option in [RequestOption.brand, .brandSelectionStatus] where arguments.has(option) {
                    throw .usage("\(option.spec.flag): \(operation.rawValue) takes no brand (paymentMeanBrand goes with \(brandOperations) only)")
                }
            }
            if let continued = operation.continued { return try continuation(operation, of: continued, arguments, context) }
            guard var (definition, warnings) = try definition(for: operation, arguments, context) else {
                return try initializationOnly(operation, arguments, context)
            }
            let initPath = try arguments.required(.initialization)
            try checkOneStandardInput(["--init": initPath, "--values": arguments.value(.values), "--card-data": arguments.value(.cardData)])
            let initialization = try initialization(from: initPath, context)
            if let cardDataPath = arguments.value(.cardData) {
                let data = try context.read(cardDataPath, for: "--card-data")
                do throws(SipsError) {
                    let cardData = try SipsResponse(.getCardData, jsonEncoded: data)
                    definition = cardData.cardForm(from: definition)
                } catch {
                    throw CLIError(code: error.code, message: "--card-data: \(error)")
                }
            }
            let request = try context.request(for: definition, arguments, accountOnFile: arguments.value(.accountOnFile))
            let now = try context.validationContext(arguments)
            let stderr = Diagnostics.warnings(warnings)
            do throws(SipsError) {
                let call = try SipsCallParameters(
                    operation, request: request, initialization: initialization, brand: arguments.value(.brand),
                    brandSelectionStatus: arguments.value(.brandSelectionStatus), in: now)
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
    static func initializationOnly(
        _ operation: SipsOperation, _ arguments: ParsedArguments<RequestOption>, _ context: CommandContext
    ) throws(CLIError) -> CommandResult {
        for option in [RequestOption.values, .value, .accountOnFile, .cardData] where arguments.has(option) {
            throw .usage("\(option.spec.flag): \(operation.rawValue) takes no values; its parameters come from --init alone")
        }
        let initialization = try initialization(from: try arguments.required(.initialization), context)
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
        _ operation: SipsOperation, of continued: SipsOperation, _ arguments: ParsedArguments<RequestOption>, _ context: CommandContext
    ) throws(CLIError) -> CommandResult {
        let initPath = try arguments.required(.initialization)
        var authentication: SipsAuthenticationResult?
        if operation == .cardValidateAuthenticationAndOrder {
            let paResPath = try arguments.required(.pares)
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
    static func paRes(from data: [UInt8]) throws(CLIError) -> SipsAuthenticationResult {
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

    enum ResponseOption: OperationOptions, LocaleOption {
        case operation, response, product, locale

        var spec: OptionSpec {
            switch self {
            case .operation: OptionSpec("--operation", "NAME", help: "The SDK function that answered (\(operationNames)).")
            case .response: OptionSpec("--response", "FILE", help: "The SDK's answer as JSON (- for stdin).")
            case .product: OptionSpec("--product", "FILE", help: "Another definition than the shipped one.")
            case .locale: .locale(help: "Language of messages.")
            }
        }

        static let usage: [Usage<ResponseOption>] = [.required(.operation), .required(.response), .optional(.product), .optional(.locale)]
    }

    static let response = CommandSpec(
        name: "sips response",
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
        options: ResponseOption.self,
        run: { arguments, context throws(CLIError) in
            let operation = try operation(arguments)
            let form = try definition(for: operation, arguments, context)?.0
            let data = try context.read(try arguments.required(.response), for: "--response")
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

    enum ACSFormOption: CommandOptions {
        case acsURL, pareq, pareqFile, md, mdFile, termURL

        var spec: OptionSpec {
            switch self {
            case .acsURL: OptionSpec("--acs-url", "URL", help: "The ACS URL (authentRedirectionUrl).")
            case .pareq: SecretInput.inlineSpec("--pareq", "V", help: "The PaReq (paReqMessage).")
            case .pareqFile: SecretInput.fileSpec("--pareq")
            case .md: SecretInput.inlineSpec("--md", "V", help: "The merchant data echoed back.")
            case .mdFile: SecretInput.fileSpec("--md")
            case .termURL: OptionSpec("--term-url", "URL", help: "Where the ACS returns the result.")
            }
        }

        static let paReq = SecretOption(ACSFormOption.pareq, file: .pareqFile)
        static let merchantData = SecretOption(ACSFormOption.md, file: .mdFile)

        static let usage: [Usage<ACSFormOption>] = [.required(.acsURL), paReq.usage, merchantData.usage, .required(.termURL)]
    }

    static let acsForm = CommandSpec(
        name: "sips acs-form",
        summary: "Print the self-submitting 3-D Secure page that posts PaReq, MD and TermUrl to the ACS.",
        details: """
        Every value is HTML-escaped. MD must be printable ASCII (0x20-0x7E); anything else is base64-encoded,
        and more than 1024 bytes after that is refused (exit 2, md_too_long). URLs must be absolute http(s).
        """,
        options: ACSFormOption.self,
        run: { arguments, context throws(CLIError) in
            try SecretOption.checkOneStandardInput([ACSFormOption.paReq, ACSFormOption.merchantData], in: arguments)
            let paReq = try ACSFormOption.paReq.required(in: arguments, context: context)
            let md = try ACSFormOption.merchantData.required(in: arguments, context: context)
            do {
                let form = try SipsACSForm(acsURL: try arguments.required(.acsURL), paReq: paReq, merchantData: md,
                                           termURL: try arguments.required(.termURL))
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

    enum PaResOption: CommandOptions {
        case callback

        var spec: OptionSpec { OptionSpec("--callback", "URL", help: "The callback URL or body; - reads it from standard input.") }

        static let usage: [Usage<PaResOption>] = [.required(.callback)]
    }

    static let paRes = CommandSpec(
        name: "sips pares",
        summary: "Read PaRes and MD from the ACS's TermUrl callback (a URL or a form-encoded body).",
        details: """
        Output: {"paRes": "<URL-encoded, as the SDK's continuation call takes it>", "md": "<decoded>" | null}.
        Accepts https://shop/return?PaRes=...&MD=..., a form body PaRes=...&MD=..., or putpares:<PaRes>.
        """,
        options: PaResOption.self,
        run: { arguments, context throws(CLIError) in
            var callback = try arguments.required(.callback)
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

    enum SealOption: CommandOptions {
        case secretKeyFile, json, check

        var spec: OptionSpec {
            switch self {
            case .secretKeyFile: OptionSpec("--secret-key-file", "FILE", help: "The merchant's secret key (- for stdin).")
            case .json: OptionSpec("--json", "FILE", help: "The message: a request body or an answer (- for stdin).")
            case .check: OptionSpec("--check", help: "Check the message's seal member instead of printing a seal.")
            }
        }

        static let usage: [Usage<SealOption>] = [.required(.secretKeyFile), .required(.json), .optional(.check)]
    }

    static let seal = CommandSpec(
        name: "sips seal",
        summary: "Compute (or check) the HMAC-SHA-256 seal of a Sips JSON message.",
        details: """
        Output: {"seal": "<lower-case hex>"}; with --check, {"valid": BOOL, "errors": []} for the
        message's own seal member (exit 1 when it does not match). The secret key comes from a file (its trailing line
        break dropped), never from the command line. keyVersion, seal and sealAlgorithm are not sealed.
        """,
        options: SealOption.self,
        run: { arguments, context throws(CLIError) in
            let keyPath = try arguments.required(.secretKeyFile)
            let jsonPath = try arguments.required(.json)
            if keyPath == "-", jsonPath == "-" { throw .usage("only one option can read standard input (--secret-key-file, --json both ask for it)") }
            var key = String(decoding: try context.read(keyPath, for: "--secret-key-file"), as: UTF8.self)
            if key.hasSuffix("\n") { key.removeLast() }
            if key.hasSuffix("\r") { key.removeLast() }
            let message = try context.read(jsonPath, for: "--json")
            do throws(SipsError) {
                if arguments.has(.check) {
                    let valid = try SipsSeal.isValid(jsonEncoded: message, secretKey: key)
                    return Verdict(isValid: valid).result(localizer: context.localizer())
                }
                let seal = try SipsSeal.compute(jsonEncoded: message, secretKey: key)
                return CommandResult(stdout: (["seal": .string(seal)] as JSONValueBuilder).prettyText + "\n")
            } catch {
                throw CLIError(code: error.code, message: "--json: \(error)")
            }
        }
    )
}
