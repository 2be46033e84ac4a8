import Foundation
import PaymentFormJSON

/// The Client API error bodies the sandbox answers with:
/// `{"errorId": "<uuid>", "errors": [{"code", "errorCode", "id", "category", "message", "propertyName", "httpStatusCode"}]}`.
///
/// Each error item carries its code twice, as `code` (what the Connect Client API and its SDKs
/// read) and as `errorCode` (what the Online Payments Client API and its SDKs read), so a client
/// of either platform sees it.
///
/// Codes the real API also uses: `9002` MISSING_OR_INVALID_AUTHORIZATION (401) and `1007`
/// UNKNOWN_PRODUCT_ID (404). The others are the sandbox's own, prefixed `SANDBOX_`.
enum SandboxErrorBody {
    static func response(_ status: Int, code: String, id: String, message: String, propertyName: String? = nil) -> HTTPResponse {
        var error = JSONObject([
            (key: "code", value: .string(code)),
            (key: "errorCode", value: .string(code)),
            (key: "id", value: .string(id)),
            (key: "category", value: .string(code.hasPrefix("SANDBOX_") ? "SANDBOX" : "CONNECT_PLATFORM_ERROR")),
            (key: "message", value: .string(message)),
        ])
        if let propertyName { error.append("propertyName", .string(propertyName)) }
        error.append("httpStatusCode", .number(String(status)))
        return .json(status, [
            "errorId": .string(UUID().uuidString.lowercased()),
            "errors": [.object(error)],
        ])
    }

    static var unauthorized: HTTPResponse {
        response(401, code: "9002", id: "MISSING_OR_INVALID_AUTHORIZATION", message: "MISSING_OR_INVALID_AUTHORIZATION")
    }

    static func unknownProduct(property: String = "productId") -> HTTPResponse {
        response(404, code: "1007", id: "UNKNOWN_PRODUCT_ID", message: "UNKNOWN_PRODUCT_ID", propertyName: property)
    }

    static func badRequest(_ message: String, property: String? = nil) -> HTTPResponse {
        response(400, code: "SANDBOX_BAD_REQUEST", id: "SANDBOX_BAD_REQUEST", message: message, propertyName: property)
    }

    static func notFound(_ message: String) -> HTTPResponse {
        response(404, code: "SANDBOX_NOT_FOUND", id: "SANDBOX_NOT_FOUND", message: message)
    }
}
