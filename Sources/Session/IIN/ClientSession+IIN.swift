internal import PaymentFormJSON
import PaymentFormCards
import PaymentFormCore

extension ClientSession {
    /// The server's answer for a card number's first digits (`POST services/getIINdetails`).
    ///
    /// Spaces and `-` are ignored; any other non-digit answers `unknown` without a call. Fewer
    /// than 6 digits answer `notEnoughDigits` without a call; with 8 or more the first 8 are sent,
    /// else the first 6. HTTP 404 answers `unknown`. Only a `supported` answer carries the
    /// product, country and co-brands: an `existingButNotAllowed` or `unknown` one carries none,
    /// as the Connect guide says of its IINDetailsResponse. Kept for the session, keyed by the
    /// digits sent and `context`; concurrent identical lookups share one request.
    ///
    /// ```swift
    /// let answer = try await session.iinDetails(forPartialCardNumber: "4111 11", context: paymentContext)
    /// answer.status             // .supported
    /// answer.paymentProductId   // 1
    /// ```
    public func iinDetails(forPartialCardNumber number: String, context: PaymentContext? = nil) async throws(ClientAPIError) -> IINLookupResult {
        guard let digits = CardNumberDigits.digits(of: number) else { return IINLookupResult(status: .unknown, source: .none) }
        guard let bin = CardNumberDigits.lookupPrefix(of: digits) else { return .notEnoughDigits }
        var body = JSONObject([(key: "bin", value: .string(bin))])
        if let context {
            body.append("paymentContext", [
                "amountOfMoney": ["amount": .number(String(context.amountOfMoney.amount)), "currencyCode": .string(context.amountOfMoney.currencyCode)],
                "countryCode": .string(context.countryCode),
                "isRecurring": .bool(context.isRecurring),
            ])
        }
        let answer = try await call(
            IINDetailsResponse.self, "POST", ["services", "getIINdetails"], body: .object(body), policy: .keep, accepting: [404])
        guard let answer, answer.paymentProductId != nil else {
            return IINLookupResult(status: .unknown, source: .server, details: answer)
        }
        // `isAllowedInContext` is only sent when a context was: without one, a product is a yes.
        var details = answer
        if context == nil, !details.isAllowedInContext {
            details.isAllowedInContext = true
        }
        return IINLookupResult(status: details.isAllowedInContext ? .supported : .existingButNotAllowed, source: .server, details: details)
    }

    /// The offline detector's answer for a card number's first digits, at once and without a
    /// call; `nil` when the configuration turned offline answers off or there are no digits.
    ///
    /// Each brand names one product (``BrandDetection/paymentProductIds(offered:)``), restricted
    /// to the products of the last product list this session fetched; several brands (a
    /// co-badged card) become co-brands. An ambiguous answer is `unknown` with the candidate
    /// ``IINLookupResult/brands``.
    package func offlineIINDetails(forPartialCardNumber number: String) -> IINLookupResult? {
        guard let detector = configuration.offlineBrandDetector, let digits = CardNumberDigits.digits(of: number), !digits.isEmpty else { return nil }
        guard let detection = try? detector.detect(digits) else { return IINLookupResult(status: .unknown, source: .offline) }
        let brands = detection.brands.map(\.id)
        guard !detection.isAmbiguous else {
            return IINLookupResult(status: .unknown, source: .offline, brands: brands)
        }
        let ids = detection.paymentProductIds(offered: offeredProducts.current)
        guard let first = ids.first else {
            return IINLookupResult(status: .unknown, source: .offline, brands: brands)
        }
        let coBrands = ids.count > 1 ? ids.map { IINDetailsResponse.CoBrand(paymentProductId: $0, isAllowedInContext: true) } : []
        let details = IINDetailsResponse(paymentProductId: first, isAllowedInContext: true, coBrands: coBrands)
        return IINLookupResult(status: .supported, source: .offline, details: details, brands: brands)
    }
}
