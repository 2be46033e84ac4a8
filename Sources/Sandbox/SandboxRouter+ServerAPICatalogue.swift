import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP
import PaymentFormSandboxServerAPI

/// The Server API's catalogue calls, answered by the Client API's own code from the same product
/// data.
extension SandboxRouter: ServerAPICatalogue {
    func answer(_ question: CatalogueQuestion) -> HTTPResponse {
        func parameters(_ items: [(name: String, value: String)]) -> ClientAPIRouter.Parameters { ClientAPIRouter.Parameters(items: items, fallbackLocale: nil) }
        switch question {
        case .products(let query): return clientAPI.products(parameters(query))
        case .product(let id, let query): return clientAPI.product(id, parameters(query))
        case .networks(let id, let query): return clientAPI.networks(id, parameters(query))
        case .directory(let id, let query): return clientAPI.directory(id, parameters(query))
        case .customerDetails(let id, let body): return clientAPI.customerDetails(id, body)
        case .paymentProductSession(let id, let body): return clientAPI.paymentProductSession(id, body)
        case .groups(let query): return clientAPI.groups(parameters(query))
        case .group(let id, let query): return clientAPI.group(id, parameters(query))
        case .iinDetails(let body): return clientAPI.iinDetails(body)
        case .privacyPolicy(let query): return clientAPI.privacyPolicy(parameters(query))
        case .convertAmount(let query): return clientAPI.convert(parameters(query))
        case .dccRate(let body): return clientAPI.dccRate(body)
        case .surchargeCalculation(let body): return clientAPI.surchargeCalculation(body)
        case .thirdPartyStatus(let id): return clientAPI.thirdPartyStatus(id)
        }
    }
}
