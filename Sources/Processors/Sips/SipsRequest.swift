import PaymentFormEngine

extension SipsCallParameters {
    /// Builds the SDK call's parameters from a request on the operation's definition and the
    /// initialize answer.
    ///
    /// The request is validated first (nothing is built from invalid values). Then the card number
    /// is sent as digits only, the expiry typed `MM/YY` as `yyyyMM`, the wallet card's id from the
    /// selected account on file, and the chosen brand of a co-badged card as its Sips name
    /// (`CB`, `VISA`).
    ///
    /// ```swift
    /// var request = PaymentRequest(product: cardOrderDefinition)
    /// try request.setValue("4111 1111 1111 1111", forField: "cardNumber")
    /// try request.setValue("12/30", forField: "cardExpiryDate")
    /// let call = try SipsCallParameters(.cardOrder, request: request, initialization: initializeAnswer, in: .current())
    /// call["cardExpiryDate"]   // "203012"
    /// ```
    ///
    /// - Parameters:
    ///   - operation: the SDK function; its definition must be the request's product.
    ///   - request: the customer's values on that definition.
    ///   - initialization: the initialize answer the merchant's server passed on.
    ///   - brand: the brand the customer chose for a co-badged card: an engine brand id
    ///     (`cartes-bancaires`) or a Sips name (`CB`); `nil` takes the request's
    ///     `selectedBrand`, and without one lets Sips decide. It must be a brand the card number
    ///     can carry: one a server IIN lookup applied to the request named, else one offline
    ///     detection finds, or Cartes Bancaires (eftpos, Interac) on a Visa or Mastercard number,
    ///     which may be co-badged with it; when no brand has the number's digits, any is taken.
    ///   - brandSelectionStatus: passed through as `paymentMeanBrandSelectionStatus` when given.
    ///   - context: the current month, for the expiry check.
    /// - Throws: ``SipsError/invalidRequest(_:)`` for invalid values, ``SipsError/invalidField(_:reason:)``
    ///   named `brand` for a brand the card number cannot carry or a brand (or selection status)
    ///   given to a function that takes none, ``SipsError/noInput(_:)`` for a function that takes
    ///   no card input (``init(_:initialization:)`` builds it), ``SipsError/missingField(_:)``
    ///   when the initialize answer lacks `redirectionData` (or, for the token call, `merchantId`).
    public init(
        _ operation: SipsOperation, request: PaymentRequest, initialization: SipsInitialization,
        brand: String? = nil, brandSelectionStatus: String? = nil, in context: ValidationContext
    ) throws(SipsError) {
        guard let definition = operation.definitionName else { throw .noInput(operation) }
        guard request.item.id == definition else { throw .wrongDefinition(operation: operation, productId: request.item.id) }
        if !operation.takesBrand {
            // Sips would not get it: say so rather than drop the customer's choice.
            if brand != nil { throw .invalidField("brand", reason: Self.takesNoBrand(operation)) }
            if brandSelectionStatus != nil { throw .invalidField("brandSelectionStatus", reason: Self.takesNoBrand(operation)) }
        }
        var report = request.validate(in: context)
        var values: [String: String] = [:]
        for entry in report.values { values[entry.fieldId] = entry.value }
        if let account = request.accountOnFile, values["paymentMeanId"] == nil, request.item.field(withId: "paymentMeanId") != nil {
            values["paymentMeanId"] = account.id
        }
        let given = operation.atLeastOneOf.filter { values[$0] != nil }
        if !operation.atLeastOneOf.isEmpty, given.isEmpty {
            let missing = operation.atLeastOneOf.filter { request.item.field(withId: $0) != nil }
                .map { FieldError(fieldId: $0, error: .required) }
            report = ValidationReport(errors: report.errors + missing, values: report.values)
        }
        guard report.isValid else { throw .invalidRequest(report) }

        var parameters: [Parameter] = []
        func add(_ name: String, _ value: String?) {
            if let value, !value.isEmpty { parameters.append(Parameter(name: name, value: value)) }
        }
        add("cardNumber", values["cardNumber"].map(Self.digits))
        add("cardExpiryDate", values["cardExpiryDate"].map { Self.sipsExpiry($0, now: context.now) })
        add("cardCSCValue", values["cardCSCValue"])
        add("cardIIN", values["cardIIN"].map(Self.digits))
        if let id = values["paymentMeanId"], !id.isEmpty {
            // An integer since the SDK 21.2.0; a wallet card's id comes from the account on file,
            // which is not validated, so it is checked here.
            guard Self.isInteger(id) else {
                throw .invalidField("paymentMeanId", reason: "must be digits only: the SDK takes an integer since version 21.2.0")
            }
            add("paymentMeanId", id)
        }
        add("paymentMeanAlias", values["paymentMeanAlias"])
        if operation.takesBrand {
            let chosen = (brand ?? request.selectedBrand?.id).map(SipsBrand.sipsName(for:))
            if let chosen { try Self.checkBrand(chosen, given: brand ?? chosen, of: request) }
            add("paymentMeanBrand", chosen)
            add("paymentMeanBrandSelectionStatus", brandSelectionStatus ?? ProcessorDecisions.sipsDefaultBrandSelectionStatus)
        }
        parameters += try Self.initializationParameters(operation, initialization)
        self.init(operation: operation, parameters: parameters)
    }

    /// Builds the parameters of a function that takes nothing but the initialize answer:
    /// `getWalletData` (the wallet's cards) and `paymentProviderOrder` (the Bancontact app's URL).
    ///
    /// ```swift
    /// let call = try SipsCallParameters(.getWalletData, initialization: initializeAnswer)
    /// call.parameters.map(\.name)   // ["publicKeyValue", "redirectionData", "redirectionUrl", "redirectionVersion"]
    /// ```
    ///
    /// - Throws: ``SipsError/needsInput(_:)`` for a function that takes the customer's values or
    ///   continues another call, ``SipsError/missingField(_:)`` when the answer lacks
    ///   `redirectionData`.
    public init(_ operation: SipsOperation, initialization: SipsInitialization) throws(SipsError) {
        guard operation.definitionName == nil, operation.continued == nil else { throw .needsInput(operation) }
        self.init(operation: operation, parameters: try Self.initializationParameters(operation, initialization))
    }

    /// The initialize answer's parameters `operation` takes: `publicKeyValue`, `redirectionUrl`,
    /// `redirectionVersion`, then `redirectionData` (all but the token call) and `merchantId`
    /// (the token call).
    static func initializationParameters(_ operation: SipsOperation, _ initialization: SipsInitialization) throws(SipsError) -> [Parameter] {
        var parameters = [
            Parameter(name: "publicKeyValue", value: initialization.publicKeyValue),
            Parameter(name: "redirectionUrl", value: initialization.redirectionUrl),
            Parameter(name: "redirectionVersion", value: initialization.redirectionVersion),
        ].filter { !$0.value.isEmpty }
        if operation.takesRedirectionData {
            guard let data = initialization.redirectionData, !data.isEmpty else { throw .missingField("redirectionData") }
            parameters.append(Parameter(name: "redirectionData", value: data))
        }
        if operation == .paymentTokenGenerate {
            guard let merchantId = initialization.merchantId, !merchantId.isEmpty else { throw .missingField("merchantId") }
            parameters.append(Parameter(name: "merchantId", value: merchantId))
        }
        return parameters
    }

    /// Why a brand is refused for `operation`.
    static func takesNoBrand(_ operation: SipsOperation) -> String {
        let taking = SipsOperation.allCases.filter(\.takesBrand).map(\.rawValue).joined(separator: ", ")
        return "\(operation.rawValue) takes no brand (paymentMeanBrand goes with \(taking) only)"
    }

    /// Builds the parameters of a continuation call from the answer of the call it continues.
    ///
    /// - After `cardCheckEnrollment` or `walletCheckEnrollment` and the ACS step:
    ///   `cardValidateAuthenticationAndOrder`, with `paResMessage` (the ACS's PaRes, URL-encoded as
    ///   the SDK wants it), and the enrolment answer's `redirectionUrl`, `transactionContextData`
    ///   and `transactionContextVersion`.
    /// - After `paymentProviderOrder`, when the provider's app returns: `getTransactionData`, with
    ///   the provider answer's same three values (it takes no PaRes).
    ///
    /// ```swift
    /// let enrolment = try SipsResponse(.cardCheckEnrollment, jsonEncoded: enrolmentAnswer)
    /// let paRes = try SipsAuthenticationResult(callback: termURLCallback)
    /// let call = try SipsCallParameters(continuing: enrolment, authentication: paRes)
    /// call.operation                // .cardValidateAuthenticationAndOrder
    /// ```
    ///
    /// - Throws: ``SipsError/notContinuable(_:)`` for an answer no call continues,
    ///   ``SipsError/missingPaRes`` when the enrolment's continuation has no `authentication`,
    ///   ``SipsError/missingField(_:)`` when the answer lacks one of the three values.
    public init(continuing previous: SipsResponse, authentication: SipsAuthenticationResult? = nil) throws(SipsError) {
        let operation: SipsOperation
        var parameters: [Parameter] = []
        switch previous.operation {
        case .cardCheckEnrollment, .walletCheckEnrollment:
            operation = .cardValidateAuthenticationAndOrder
            guard let authentication else { throw .missingPaRes }
            parameters.append(Parameter(name: "paResMessage", value: authentication.paResForSDK))
        case .paymentProviderOrder:
            operation = .getTransactionData
        default:
            throw .notContinuable(previous.operation)
        }
        for field in [SipsResponse.Field.redirectionUrl, .transactionContextData, .transactionContextVersion] {
            guard let value = previous.text(field), !value.isEmpty else { throw .missingField(field.rawValue) }
            parameters.append(Parameter(name: field.rawValue, value: value))
        }
        self.init(operation: operation, parameters: parameters)
    }

    /// Whether `text` is what the SDK takes as an integer parameter: 1 to 18 ASCII digits.
    static func isInteger(_ text: String) -> Bool {
        (1...18).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The ASCII digits of `text`.
    package static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }

    /// The four-digit year a two-digit expiry year stands for: the one the `expirationDate`
    /// validator read (``YearMonth/fullYear(ofTwoDigitYear:)``, `now`'s century), zero-padded.
    package static func fourDigitYear(ofTwoDigits digits: Substring, now: YearMonth) -> String {
        let year = String(now.fullYear(ofTwoDigitYear: Int(digits) ?? 0))
        return String(repeating: "0", count: max(0, 4 - year.count)) + year
    }

    /// `MMYY` (as the form's `MM/YY` unmasks) or `MMYYYY` in `ProcessorDecisions.sipsExpiryFormat`
    /// (`yyyyMM`); a two-digit year is the year the validator read it as (in `now`'s century).
    static func sipsExpiry(_ value: String, now: YearMonth) -> String {
        let digits = Self.digits(value)
        let year: String
        switch digits.count {
        case 4: year = fourDigitYear(ofTwoDigits: digits.suffix(2), now: now)
        case 6: year = String(digits.suffix(4))
        default: return digits
        }
        return ProcessorDecisions.sipsExpiryFormat
            .replacingOccurrences(of: "yyyy", with: year)
            .replacingOccurrences(of: "MM", with: String(digits.prefix(2)))
    }
}
