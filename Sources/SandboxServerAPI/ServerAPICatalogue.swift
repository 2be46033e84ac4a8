import PaymentFormSandboxHTTP

/// What the Server API needs of the sandbox's product data for its catalogue and service calls:
/// the Client API's answer to each (products, product groups, networks, directories, customer
/// details, payment product sessions, IIN details, the privacy policy, amount conversion, DCC
/// rates, surcharges, a payment's third-party status). The Server API asks; the sandbox, which
/// has the Client API too, answers (``ServerAPI/respond(to:prefix:segments:catalogue:)`` takes it).
package protocol ServerAPICatalogue: Sendable {
    /// The Client API's answer to `question`.
    func answer(_ question: CatalogueQuestion) -> HTTPResponse
}

/// A catalogue or service call the Client API answers (``ServerAPICatalogue``), with what it reads:
/// the path's id, the query's items, the request's body.
package enum CatalogueQuestion: Sendable {
    case products([(name: String, value: String)])
    case product(String, [(name: String, value: String)])
    case networks(String, [(name: String, value: String)])
    case directory(String, [(name: String, value: String)])
    case customerDetails(String, [UInt8])
    case paymentProductSession(String, [UInt8])
    case groups([(name: String, value: String)])
    case group(String, [(name: String, value: String)])
    case iinDetails([UInt8])
    case privacyPolicy([(name: String, value: String)])
    case convertAmount([(name: String, value: String)])
    case dccRate([UInt8])
    case surchargeCalculation([UInt8])
    case thirdPartyStatus(String)
}
