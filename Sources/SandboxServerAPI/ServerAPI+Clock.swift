import Foundation
import PaymentFormJSON
import PaymentFormSandboxClientAPI
import PaymentFormSandboxHTTP

/// The test clock: `POST /sandbox/v1/clock/advance {"seconds": N}` (loopback only, no
/// signature: a test's own call, not the platform's) moves sandbox time on by N seconds and
/// settles what is due (``SandboxSettlement``: under `manual` everything requested so far, under
/// `after:SECONDS` what waited that long; nothing waits under `immediate`). Answers
/// `{"now": ISO 8601 sandbox time}`.
extension ServerAPI {
    package func advanceClock(_ body: [UInt8]) -> HTTPResponse {
        let object: JSONObject
        switch SandboxJSONBody.object(body) {
        case .failure(let problem):
            return SandboxErrorBody.badRequest(problem.message("the body must be a JSON object {\"seconds\": N}"))
        case .success(let value): object = value
        }
        guard case .number(let text)? = object["seconds"], let seconds = Int(text), (0...SandboxClock.maximumAdvance).contains(seconds) else {
            return SandboxErrorBody.response(
                400, code: "SANDBOX_INVALID_VALUE", id: "INVALID_VALUE",
                message: "seconds must be a whole number from 0 to \(SandboxClock.maximumAdvance)", propertyName: "seconds")
        }
        let now = clock.advance(by: seconds)
        for version in ServerAPIVersion.allCases { settleDue(version, everything: true) }
        return .json(200, ["now": .string(ServerAPIPayment.isoTimestamp(now))])
    }
}
