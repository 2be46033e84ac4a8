import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// The catalogue and services of the Server API, answered from the sandbox's product data by the
/// same code as the Client API (`ClientAPIRouter`, through the sandbox's `SandboxRouter`):
/// products, product groups, networks, directories, customer details, payment product sessions, IIN details, the privacy policy,
/// amount conversion, DCC rates and surcharges. Plus the services with nothing to look up:
/// `testconnection` (`{"result": "OK"}`), device fingerprints, installments, bank-account
/// conversion and risk assessments (fixed, documented answers).
extension ServerAPI {
    /// A catalogue call: the Client API's answer (``ServerAPICatalogue``), its errors in the
    /// category of the call's platform.
    package func catalogue(_ question: CatalogueQuestion, _ call: Call) -> Answer {
        Answer(recategorised(call.catalogue.answer(question), call.version))
    }

    /// `services/testconnection`: `{"result": "OK"}`.
    package func testConnection(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, ["result": "OK"]))
    }

    /// Connect's `products/{id}/deviceFingerprint` and `productgroups/{id}/deviceFingerprint`.
    package func deviceFingerprintSession(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, ["deviceFingerprintTransactionId": .string("sandbox" + UUID().uuidString.prefix(8).lowercased()), "html": ""]))
    }

    /// Connect's `payments/{id}/devicefingerprint`.
    package func deviceFingerprint(_ call: Call) throws(ServerAPIError) -> Answer {
        guard call.ledger.payment(withId: call.id) != nil else { throw unknown("payment", property: "paymentId", call.version) }
        return Answer(.json(200, ["paymentId": .string(call.id), "rawDeviceFingerprintOutput": ""]))
    }

    /// Connect's `installments/getInstallmentsInfo`: no options.
    package func getInstallmentsInfo(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, ["installmentOptions": []]))
    }

    /// Connect's `services/convert/bankaccount`: a fixed test answer.
    package func convertBankAccount(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, ["bankAccountNumber": ["iban": "NL91ABNA0417164300", "accountHolderName": "Sandbox"], "bic": "ABNANL2A", "isValid": true]))
    }

    /// Connect's `riskassessments/cards` and `riskassessments/bankaccounts`: `ACCEPTED`.
    package func assessRisk(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, ["results": [["category": "sandbox", "result": "ACCEPTED", "retaildecisions": ["fraudCode": "0000", "fraudNeural": "0"]]]]))
    }

    /// A Client API error answer with the category `version`'s platform writes.
    private func recategorised(_ response: HTTPResponse, _ version: ServerAPIVersion) -> HTTPResponse {
        guard response.status >= 400, version == .v2, case .object(let body)? = try? JSONParser().parse(response.body),
              case .array(let items)? = body["errors"]
        else { return response }
        var result = JSONObject()
        for member in body {
            guard member.key == "errors" else {
                result.append(member.key, member.value)
                continue
            }
            result.append("errors", .array(items.map { item in
                guard case .object(let object) = item else { return item }
                var copy = JSONObject()
                for field in object {
                    if field.key == "category", field.value == "CONNECT_PLATFORM_ERROR" {
                        copy.append("category", .string(version.platformErrorCategory))
                    } else {
                        copy.append(field.key, field.value)
                    }
                }
                return .object(copy)
            }))
        }
        var copy = response
        copy.body = JSONWriter().bytes(from: .object(result))
        return copy
    }
}
