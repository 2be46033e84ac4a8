import Foundation
import PaymentFormJSON

/// The catalogue and services of the Server API, answered from the sandbox's product data by the
/// same code as the Client API (``SandboxRouter``): products, product groups, networks,
/// directories, customer details, payment product sessions, IIN details, the privacy policy,
/// amount conversion, DCC rates and surcharges. Plus the services with nothing to look up:
/// `testconnection` (`{"result": "OK"}`), device fingerprints, installments, bank-account
/// conversion and risk assessments (fixed, documented answers).
extension ServerAPI {
    func catalogue(_ call: Call, _ router: SandboxRouter) throws(ServerAPIError) -> Answer {
        let parameters = SandboxRouter.Parameters(items: call.query, fallbackLocale: nil)
        let body = call.request.body
        let response: HTTPResponse
        switch call.operation {
        case .getProducts: response = router.products(parameters)
        case .getProduct: response = router.product(call.id, parameters)
        case .getProductNetworks: response = router.networks(call.id, parameters)
        case .getProductDirectory: response = router.directory(call.id, parameters)
        case .productCustomerDetails: response = router.customerDetails(call.id, body)
        case .productSession: response = router.paymentProductSession(call.id, body)
        case .getProductGroups: response = router.groups(parameters)
        case .getProductGroup: response = router.group(call.id, parameters)
        case .getIINDetails: response = router.iinDetails(body)
        case .getPrivacyPolicy: response = router.privacyPolicy(parameters)
        case .convertAmount: response = router.convert(parameters)
        case .getDccRate: response = router.dccRate(body)
        case .surchargeCalculation: response = router.surchargeCalculation(body)
        case .thirdPartyStatus: response = router.thirdPartyStatus(call.id)
        case .testConnection: response = .json(200, ["result": "OK"])
        case .productDeviceFingerprint, .productGroupDeviceFingerprint:
            response = .json(200, ["deviceFingerprintTransactionId": .string("sandbox" + UUID().uuidString.prefix(8).lowercased()), "html": ""])
        case .deviceFingerprint:
            guard call.ledger.payment(withId: call.id) != nil else { throw unknown("payment", property: "paymentId", call.version) }
            response = .json(200, ["paymentId": .string(call.id), "rawDeviceFingerprintOutput": ""])
        case .getInstallmentsInfo:
            response = .json(200, ["installmentOptions": []])
        case .convertBankAccount:
            response = .json(200, ["bankAccountNumber": ["iban": "NL91ABNA0417164300", "accountHolderName": "Sandbox"], "bic": "ABNANL2A",
                                   "isValid": true])
        case .riskAssessmentCards, .riskAssessmentBankAccounts:
            response = .json(200, ["results": [["category": "sandbox", "result": "ACCEPTED", "retaildecisions": ["fraudCode": "0000",
                                                                                                              "fraudNeural": "0"]]]])
        default: response = SandboxErrorBody.noSuchRoute
        }
        return Answer(recategorised(response, call.version))
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
