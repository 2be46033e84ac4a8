import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormProtocol
import PaymentFormValidation

/// `payform validate`: validates values against a product, as a backend test would.
package enum ValidateCommand {
    package enum Option: ProductOption, ValuesOptions, NowOption, LocaleOption {
        case product, values, value, accountOnFile, now, locale, iin, batch

        package var spec: OptionSpec {
            switch self {
            case .product:
                OptionSpec("--product", "FILE", repeatable: true,
                           help: "Client API product or product group JSON (- for stdin, sample:NAME, sample:cards); repeat: the merchant's other card products, among which the card number picks.")
            case .values: .values(help: #"A JSON object {"<fieldId>": "<value as typed, masked or not>"}."#)
            case .value: .value(help: "One field's value (repeatable; visible to other local users: prefer --values).")
            case .accountOnFile: OptionSpec("--account-on-file", "ID", help: "Validate with this account on file selected.")
            case .now: .now(help: "The current month for expiry checks (default: the real clock, UTC).")
            case .locale: .locale(help: "Language of messages (default: from LC_ALL/LC_MESSAGES/LANG, then en).")
            case .iin:
                OptionSpec("--iin", "FILE", help: "A server IIN lookup's answer for the card number (getIINdetails JSON, or payform fetch iin's output).")
            case .batch:
                OptionSpec("--batch", help: #"Read one request per stdin line, {"values": {...}, "accountOnFile": "ID"}, answer one result per line."#)
            }
        }

        package static let usage: [Usage<Option>] = [
            .required(.product), .oneOf([[.required(.values)], [.required(.value)], [.required(.batch)]]),
            .optional(.iin), .optional(.accountOnFile), .optional(.now), .optional(.locale),
        ]
    }

    package static let spec = CommandSpec(
        name: "validate",
        summary: "Validate field values against a product's rules; exit 0 valid, 1 invalid.",
        details: """
        Output: {"valid": BOOL, "errors": [{"fieldId", "errorId", <the rule's parameters>, "message"}]}
        with errors in the fields' display order, then the validators' order in the definition.
        errorId is required, length, range, luhn, expirationDate, regularExpression, emailAddress,
        fixedList, iban, termsAndConditions, residentIdNumber, allowedInContext, cardNotAccepted,
        uncheckable (a regularExpression whose pattern cannot run here) or an unknown validator's
        name; then, after the validators, integer (a type: integer field takes an optional sign and
        ASCII digits) or numericString (a type: numericstring field takes ASCII digits only); then
        cardUndecided.
        On a card form (a product group such as sample:cards, or a card product) the card number
        decides the product among the --product options, as the form does: the values are
        validated against the product it names ("paymentProductId" in the output). Offline
        detection narrows, it never refuses on its own: a number of a known brand fails
        cardNotAccepted only when every option is a product the brand table knows and none is for
        that brand, its co-badge partners or a brand its cards may carry; a product the table does
        not know takes any number its own validators accept. A number valid by its own rules that
        names no option yet (a Visa or Mastercard number when Cartes Bancaires is an option: only
        an IIN lookup can tell; or a number no brand has, among several options) fails
        cardUndecided: give the lookup's answer with --iin.
        --iin FILE gives what a server IIN lookup answered for the card number (a getIINdetails
        answer, or payform fetch iin's output): when it says the card exists but cannot pay in the
        payment context (neither its product nor a co-brand is allowed), the card number fails
        allowedInContext, its first error. It is taken as the lookup of the card number given; with
        fewer than 6 digits in it (or status notEnoughDigits or pending) it is not applied, and
        stderr says so.
        With --batch: one request per standard-input line, {"values": {"<fieldId>": "<value>"},
        "accountOnFile": "ID", "iin": {...}} ("accountOnFile" optional, --account-on-file is the
        default; "iin" optional, --iin is the default), one
        compact result per line, in order, in one process; exit 0 at the end of input. A line that
        is not such a request answers {"error": {"code": "bad_request", "message": "line N: ..."}}
        (unknown_field, unknown_account_on_file for those) and the batch goes on.
        \(SecretInput.valuesVisibilityNote)
        """,
        options: Option.self,
        run: run
    )

    package static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        if arguments.value(.iin) == "-" {
            if arguments.has(.batch) { throw .usage("--iin - is not possible with --batch: standard input carries the requests") }
            let others = [Option.product, .values].filter { arguments.value($0) == "-" }.map({ $0.spec.flag })
            if !others.isEmpty { throw .usage("only one option can read standard input (--iin, \(others.joined(separator: ", ")) ask for it)") }
        }
        if arguments.has(.batch) { return try runBatch(arguments, context) }
        let (item, others, itemWarnings) = try items(arguments, context)
        var warnings = itemWarnings
        var request = try context.request(for: item, arguments, accountOnFile: arguments.value(.accountOnFile))
        request.takeCards(among: others)
        if let lookup = try context.iinLookup(at: arguments.value(.iin)), !request.applyIINLookup(lookup) {
            warnings.append(Self.notApplied)
        }
        let named = request.onCardProduct(among: others)
        let report = named.validate(in: try context.validationContext(arguments))
        return Verdict(report, paymentProductId: Self.paymentProductId(named, of: item, others))
            .result(localizer: context.localizer(arguments), stderr: Diagnostics.warnings(warnings))
    }

    /// The product a card form's number named, for the answer: on a group or with other products
    /// given (otherwise the product is the one given, and the answer keeps its usual shape).
    static func paymentProductId(_ named: PaymentRequest, of item: AnyPaymentItem, _ others: [AnyPaymentItem]) -> String? {
        guard item.kind == .group || !others.isEmpty, named.item.kind == .product else { return nil }
        return named.item.id
    }

    /// The form's item (the first `--product`) and the merchant's other products, with what
    /// reading them noticed.
    static func items(_ arguments: ParsedArguments<Option>, _ context: CommandContext)
        throws(CLIError) -> (AnyPaymentItem, others: [AnyPaymentItem], warnings: [String]) {
        let paths = arguments.values(.product)
        guard let first = paths.first else { throw .usage("missing required option --product (see --help)") }
        let (item, firstWarnings) = try context.item(at: first)
        var others: [AnyPaymentItem] = []
        var warnings = firstWarnings
        for path in paths.dropFirst() {
            if path == "-" { throw .usage("--product - is possible for the first --product only") }
            let (other, otherWarnings) = try context.item(at: path)
            others.append(other)
            warnings += otherWarnings
        }
        return (item, others, warnings)
    }
}

extension ValidateCommand {
    /// `validate --batch`: many requests, one process.
    package static func runBatch(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        if arguments.has(.values) || arguments.has(.value) {
            throw .usage("--batch reads the values from standard input: give no --values or --value")
        }
        if arguments.values(.product).contains("-") { throw .usage("--product - is not possible with --batch: standard input carries the requests") }
        let (product, others, warnings) = try items(arguments, context)
        let validation = try context.validationContext(arguments)
        let localizer = context.localizer(arguments)
        let defaultAccount = arguments.value(.accountOnFile)
        let defaultLookup = try context.iinLookup(at: arguments.value(.iin))
        if let defaultAccount, product.accountOnFile(withId: defaultAccount) == nil {
            throw CLIError(code: "unknown_account_on_file", message: "--account-on-file \(defaultAccount): the product has no such account on file")
        }
        let stderr = Diagnostics.warnings(warnings)
        return JSONLines.run(context, malformedCode: "bad_request", stderr: stderr) { json, line in
            do throws(CLIError) {
                let (report, productId) = try validate(json, item: product, others: others, defaultAccount: defaultAccount,
                                                       defaultLookup: defaultLookup, in: validation)
                return Verdict(report, paymentProductId: productId).jsonValue(localizer: localizer)
            } catch {
                return JSONLines.error(error.code, "line \(line): \(error.message)")
            }
        }
    }

    /// One batch line: `{"values": {...}, "accountOnFile": "ID", "iin": {...}}`; the report and,
    /// on a card form, the product the card number named.
    package static func validate(_ json: JSONValue, item: AnyPaymentItem, others: [AnyPaymentItem] = [], defaultAccount: String?,
                                 defaultLookup: IINLookupResult? = nil, in validation: ValidationContext)
        throws(CLIError) -> (ValidationReport, paymentProductId: String?) {
        guard case .object(let object) = json else {
            throw CLIError(code: "bad_request", message: "a request is a JSON object {\"values\": {...}, \"accountOnFile\": \"ID\"}")
        }
        for key in object.keys where key != "values" && key != "accountOnFile" && key != "iin" {
            let shown = key.count <= 40 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } ? "'\(key)'" : "a member"
            throw CLIError(code: "bad_request", message: "unexpected \(shown) (a request has \"values\", \"accountOnFile\" and \"iin\")")
        }
        var lookup = defaultLookup
        switch object["iin"] {
        case .object?:
            do {
                lookup = try IINLookupResult(serverJSON: object["iin"] ?? .null)
            } catch {
                throw CLIError(code: "bad_request", message: "\"iin\": \(error)")
            }
        case .null?, nil: break
        default: throw CLIError(code: "bad_request", message: "\"iin\" must be a getIINdetails answer (a JSON object)")
        }
        var request = PaymentRequest(item: item)
        request.takeCards(among: others)
        var account = defaultAccount
        switch object["accountOnFile"] {
        case .string(let id)?: account = id
        case .number(let id)? where Int(id) != nil: account = id
        case .null?, nil: break
        default: throw CLIError(code: "bad_request", message: "\"accountOnFile\" must be a string")
        }
        try CLIError.converting { () throws(PaymentRequestError) in try request.selectAccountOnFile(withId: account) }
        switch object["values"] {
        case .object(let values)?:
            for (fieldId, value) in values {
                guard case .string(let text) = value else {
                    throw CLIError(code: "bad_request", message: "\(JSONPath.root.appending("values").appending(fieldId)): expected string, found \(value.kind)")
                }
                try CLIError.converting { () throws(PaymentRequestError) in try request.setValue(text, forField: fieldId) }
            }
        case nil: break
        case let other?:
            throw CLIError(code: "bad_request", message: "\"values\" must be an object of field id to string, found \(other.kind)")
        }
        if let lookup { request.applyIINLookup(lookup) }
        let named = request.onCardProduct(among: others)
        return (named.validate(in: validation), paymentProductId(named, of: item, others))
    }

    /// The stderr warning when `--iin` does not apply to the card number given.
    package static let notApplied = "--iin: not applied: the card number does not have the 6 digits a lookup needs, or the answer "
        + "says nothing about a number (notEnoughDigits, pending)"
}

extension CommandContext {
    /// The server IIN answer of `--iin FILE`, if given.
    package func iinLookup(at path: String?) throws(CLIError) -> IINLookupResult? {
        guard let path else { return nil }
        let data = try read(path, for: "--iin")
        let json: JSONValue
        do {
            // A repeated member (two "countryCode"s) is refused, as the form's iin event refuses
            // it: which one counts would be a guess.
            json = try JSONParser(rejectsDuplicateKeys: true).parse(data)
        } catch {
            throw CLIError(code: "malformed_json", message: "--iin \(path): \(error)")
        }
        guard case .object = json else {
            throw CLIError(code: "type_mismatch", message: "--iin \(path): (root): expected a getIINdetails answer (object), found \(json.kind)")
        }
        do {
            return try IINLookupResult(serverJSON: json)
        } catch {
            throw CLIError(code: error.code, message: "--iin \(path): \(error)")
        }
    }
}

extension ValidationReport {
    /// `{"valid": ..., "errors": [...]}` with localized messages (see ``Verdict``).
    package func jsonValue(localizer: Localizer) -> JSONValue {
        Verdict(self).jsonValue(localizer: localizer)
    }
}
