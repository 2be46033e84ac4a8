import Foundation
import PaymentFormEncryption
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// The Client API calls outside the card flow that the JavaScript SDKs make: the privacy policy
/// and the Apple Pay merchant session.
extension ClientAPIRouter {
    /// The privacy policy the sandbox answers, for every product and locale: a fixed test text.
    package static let privacyPolicyHTML = "<p>Sandbox privacy policy: a fixed test text from payform sandbox, a local test tool. "
        + "No data leaves this machine and nothing you enter is stored.</p>"

    /// `GET services/privacypolicy[?locale=…&paymentProductId=…]` → `{"htmlContent": "<p>…</p>"}`.
    package func privacyPolicy(_ parameters: Parameters) -> HTTPResponse {
        if let id = parameters["paymentProductId"] {
            guard !id.isEmpty, id.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else {
                return SandboxErrorBody.badRequest("paymentProductId must be an integer", property: "paymentProductId")
            }
            guard data.product(withId: id) != nil else { return SandboxErrorBody.unknownProduct(property: "paymentProductId") }
        }
        return .json(200, ["htmlContent": .string(Self.privacyPolicyHTML)])
    }

    /// `POST products/{id}/sessions` with `{"paymentProductSession302SpecificInput":
    /// {"displayName", "domainName", "validationUrl"}}` → `{"paymentProductSession302SpecificOutput":
    /// {"sessionObject": "<JSON text>"}}`: an Apple Pay merchant session for product 302 (served or
    /// not: validating a merchant does not depend on the product list), 404 for any other product.
    ///
    /// The session object has the shape Apple's merchant validation returns, marked as a test
    /// object that no Apple Pay sheet accepts.
    package func paymentProductSession(_ id: String, _ body: [UInt8]) -> HTTPResponse {
        guard id == "302" else { return SandboxErrorBody.unknownProduct() }
        let input: JSONValue?
        switch SandboxJSONBody.value(body) {
        case .success(let json): input = json["paymentProductSession302SpecificInput"]
        case .failure(let problem):
            return SandboxErrorBody.badRequest(
                problem.message("the body must be a JSON object {\"paymentProductSession302SpecificInput\": {\"displayName\", \"domainName\", \"validationUrl\"}}"),
                property: "paymentProductSession302SpecificInput")
        }
        guard case .object? = input else {
            return SandboxErrorBody.badRequest(
                "paymentProductSession302SpecificInput is required: {\"displayName\", \"domainName\", \"validationUrl\"}",
                property: "paymentProductSession302SpecificInput")
        }
        var values: [String: String] = [:]
        for name in ["displayName", "domainName", "validationUrl"] {
            guard case .string(let text)? = input?[name], !text.isEmpty else {
                return SandboxErrorBody.badRequest("\(name) is required (a non-empty string)", property: "paymentProductSession302SpecificInput.\(name)")
            }
            values[name] = text
        }
        let now = Int((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let token = UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let session: JSONValue = .object(JSONObject([
            (key: "epochTimestamp", value: .number(String(now))),
            (key: "expiresAt", value: .number(String(now + 5 * 60 * 1000))),
            (key: "merchantSessionIdentifier", value: .string("SANDBOX-TEST-SESSION-\(token)")),
            (key: "nonce", value: .string(String(token.prefix(8)).lowercased())),
            (key: "merchantIdentifier", value: .string("SANDBOX-TEST-MERCHANT-NOT-FOR-PRODUCTION")),
            (key: "domainName", value: .string(values["domainName"] ?? "")),
            (key: "displayName", value: .string(values["displayName"] ?? "")),
            (key: "signature", value: .string(Base64.encode(Array("payform sandbox test signature".utf8)))),
            (key: "retries", value: 0),
        ]))
        return .json(200, [
            "paymentProductSession302SpecificOutput": ["sessionObject": .string(JSONWriter().string(from: session))],
        ])
    }
}
