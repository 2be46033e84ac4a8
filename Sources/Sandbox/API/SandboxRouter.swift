import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// Answers the sandbox's requests: the Client API calls below `/client/v1/<customerId>/`, the
/// sandbox payments endpoint, the Saferpay card-post stand-in and placeholder assets. Pure: a request in, a response out.
struct SandboxRouter: Sendable {
    let data: SandboxData
    let customerId: String
    let clientSessionId: String
    let brandDetector: BrandDetector
    /// The Saferpay card-post stand-in (holds the tokens it issued).
    let saferpay: SaferpayStandIn

    /// The answer to `request`; `fromLoopback` says whether the peer is on this machine.
    func respond(to request: HTTPRequest, fromLoopback: Bool) -> HTTPResponse {
        guard let segments = request.pathSegments, let query = request.queryItems else {
            return SandboxErrorBody.badRequest("the path or query has a malformed percent escape")
        }
        switch segments.first {
        case "client":
            return clientAPI(request, segments: Array(segments.dropFirst()), query: query)
        case "sandbox" where segments == ["sandbox", "v1", "payments"]:
            guard request.method == "POST" else { return methodNotAllowed("POST") }
            guard fromLoopback else {
                return SandboxErrorBody.response(403, code: "SANDBOX_FORBIDDEN", id: "SANDBOX_FORBIDDEN", message: "the payments endpoint answers loopback clients only")
            }
            return SandboxPayments(data: data, clientSessionId: clientSessionId).respond(to: request.body)
        case "saferpay":
            guard fromLoopback else {
                return SaferpayStandIn.error(403, name: "PERMISSION_DENIED", behavior: "DO_NOT_RETRY", message: "the Saferpay stand-in answers loopback clients only")
            }
            return saferpay.respond(to: request, segments: Array(segments.dropFirst()))
        case "assets":
            guard request.method == "GET" else { return methodNotAllowed("GET") }
            let path = segments.dropFirst().joined(separator: "/")
            guard data.assetPaths.contains(path) else { return SandboxErrorBody.notFound("no such asset") }
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "image/png")], body: Self.placeholderPNG)
        default:
            return SandboxErrorBody.notFound("no such path")
        }
    }

    // MARK: - The Client API

    private func clientAPI(_ request: HTTPRequest, segments: [String], query: [(name: String, value: String)]) -> HTTPResponse {
        guard segments.count >= 3, segments[0] == "v1" else { return SandboxErrorBody.notFound("no such path") }
        let rest = Array(segments.dropFirst(2))
        guard let (method, handler) = route(rest) else { return SandboxErrorBody.notFound("no such path") }
        guard request.header("Authorization") == "GCS v1Client:\(clientSessionId)" else { return SandboxErrorBody.unauthorized }
        guard segments[1] == customerId else {
            return SandboxErrorBody.response(404, code: "SANDBOX_UNKNOWN_CUSTOMER", id: "SANDBOX_UNKNOWN_CUSTOMER", message: "no such customer", propertyName: "customerId")
        }
        guard request.method == method else { return methodNotAllowed(method) }
        return handler(Parameters(items: query), request.body)
    }

    private typealias Handler = (Parameters, [UInt8]) -> HTTPResponse

    /// The method and handler of a path below the customer, or `nil` when there is none.
    private func route(_ path: [String]) -> (String, Handler)? {
        let router = self
        if path == ["products"] { return ("GET", { parameters, _ in router.products(parameters) }) }
        if path == ["productgroups"] { return ("GET", { parameters, _ in router.groups(parameters) }) }
        if path == ["crypto", "publickey"] { return ("GET", { _, _ in .json(200, router.data.publicKeyResponse.json) }) }
        if path == ["services", "getIINdetails"] { return ("POST", { _, body in router.iinDetails(body) }) }
        if path == ["services", "convert", "amount"] { return ("GET", { parameters, _ in router.convert(parameters) }) }
        if path.count == 2, path[0] == "products" { return ("GET", { parameters, _ in router.product(path[1], parameters) }) }
        if path.count == 2, path[0] == "productgroups" { return ("GET", { parameters, _ in router.group(path[1], parameters) }) }
        guard path.count == 3 else { return nil }
        switch (path[0], path[2]) {
        case ("products", "networks"): return ("GET", { parameters, _ in router.networks(path[1], parameters) })
        case ("products", "directory"): return ("GET", { parameters, _ in router.directory(path[1], parameters) })
        case ("products", "customerDetails"): return ("POST", { _, body in router.customerDetails(path[1], body) })
        case ("payments", "thirdpartystatus"): return ("GET", { _, _ in router.thirdPartyStatus(path[1]) })
        default: return nil
        }
    }

    /// Query parameters: the last value of each name wins.
    struct Parameters {
        let items: [(name: String, value: String)]
        subscript(name: String) -> String? { items.last { $0.name == name }?.value }
    }

    /// A payment context read from the query: country and currency required, amount and
    /// isRecurring optional.
    /// An answer that ends a request early.
    struct Rejection: Error {
        let response: HTTPResponse
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
    static func offers(_ product: PaymentProduct, in context: PaymentContext) -> Bool {
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
    private static func list<Model>(_ key: String, _ items: [SandboxData.Item<Model>], hidingFields: Bool) -> HTTPResponse {
        var body = Array("{\"\(key)\":[".utf8)
        body.reserveCapacity(items.reduce(body.count + 2) { $0 + $1.body.count + 1 })
        for (index, item) in items.enumerated() {
            if index > 0 { body.append(UInt8(ascii: ",")) }
            body += hidingFields ? item.bodyWithoutFields : item.body
        }
        body += Array("]}".utf8)
        return .json(200, body: body)
    }

    private func products(_ parameters: Parameters) -> HTTPResponse {
        do {
            let context = try context(parameters)
            return Self.list("paymentProducts", data.products.filter { Self.offers($0.model, in: context) },
                             hidingFields: hidesFields(parameters))
        } catch {
            return error.response
        }
    }

    private func product(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        do {
            let context = try context(parameters)
            guard let item = data.product(withId: id), Self.offers(item.model, in: context) else { return SandboxErrorBody.unknownProduct() }
            return .json(200, body: item.body)
        } catch {
            return error.response
        }
    }

    private func groups(_ parameters: Parameters) -> HTTPResponse {
        do {
            _ = try context(parameters)
            return Self.list("paymentProductGroups", data.groups, hidingFields: hidesFields(parameters))
        } catch {
            return error.response
        }
    }

    private func group(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        do {
            _ = try context(parameters)
            guard let item = data.group(withId: id) else { return SandboxErrorBody.unknownProduct(property: "paymentProductGroupId") }
            return .json(200, body: item.body)
        } catch {
            return error.response
        }
    }

    private func networks(_ id: String, _ parameters: Parameters) -> HTTPResponse {
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

    private func directory(_ id: String, _ parameters: Parameters) -> HTTPResponse {
        guard parameters["countryCode"] != nil, parameters["currencyCode"] != nil else {
            return SandboxErrorBody.badRequest("countryCode and currencyCode are required", property: parameters["countryCode"] == nil ? "countryCode" : "currencyCode")
        }
        guard data.product(withId: id) != nil else { return SandboxErrorBody.unknownProduct() }
        guard let directory = data.directories[id] else { return SandboxErrorBody.notFound("product \(id) has no directory") }
        return .json(200, directory)
    }

    private func convert(_ parameters: Parameters) -> HTTPResponse {
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

    private func thirdPartyStatus(_ paymentId: String) -> HTTPResponse {
        let lowered = paymentId.lowercased()
        let status = lowered.hasSuffix("-waiting") ? "WAITING" : lowered.hasSuffix("-initialized") ? "INITIALIZED"
            : lowered.hasSuffix("-authorized") ? "AUTHORIZED" : "COMPLETED"
        return .json(200, ["thirdPartyStatus": .string(status)])
    }

    private func customerDetails(_ id: String, _ body: [UInt8]) -> HTTPResponse {
        guard data.product(withId: id) != nil else { return SandboxErrorBody.unknownProduct() }
        guard let json = try? JSONParser().parse(body), case .string(let country)? = json["countryCode"],
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

    private func iinDetails(_ body: [UInt8]) -> HTTPResponse {
        guard let json = try? JSONParser().parse(body), case .object = json else {
            return SandboxErrorBody.badRequest("the body must be a JSON object {\"bin\": \"...\"}", property: "bin")
        }
        guard case .string(let bin)? = json["bin"], (6...19).contains(bin.count), bin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return SandboxErrorBody.badRequest("bin must be a string of 6 to 19 digits", property: "bin")
        }
        var context: PaymentContext?
        if let paymentContext = json["paymentContext"], paymentContext != .null {
            guard let read = Self.iinContext(paymentContext) else {
                return SandboxErrorBody.badRequest(
                    "paymentContext must have amountOfMoney {amount, currencyCode}, countryCode and optionally isRecurring", property: "paymentContext")
            }
            context = read
        }
        let detection = (try? brandDetector.detect(bin)) ?? .unknown
        let offered: Set<Int> = Set(data.products.compactMap { Int($0.model.id) })
        let ids = detection.isAmbiguous ? [] : detection.paymentProductIds(offered: offered)
        guard let first = ids.first else {
            return SandboxErrorBody.response(404, code: "SANDBOX_UNKNOWN_IIN", id: "SANDBOX_UNKNOWN_IIN", message: "no product matches this IIN", propertyName: "bin")
        }
        func allowed(_ id: Int) -> Bool {
            guard let context, let item = data.product(withId: String(id)) else { return true }
            return Self.offers(item.model, in: context)
        }
        var answer = JSONObject([(key: "paymentProductId", value: .number(String(first))), (key: "countryCode", value: "99")])
        if context != nil { answer.append("isAllowedInContext", .bool(allowed(first))) }
        if ids.count > 1 {
            answer.append("coBrands", .array(ids.map { id in
                var coBrand = JSONObject([(key: "paymentProductId", value: .number(String(id)))])
                if context != nil { coBrand.append("isAllowedInContext", .bool(allowed(id))) }
                return .object(coBrand)
            }))
        }
        return .json(200, .object(answer))
    }

    /// The IIN request's payment context; amounts and flags as JSON numbers and booleans (the
    /// API's types) or as strings (what the Connect Swift SDKs send).
    private static func iinContext(_ json: JSONValue) -> PaymentContext? {
        guard case .string(let country)? = json["countryCode"], let money = json["amountOfMoney"],
              case .string(let currency)? = money["currencyCode"]
        else { return nil }
        let amount: Int
        switch money["amount"] {
        case .number(let text)?, .string(let text)?:
            guard let value = Int(text) else { return nil }
            amount = value
        default: return nil
        }
        var recurring = false
        switch json["isRecurring"] {
        case nil, .null?: break
        case .bool(let flag)?: recurring = flag
        case .string(let text)? where text == "true" || text == "false": recurring = text == "true"
        default: return nil
        }
        return PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: country, isRecurring: recurring)
    }

    private func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = SandboxErrorBody.response(405, code: "SANDBOX_METHOD_NOT_ALLOWED", id: "SANDBOX_METHOD_NOT_ALLOWED", message: "use \(allowed)")
        response.headers.append(HTTPHeaderField("Allow", allowed))
        return response
    }

    /// A 1×1 transparent PNG, served for every asset the products mention.
    static let placeholderPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01,
        0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41,
        0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49,
        0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
