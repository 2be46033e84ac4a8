import PaymentFormSandboxHTTP

/// The Server API's catalogue calls, answered by the Client API's own code from the same product
/// data.
extension SandboxRouter: ServerAPICatalogue {
    func answer(_ question: CatalogueQuestion) -> HTTPResponse {
        func parameters(_ items: [(name: String, value: String)]) -> Parameters { Parameters(items: items, fallbackLocale: nil) }
        switch question {
        case .products(let query): return products(parameters(query))
        case .product(let id, let query): return product(id, parameters(query))
        case .networks(let id, let query): return networks(id, parameters(query))
        case .directory(let id, let query): return directory(id, parameters(query))
        case .customerDetails(let id, let body): return customerDetails(id, body)
        case .paymentProductSession(let id, let body): return paymentProductSession(id, body)
        case .groups(let query): return groups(parameters(query))
        case .group(let id, let query): return group(id, parameters(query))
        case .iinDetails(let body): return iinDetails(body)
        case .privacyPolicy(let query): return privacyPolicy(parameters(query))
        case .convertAmount(let query): return convert(parameters(query))
        case .dccRate(let body): return dccRate(body)
        case .surchargeCalculation(let body): return surchargeCalculation(body)
        case .thirdPartyStatus(let id): return thirdPartyStatus(id)
        }
    }
}
