import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormSamples
import PaymentFormValidation

/// Reading the inputs commands share: products, values, locale, "now".
extension CommandContext {
    /// The product named by `--product`: a file, `-` for stdin, or `sample:NAME` for a sample
    /// shipped inside the binary. Tolerated problems are returned as warnings for stderr.
    ///
    /// - Parameter sampleLocale: a language to serve a sample in, as `payform sandbox` serves it
    ///   for a request's `locale` (the samples are written in English).
    package func product<Option: ProductOption>(
        _ arguments: ParsedArguments<Option>, sampleLocale: String? = nil
    ) throws(CLIError) -> (PaymentProduct, warnings: [String]) {
        try product(at: arguments.required(.product), sampleLocale: sampleLocale)
    }

    /// The product at `path` (a file, `-`, or `sample:NAME`), as `--product` reads it.
    package func product(at path: String, sampleLocale: String? = nil) throws(CLIError) -> (PaymentProduct, warnings: [String]) {
        if path.hasPrefix("sample:"), !fileExists(path) {
            return try product(sampleNamed: String(path.dropFirst("sample:".count)), locale: sampleLocale)
        }
        return try decodeProduct(try read(path, for: "--product"), from: "--product \(path)")
    }

    /// The payment item of `--product`: a product group when the document is one, else a
    /// product (told apart as ``AnyPaymentItem`` does).
    package func item<Option: ProductOption>(_ arguments: ParsedArguments<Option>, sampleLocale: String? = nil) throws(CLIError) -> (AnyPaymentItem, warnings: [String]) {
        try item(at: try arguments.required(.product), sampleLocale: sampleLocale)
    }

    /// The payment item at `path` (a file, `-`, `sample:NAME` for a shipped product or
    /// `sample:cards` for the shipped product group), as `--product` reads it.
    package func item(at path: String, sampleLocale: String? = nil) throws(CLIError) -> (AnyPaymentItem, warnings: [String]) {
        if path.hasPrefix("sample:"), !fileExists(path) {
            let name = String(path.dropFirst("sample:".count))
            if samples.product(name) == nil, let group = Samples.group(withId: name) {
                return try decodeItem(group, from: "--product \(path)")
            }
            let (product, warnings) = try product(sampleNamed: name, locale: sampleLocale)
            return (.product(product), warnings)
        }
        return try decodeItem(try read(path, for: "--product"), from: "--product \(path)")
    }

    /// Decodes a product or a group.
    private func decodeItem(_ data: [UInt8], from origin: String) throws(CLIError) -> (AnyPaymentItem, warnings: [String]) {
        do {
            var diagnostics: [DefinitionDiagnostic] = []
            let item = try AnyPaymentItem.decode(data, diagnostics: &diagnostics)
            return (item, diagnostics.map { "\(origin): \($0)" })
        } catch {
            throw CLIError(code: error.code, message: "\(origin): \(error)")
        }
    }

    /// A sample shipped inside the binary (`sample:NAME`), with its texts in the language of
    /// `locale` when one is given (see ``product(_:sampleLocale:)``).
    package func product(sampleNamed name: String, locale: String? = nil) throws(CLIError) -> (PaymentProduct, warnings: [String]) {
        guard let sample = samples.product(name) else {
            throw CLIError(code: "unreadable_file", message: "--product sample:\(name): no such sample (samples: \(samples.names.joined(separator: ", ")))")
        }
        return try decodeProduct(sample, localizedAs: locale, from: "--product sample:\(name)")
    }

    /// Decodes a product; with `locale`, its texts in that language first (``DefinitionTexts``).
    private func decodeProduct(_ data: [UInt8], localizedAs locale: String? = nil, from origin: String) throws(CLIError) -> (PaymentProduct, warnings: [String]) {
        do {
            let decoded: Decoded<PaymentProduct>
            if let locale, let json = try? JSONParser().parse(data) {
                // Decoded from the localized value as it is: written out and read again, it cost
                // about a third of a WebAssembly form's opening.
                decoded = try PaymentProduct.decode(from: DefinitionTexts.product(json, locale: locale))
            } else {
                decoded = try PaymentProduct.decode(from: data)
            }
            return (decoded.value, decoded.diagnostics.map { "\(origin): \($0)" })
        } catch {
            throw CLIError(code: error.code, message: "\(origin): \(error)")
        }
    }

    /// The localizer for `--locale`, else the environment's language, else English.
    package func localizer<Option: LocaleOption>(_ arguments: ParsedArguments<Option>) -> Localizer {
        localizer(languageTag: arguments.value(.locale))
    }

    /// The localizer for `languageTag`, else the environment's language, else English.
    package func localizer(languageTag: String? = nil) -> Localizer {
        Localizer(languageTag: languageTag ?? Localizer.preferredLanguageTag(environment: environment) ?? "en")
    }

    /// The field values of `--values FILE` (a JSON object of strings) or `--value ID=VALUE`.
    package func values<Option: ValuesOptions>(_ arguments: ParsedArguments<Option>) throws(CLIError) -> [(fieldId: String, value: String)] {
        if arguments.has(.values), arguments.has(.value) { throw .usage("give either --values FILE or --value ID=VALUE, not both") }
        return try values(file: arguments.value(.values), inline: arguments.values(.value))
    }

    /// The field values of a `--values FILE` (a JSON object of strings), else of the
    /// `--value ID=VALUE` pairs.
    package func values(file path: String?, inline pairs: [String] = []) throws(CLIError) -> [(fieldId: String, value: String)] {
        var result: [(fieldId: String, value: String)] = []
        if let path {
            let data = try read(path, for: "--values")
            let document: JSONDocument
            do {
                document = try JSONParser().parseDocument(data)
            } catch {
                throw CLIError(code: "malformed_json", message: "--values \(path): \(error)")
            }
            let json = document.root
            guard case .object(let object) = json else {
                throw CLIError(code: "type_mismatch", message: "--values \(path): (root): expected object of field id to string, found \(json.kind)")
            }
            if document.hasDuplicateKeys {
                // One value per field: a repeated id would silently drop one of the values typed.
                var seen = Set<String>()
                for (key, _) in object where !seen.insert(key).inserted {
                    throw CLIError(code: "duplicate_key", message: "--values \(path): \(JSONPath.root.appending(key)): field id '\(key)' appears more than once")
                }
            }
            for (key, value) in object {
                guard case .string(let text) = value else {
                    throw CLIError(code: "type_mismatch", message: "--values \(path): \(JSONPath.root.appending(key)): expected string, found \(value.kind)")
                }
                result.append((key, text))
            }
        } else {
            for (position, pair) in pairs.enumerated() {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw .usage("--value number \(position + 1) must be ID=VALUE")
                }
                result.append((String(pair[..<equals]), String(pair[pair.index(after: equals)...])))
            }
        }
        return result
    }

    /// The month that `--now YYYY-MM` fixes, else the current month (Gregorian, UTC).
    package func validationContext<Option: NowOption>(_ arguments: ParsedArguments<Option>) throws(CLIError) -> ValidationContext {
        guard let text = arguments.value(.now) else { return ValidationContext(now: now()) }
        guard let now = YearMonth(parsing: text) else {
            throw .usage("--now must be YYYY-MM with a month from 01 to 12")
        }
        return ValidationContext(now: now)
    }

    /// A request for `item` (a product or a group) with the values of the command line, the
    /// account on file of `--account-on-file` and `--tokenize` (for the commands that have them).
    package func request<Option: ValuesOptions>(
        for item: some PaymentItem, _ arguments: ParsedArguments<Option>, accountOnFile: String? = nil, tokenize: Bool = false
    ) throws(CLIError) -> PaymentRequest {
        var request = PaymentRequest(item: item, tokenize: tokenize)
        try CLIError.converting { () throws(PaymentRequestError) in try request.selectAccountOnFile(withId: accountOnFile) }
        for (fieldId, value) in try values(arguments) {
            try CLIError.converting { () throws(PaymentRequestError) in try request.setValue(value, forField: fieldId) }
        }
        return request
    }
}

extension CLIError {
    /// Runs a request call; its refusal (an unknown field, a read-only one, an unknown account on
    /// file) becomes the CLI's error with the same code and message.
    package static func converting<T>(_ call: () throws(PaymentRequestError) -> T) throws(CLIError) -> T {
        do {
            return try call()
        } catch {
            throw CLIError(code: error.code, message: error.description)
        }
    }
}
