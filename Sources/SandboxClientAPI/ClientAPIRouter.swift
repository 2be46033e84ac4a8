import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// Answers the Client API calls below `/client/v1/<customerId>/` (and `/client/v2/<customerId>/`
/// for the calls the API versions so) and the placeholder assets below `/assets/`, from the
/// sandbox's product data; the Server API's catalogue calls reuse its handlers. A request in, a
/// response out.
package struct ClientAPIRouter: Sendable {
    package let data: SandboxData
    /// The client sessions the Client API accepts.
    package let sessions: SandboxSessions
    package let brandDetector: BrandDetector
    /// Which web pages may call the Client API and fetch assets from a browser.
    package var cors = SandboxCORS()

    package init(data: SandboxData, sessions: SandboxSessions, brandDetector: BrandDetector, cors: SandboxCORS = SandboxCORS()) {
        self.data = data
        self.sessions = sessions
        self.brandDetector = brandDetector
        self.cors = cors
    }

    /// The answer to a Client API call; `segments` is the path after `client`.
    package func respondToClientAPI(_ request: HTTPRequest, segments: [String], query: [(name: String, value: String)]) -> HTTPResponse {
        // A browser's preflight carries no Authorization: it is answered before any check.
        if SandboxCORS.isPreflight(request) { return cors.preflight(request) }
        return cors.decorate(clientAPI(request, segments: segments, query: query), for: request)
    }

    /// The answer to an asset request; `path` is the path after `assets/`.
    package func respondToAsset(_ request: HTTPRequest, path: String) -> HTTPResponse {
        if SandboxCORS.isPreflight(request) { return cors.preflight(request) }
        return cors.decorate(asset(request, path: path), for: request)
    }

    /// A logo or tooltip image the products mention, drawn (``SandboxBadge``), with the
    /// validators an asset server sends (`ETag`, `Last-Modified`); a conditional `GET` that names
    /// them (`If-None-Match`, else `If-Modified-Since`) gets `304 Not Modified`, so an app's asset
    /// store can be tried against the sandbox.
    private func asset(_ request: HTTPRequest, path: String) -> HTTPResponse {
        guard request.method == "GET" else { return methodNotAllowed("GET") }
        guard let badge = data.assets[path] else { return SandboxErrorBody.notFound("no such asset") }
        let validators = [HTTPHeaderField("ETag", Self.assetETag), HTTPHeaderField("Last-Modified", Self.assetLastModified)]
        let notModified = if let tags = request.header("If-None-Match") {
            tags == "*" || tags.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == Self.assetETag }
        } else {
            request.header("If-Modified-Since") == Self.assetLastModified
        }
        if notModified { return HTTPResponse(status: 304, headers: HTTPHeaders(validators)) }
        return HTTPResponse(status: 200, headers: HTTPHeaders([HTTPHeaderField("Content-Type", "image/svg+xml")] + validators), body: badge.svg)
    }

    /// The assets' entity tag and date (what is drawn for a path never changes while the sandbox runs).
    package static let assetETag = #""sandbox-badge-1""#
    package static let assetLastModified = "Sun, 01 Nov 2026 00:00:00 GMT"

    // MARK: - The Client API

    /// The versions in Client API paths: `v1` for every call, `v2` for the calls the Online
    /// Payments API moved there (`services/dccrate`).
    package enum APIVersion: String, Sendable {
        case v1, v2
    }

    private func clientAPI(_ request: HTTPRequest, segments: [String], query: [(name: String, value: String)]) -> HTTPResponse {
        guard segments.count >= 3, let version = APIVersion(rawValue: segments[0]) else { return SandboxErrorBody.noSuchRoute }
        let rest = Array(segments.dropFirst(2))
        let found = route(rest)
        guard let route = found else { return SandboxErrorBody.noSuchRoute }
        guard route.version == version else {
            return SandboxErrorBody.notFound("this call is under /client/\(route.version.rawValue)/, not /client/\(version.rawValue)/")
        }
        guard let session = sessions.session(authorization: request.header("Authorization")) else { return SandboxErrorBody.unauthorized }
        guard segments[1] == session.customerId else {
            return SandboxErrorBody.response(404, code: "SANDBOX_UNKNOWN_CUSTOMER", id: "SANDBOX_UNKNOWN_CUSTOMER", message: "no such customer", propertyName: "customerId")
        }
        guard request.method == route.method else { return methodNotAllowed(route.method) }
        // Texts: the call's locale, else the session's, else the browser's Accept-Language.
        let fallbackLocale = session.locale ?? DefinitionTexts.language(forAcceptLanguage: request.header("Accept-Language"))
        return route.handler(Parameters(items: query, fallbackLocale: fallbackLocale), request.body)
    }

    private typealias Handler = (Parameters, [UInt8]) -> HTTPResponse

    /// A call: its version, method and handler.
    private struct Route {
        package var version = APIVersion.v1
        package let method: String
        package let handler: Handler
    }

    /// The call at a path below the customer, or `nil` when there is none.
    private func route(_ path: [String]) -> Route? {
        let router = self
        switch path {
        case ["products"]: return Route(method: "GET") { parameters, _ in router.products(parameters) }
        case ["productgroups"]: return Route(method: "GET") { parameters, _ in router.groups(parameters) }
        case ["crypto", "publickey"]: return Route(method: "GET") { _, _ in .json(200, router.data.publicKeyResponse.json) }
        case ["services", "getIINdetails"]: return Route(method: "POST") { _, body in router.iinDetails(body) }
        case ["services", "convert", "amount"]: return Route(method: "GET") { parameters, _ in router.convert(parameters) }
        case ["services", "privacypolicy"]: return Route(method: "GET") { parameters, _ in router.privacyPolicy(parameters) }
        // The Online Payments SDKs spell it both ways.
        case ["services", "surchargeCalculation"], ["services", "surchargecalculation"]:
            return Route(method: "POST") { _, body in router.surchargeCalculation(body) }
        case ["services", "dccrate"]: return Route(version: .v2, method: "POST") { _, body in router.dccRate(body) }
        default: break
        }
        if path.count == 2, path[0] == "products" { return Route(method: "GET") { parameters, _ in router.product(path[1], parameters) } }
        if path.count == 2, path[0] == "productgroups" { return Route(method: "GET") { parameters, _ in router.group(path[1], parameters) } }
        guard path.count == 3 else { return nil }
        switch (path[0], path[2]) {
        case ("products", "networks"): return Route(method: "GET") { parameters, _ in router.networks(path[1], parameters) }
        case ("products", "directory"): return Route(method: "GET") { parameters, _ in router.directory(path[1], parameters) }
        case ("products", "customerDetails"): return Route(method: "POST") { _, body in router.customerDetails(path[1], body) }
        case ("products", "sessions"): return Route(method: "POST") { _, body in router.paymentProductSession(path[1], body) }
        case ("payments", "thirdpartystatus"): return Route(method: "GET") { _, _ in router.thirdPartyStatus(path[1]) }
        default: return nil
        }
    }

    /// Query parameters: the last value of each name wins.
    package struct Parameters {
        package let items: [(name: String, value: String)]
        /// The locale of a call that names none (the session's, or the request's Accept-Language).
        package var fallbackLocale: String?

        package init(items: [(name: String, value: String)], fallbackLocale: String?) {
            self.items = items
            self.fallbackLocale = fallbackLocale
        }

        package subscript(name: String) -> String? { items.last { $0.name == name }?.value }

        /// The locale the texts are served in: the query's `locale`, else ``fallbackLocale``.
        package var locale: String? {
            if let locale = self["locale"], !locale.isEmpty { return locale }
            return fallbackLocale
        }
    }

    /// A payment context read from the query: country and currency required, amount and
    /// isRecurring optional.
    /// An answer that ends a request early.
    package struct Rejection: Error {
        package let response: HTTPResponse
    }

    private func context(_ parameters: Parameters) throws(Rejection) -> PaymentContext {
        guard let country = parameters["countryCode"], country.count == 2, country.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw Rejection(response: SandboxErrorBody.badRequest("countryCode must be two letters", property: "countryCode"))
        }
        guard let currency = parameters["currencyCode"], currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw Rejection(response: SandboxErrorBody.badRequest("currencyCode must be three letters", property: "currencyCode"))
        }
        var amount = 0
        if let text = parameters["amount"] {
            guard let value = Int(text), value >= 0, text.allSatisfy(\.isASCII) else {
                throw Rejection(response: SandboxErrorBody.badRequest("amount must be a non-negative integer", property: "amount"))
            }
            amount = value
        }
        var recurring = false
        if let text = parameters["isRecurring"] {
            guard text == "true" || text == "false" else {
                throw Rejection(response: SandboxErrorBody.badRequest("isRecurring must be true or false", property: "isRecurring"))
            }
            recurring = text == "true"
        }
        return PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: country, isRecurring: recurring)
    }

    /// Whether `product` is offered in `context`: within its amount bounds, and allowing
    /// recurring payments when the context is recurring.
    package static func offers(_ product: PaymentProduct, in context: PaymentContext) -> Bool {
        if let minimum = product.minAmount, context.amountOfMoney.amount < minimum { return false }
        if let maximum = product.maxAmount, context.amountOfMoney.amount > maximum { return false }
        if context.isRecurring, !product.allowsRecurring { return false }
        return true
    }

    /// Whether the query asks for the items without their fields (`hide=fields`).
    private func hidesFields(_ parameters: Parameters) -> Bool {
        parameters.items.contains { $0.name == "hide" && $0.value.split(separator: ",").contains("fields") }
    }

    /// `{"KEY":[item,item,...]}` from the items' written JSON: the bytes `JSONWriter` writes for
    /// that object (a test holds the two to it).
    private static func list<Model>(_ key: String, _ items: [SandboxData.Item<Model>], language: String, hidingFields: Bool) -> HTTPResponse {
        var body = Array("{\"\(key)\":[".utf8)
        let bodies = items.map { $0.body(language: language, hidingFields: hidingFields) }
        body.reserveCapacity(bodies.reduce(body.count + 2) { $0 + $1.count + 1 })
        for (index, itemBody) in bodies.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += itemBody
        }
        body += Array("]}".utf8)
        return .json(200, body: body)
    }

    package func products(_ parameters: Parameters) -> HTTPResponse {
        do {
            let context = try context(parameters)
            return Self.list("paymentProducts", data.products.filter { Self.offers($0.model, in: context) },
                             language: DefinitionTexts.language(for: parameters.locale), hidingFields: hidesFields(parameters))
        } catch {
            return error.response
        }
    }

    package func product(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        do {
            let context = try context(parameters)
            guard let item = data.product(withId: id), Self.offers(item.model, in: context) else { return SandboxErrorBody.unknownProduct() }
            return .json(200, body: item.body(language: DefinitionTexts.language(for: parameters.locale), hidingFields: false))
        } catch {
            return error.response
        }
    }

    package func groups(_ parameters: Parameters) -> HTTPResponse {
        do {
            _ = try context(parameters)
            return Self.list("paymentProductGroups", data.groups, language: DefinitionTexts.language(for: parameters.locale),
                             hidingFields: hidesFields(parameters))
        } catch {
            return error.response
        }
    }

    package func group(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        do {
            _ = try context(parameters)
            guard let item = data.group(withId: id) else { return SandboxErrorBody.unknownProduct(property: "paymentProductGroupId") }
            return .json(200, body: item.body(language: DefinitionTexts.language(for: parameters.locale), hidingFields: false))
        } catch {
            return error.response
        }
    }

    package func networks(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        do {
            _ = try context(parameters)
        } catch {
            return error.response
        }
        guard let item = data.product(withId: id) else { return SandboxErrorBody.unknownProduct() }
        for key in ["paymentProduct302SpecificData", "paymentProduct320SpecificData"] {
            if case .array(let networks)? = item.json[key]?["networks"] {
                return .json(200, ["networks": .array(networks)])
            }
        }
        return SandboxErrorBody.notFound("product \(id) has no networks (only wallet products such as 302 and 320 do)")
    }

    package func directory(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        guard parameters["countryCode"] != nil, parameters["currencyCode"] != nil else {
            return SandboxErrorBody.badRequest("countryCode and currencyCode are required", property: parameters["countryCode"] == nil ? "countryCode" : "currencyCode")
        }
        guard data.product(withId: id) != nil else { return SandboxErrorBody.unknownProduct() }
        guard let directory = data.directories[id] else { return SandboxErrorBody.notFound("product \(id) has no directory") }
        return .json(200, directory)
    }

    package func convert(_ parameters: Parameters) -> HTTPResponse {
        guard let source = parameters["source"], let target = parameters["target"], let text = parameters["amount"], let amount = Int(text) else {
            return SandboxErrorBody.badRequest("source, target and amount (an integer) are required", property: "amount")
        }
        guard let converted = ConversionRates.convert(amount, from: source, to: target) else {
            return SandboxErrorBody.badRequest(
                "the sandbox converts amounts from 0 to \(ConversionRates.maximumAmount) between \(ConversionRates.currencies.joined(separator: ", ")) only",
                property: ConversionRates.table[source] == nil ? "source" : ConversionRates.table[target] == nil ? "target" : "amount")
        }
        return .json(200, ["convertedAmount": .number(String(converted))])
    }

    package func thirdPartyStatus(_ paymentId: String) -> HTTPResponse {
        let lowered = paymentId.lowercased()
        let status = lowered.hasSuffix("-waiting") ? "WAITING" : lowered.hasSuffix("-initialized") ? "INITIALIZED"
            : lowered.hasSuffix("-authorized") ? "AUTHORIZED" : "COMPLETED"
        return .json(200, ["thirdPartyStatus": .string(status)])
    }

    package func customerDetails(_ id: String, _ body: [UInt8]) -> HTTPResponse {
        guard data.product(withId: id) != nil else { return SandboxErrorBody.unknownProduct() }
        let parsed = SandboxJSONBody.value(body, rejectsDuplicateKeys: false)
        if case .failure(let problem) = parsed {
            return SandboxErrorBody.badRequest(problem.message("the body must be {\"countryCode\": \"..\", \"values\": [{\"key\": \"..\", \"value\": \"..\"}, ...]}"))
        }
        guard case .success(let json) = parsed, case .string(let country)? = json["countryCode"],
              case .array(let values)? = json["values"], !values.isEmpty
        else {
            return SandboxErrorBody.badRequest("the body must be {\"countryCode\": \"..\", \"values\": [{\"key\": \"..\", \"value\": \"..\"}, ...]}", property: "values")
        }
        var fiscalNumber: String?
        for value in values {
            guard case .string(let key)? = value["key"], case .string(let text)? = value["value"] else {
                return SandboxErrorBody.badRequest("each value must be {\"key\": \"..\", \"value\": \"..\"}", property: "values")
            }
            if key == "fiscalNumber" { fiscalNumber = text }
        }
        // A fictional customer: the sandbox has no customer records.
        var details = CustomerDetails(
            city: "Amsterdam", country: country, emailAddress: "alex.sandbox@example.com", firstName: "Alex", languageCode: "en",
            phoneNumber: "+31200000000", street: "Sandboxstraat 1", surname: "Sandbox", zip: "1000 AA")
        details.fiscalNumber = fiscalNumber
        return .json(200, details.json)
    }

    package func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        SandboxErrorBody.methodNotAllowed(allowed)
    }
}
