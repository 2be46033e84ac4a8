import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// Online Payments' webhook calls.
extension ServerAPI {
    /// `webhooks/sendtest`: posts a test event to the sandbox's webhook URL (204), or 400 when
    /// none is set.
    package func sendTestWebhook(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try call.body()
        guard let webhooks else {
            throw .badRequest(Self.badRequest("no webhook URL: start the sandbox with --webhook-url URL", property: "url"))
        }
        webhooks.post(type: "payment.test", member: "payment", object: ["id": "sandbox-test-event"], merchantId: credentials.merchantId)
        return Answer(HTTPResponse(status: 204))
    }

    /// `webhooks/validateCredentials`: `VALID` for the sandbox's own webhook key id and secret,
    /// else `INVALID`.
    package func validateWebhookCredentials(_ call: Call) throws(ServerAPIError) -> Answer {
        let request = try call.body()
        let key = request["key"], secret = request["secret"]
        let valid = webhooks.map { key == .string($0.keyId) && secret == .string($0.secretKey) } ?? false
        return Answer(.json(200, ["result": .string(valid ? "VALID" : "INVALID")]))
    }
}
