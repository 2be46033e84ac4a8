import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// The error bodies the sandbox answers with, of the platform's shape:
/// `{"errorId": "<uuid>", "errors": [{"code", "errorCode", "id", "category", "message", "propertyName", "httpStatusCode"}]}`
/// (a declined payment adds `paymentResult`).
///
/// Each error item carries its code twice, as `code` (what the Connect APIs and their SDKs
/// read) and as `errorCode` (what the Online Payments APIs and their SDKs read), so a client
/// of either platform sees it.
///
/// Codes the real APIs also use: `9002` MISSING_OR_INVALID_AUTHORIZATION (401), `1007`
/// UNKNOWN_PRODUCT_ID (404), and on the Server API the codes of `ServerAPIErrorCode`. The
/// others are the sandbox's own, prefixed `SANDBOX_`.
package enum SandboxErrorBody {
    /// One error of a body.
    package struct Item: Sendable, Hashable {
        package var code: String
        package var id: String
        package var message: String
        package var propertyName: String?
        /// `nil`: `SANDBOX` for the sandbox's own codes, else the Connect platform's category.
        package var category: String?

        package init(code: String, id: String, message: String, propertyName: String? = nil, category: String? = nil) {
            self.code = code
            self.id = id
            self.message = message
            self.propertyName = propertyName
            self.category = category
        }

        /// The item's JSON for an answer of `status`; `retriable` is written when given (the
        /// Online Payments error type has it).
        package func json(status: Int, retriable: Bool? = nil) -> JSONValue {
            var error = JSONObject([
                (key: "code", value: .string(code)),
                (key: "errorCode", value: .string(code)),
                (key: "id", value: .string(id)),
                (key: "category", value: .string(category ?? (code.hasPrefix("SANDBOX_") ? "SANDBOX" : "CONNECT_PLATFORM_ERROR"))),
                (key: "message", value: .string(message)),
            ])
            if let propertyName { error.append("propertyName", .string(propertyName)) }
            error.append("httpStatusCode", .number(String(status)))
            if let retriable { error.append("retriable", .bool(retriable)) }
            return .object(error)
        }
    }

    /// An answer of `status` with `items`, then the members of `extra` (a declined payment's
    /// `paymentResult`).
    package static func response(_ status: Int, items: [Item], retriable: Bool? = nil, extra: [(key: String, value: JSONValue)] = []) -> HTTPResponse {
        var body = JSONObject([
            (key: "errorId", value: .string(UUID().uuidString.lowercased())),
            (key: "errors", value: .array(items.map { $0.json(status: status, retriable: retriable) })),
        ])
        for member in extra { body.append(member.key, member.value) }
        return .json(status, .object(body))
    }

    package static func response(_ status: Int, code: String, id: String, message: String, propertyName: String? = nil) -> HTTPResponse {
        response(status, items: [Item(code: code, id: id, message: message, propertyName: propertyName)])
    }

    package static var unauthorized: HTTPResponse {
        response(401, code: "9002", id: "MISSING_OR_INVALID_AUTHORIZATION", message: "MISSING_OR_INVALID_AUTHORIZATION")
    }

    package static func unknownProduct(property: String = "productId") -> HTTPResponse {
        response(404, code: "1007", id: "UNKNOWN_PRODUCT_ID", message: "UNKNOWN_PRODUCT_ID", propertyName: property)
    }

    package static func badRequest(_ message: String, property: String? = nil) -> HTTPResponse {
        response(400, code: "SANDBOX_BAD_REQUEST", id: "SANDBOX_BAD_REQUEST", message: message, propertyName: property)
    }

    package static func notFound(_ message: String) -> HTTPResponse {
        response(404, code: "SANDBOX_NOT_FOUND", id: "SANDBOX_NOT_FOUND", message: message)
    }

    /// A path the sandbox does not serve at all (distinct from an unknown id on a path it serves).
    package static var noSuchRoute: HTTPResponse {
        response(
            404, code: "SANDBOX_NO_SUCH_ROUTE", id: "SANDBOX_NO_SUCH_ROUTE",
            message: "the sandbox serves no such path (its paths: /client/v1|v2/<customerId>/..., /assets/..., /sandbox/v1/..., "
                + "/v1/<merchantId>/... and /v2/<merchantId>/...)")
    }
}

extension SandboxErrorBody {
    /// 405 with `Allow: <allowed>`.
    package static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        var response = response(405, code: "SANDBOX_METHOD_NOT_ALLOWED", id: "SANDBOX_METHOD_NOT_ALLOWED", message: "use \(allowed)")
        response.headers.append(HTTPHeaderField("Allow", allowed))
        return response
    }
}
