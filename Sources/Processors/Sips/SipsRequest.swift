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
    /// let call = try SipsCallParameters(.cardOrder, request: request, initialization: answer, in: .current())
    /// call["cardExpiryDate"]   // "203012"
    /// ```
    ///
    /// - Parameters:
    ///   - operation: the SDK function; its definition must be the request's product.
    ///   - request: the customer's values on that definition.
    ///   - initialization: the initialize answer the merchant's server passed on.
    ///   - brand: the brand the customer chose for a co-badged card: an engine brand id
    ///     (`cartes-bancaires`) or a Sips name (`CB`); `nil` takes the request's
    ///     `selectedBrand`, and without one lets Sips decide.
    ///   - brandSelectionStatus: passed through as `paymentMeanBrandSelectionStatus` when given.
    ///   - context: the current month, for the expiry check.
    public init(
        _ operation: SipsOperation, request: PaymentRequest, initialization: SipsInitialization,
        brand: String? = nil, brandSelectionStatus: String? = nil, in context: ValidationContext
    ) throws(SipsError) {
        guard let definition = operation.definitionName else { throw .noInput(operation) }
        guard request.item.id == definition else { throw .wrongDefinition(operation: operation, productId: request.item.id) }
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
        add("cardExpiryDate", values["cardExpiryDate"].map(Self.sipsExpiry))
        add("cardCSCValue", values["cardCSCValue"])
        add("cardIIN", values["cardIIN"].map(Self.digits))
        add("paymentMeanId", values["paymentMeanId"])
        add("paymentMeanAlias", values["paymentMeanAlias"])
        if operation.takesBrand {
            add("paymentMeanBrand", (brand ?? request.selectedBrand?.id).map(SipsBrand.sipsName(for:)))
            add("paymentMeanBrandSelectionStatus", brandSelectionStatus)
        }
        add("publicKeyValue", initialization.publicKeyValue)
        add("redirectionUrl", initialization.redirectionUrl)
        add("redirectionVersion", initialization.redirectionVersion)
        if operation.takesRedirectionData {
            guard let data = initialization.redirectionData, !data.isEmpty else { throw .missingField("redirectionData") }
            add("redirectionData", data)
        }
        if operation == .paymentTokenGenerate {
            guard let merchantId = initialization.merchantId, !merchantId.isEmpty else { throw .missingField("merchantId") }
            add("merchantId", merchantId)
        }
        self.init(operation: operation, parameters: parameters)
    }

    /// The ASCII digits of `text`.
    package static func digits(_ text: String) -> String {
        String(text.unicodeScalars.filter { ("0"..."9").contains($0) }.map(Character.init))
    }

    /// `MMYY` (as the form's `MM/YY` unmasks) or `MMYYYY` as `yyyyMM`; see
    /// ``ProcessorDecisions/expiryCentury``.
    static func sipsExpiry(_ value: String) -> String {
        let digits = Self.digits(value)
        switch digits.count {
        case 4: return "\(ProcessorDecisions.expiryCentury)\(digits.suffix(2))\(digits.prefix(2))"
        case 6: return "\(digits.suffix(4))\(digits.prefix(2))"
        default: return digits
        }
    }
}
