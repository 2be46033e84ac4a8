import Foundation
import PaymentFormEngine
import PaymentFormJSON

/// The objects the sandbox keeps without a state machine of their own beyond a status: payouts
/// (Connect: `PENDING_APPROVAL` → `PAYOUT_REQUESTED` or `CANCELLED`; Online Payments:
/// `PAYOUT_REQUESTED`), disputes (`CREATED`, `SUBMITTED`, `CANCELLED`) and their files, merchant
/// batches, hosted tokenizations, hosted mandate managements and hosted-fields sessions: created,
/// read back with their statuses, moved on where the platform offers a call. Mandates
/// (``Mandate``) and payment links (``PaymentLink``) have their own files.
extension ServerAPI {
    /// `sandbox<prefix>` and 20 hex digits: URL-safe, at most 35 characters for the prefixes used here
    /// (mandate references are at most 35).
    static func newId(_ prefix: String) -> String {
        "sandbox" + prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(20)
    }


    // MARK: - Payouts

    private func payoutJSON(_ id: String, status: String, amount: Int, currency: String, version: ServerAPIVersion) -> JSONValue {
        let code = ["PENDING_APPROVAL": 600, "PAYOUT_REQUESTED": 800, "CANCELLED": 99999, "REJECTED": 100][status] ?? 0
        let category = ["PENDING_APPROVAL": "PENDING_MERCHANT", "PAYOUT_REQUESTED": "PENDING_CONNECT_OR_3RD_PARTY"][status] ?? "UNSUCCESSFUL"
        var statusOutput = JSONObject([
            (key: "isCancellable", value: .bool(status == "PENDING_APPROVAL" || status == "PAYOUT_REQUESTED")),
            (key: "statusCategory", value: .string(category)),
            (key: "statusCode", value: .number(String(code))),
            (key: "statusCodeChangeDateTime", value: .string(ServerAPIPayment.compactTimestamp(Date()))),
        ])
        if version == .v1 { statusOutput.append("isRetriable", false) }
        return .object(JSONObject([
            (key: "id", value: .string(id)),
            (key: "status", value: .string(status)),
            (key: "statusOutput", value: .object(statusOutput)),
            (key: "payoutOutput", value: ["amountOfMoney": ["amount": .number(String(amount)), "currencyCode": .string(currency)]]),
        ]))
    }

    func payouts(_ call: Call) throws(ServerAPIError) -> Answer {
        switch call.operation {
        case .createPayout:
            let request = try call.body()
            let moneyValue = request["amountOfMoney"] ?? request["payoutDetails"]?["amountOfMoney"]
            let property = request["amountOfMoney"] != nil ? "amountOfMoney" : "payoutDetails.amountOfMoney"
            guard let money = try ServerAPIInput.money(moneyValue, property: property, positive: true).orBadRequest() else {
                throw ServerAPIError(400, [ServerAPIInput.invalid("SANDBOX_MISSING_VALUE", "\(property) is required", property: property)])
            }
            let id = Self.newId("payout")
            let status = call.version == .v1 ? "PENDING_APPROVAL" : "PAYOUT_REQUESTED"
            let payout = payoutJSON(id, status: status, amount: money.amount, currency: money.currency, version: call.version)
            call.ledger.keep(ServerAPILedger.Record(kind: "payout", json: payout, status: status,
                                                    facts: ["amount": String(money.amount), "currency": money.currency]), id: id)
            webhooks?.post(type: "payout." + status.lowercased(), member: "payout", object: payout, merchantId: credentials.merchantId)
            var response = HTTPResponse.json(201, payout)
            response.headers.append(location(call.version, "payouts/\(id)"))
            return Answer(response)
        case .findPayouts:
            return Answer(.json(200, page(call.ledger.records("payout").map(\.json), key: "payouts", call)))
        default:
            if call.operation == .getPayout {
                guard let record = call.ledger.record("payout", call.id) else { throw unknown("payout", property: "payoutId", call.version) }
                return Answer(.json(200, record.json))
            }
            // Moved on under the lock: of racing approvals (or an approval and a cancel) one passes.
            let moved = call.ledger.updateRecord("payout", call.id) { (record: inout ServerAPILedger.Record) throws(ServerAPIError) in
                let next: String
                switch (call.operation, record.status) {
                case (.approvePayout, "PENDING_APPROVAL"): next = "PAYOUT_REQUESTED"
                case (.cancelPayout, "PENDING_APPROVAL"), (.cancelPayout, "PAYOUT_REQUESTED"), (.cancelPayoutApproval, "PENDING_APPROVAL"): next = "CANCELLED"
                default: throw .notAllowed("this is not allowed on a payout in status \(record.status)")
                }
                record.status = next
                record.json = payoutJSON(call.id, status: next, amount: Int(record.facts["amount"] ?? "") ?? 0, currency: record.facts["currency"] ?? "EUR",
                                         version: call.version)
            }
            switch moved {
            case nil: throw unknown("payout", property: "payoutId", call.version)
            case .failure(let refusal)?: throw refusal
            case .success(let record)?:
                webhooks?.post(type: "payout." + record.status.lowercased(), member: "payout", object: record.json, merchantId: credentials.merchantId)
                return Answer(call.operation == .approvePayout ? .json(200, record.json) : HTTPResponse(status: 204))
            }
        }
    }

    // MARK: - Disputes and files (Connect)

    private func disputeJSON(_ id: String, paymentId: String, status: String, amount: Int, currency: String) -> JSONValue {
        .object(JSONObject([
            (key: "id", value: .string(id)),
            (key: "paymentId", value: .string(paymentId)),
            (key: "status", value: .string(status)),
            (key: "disputeOutput", value: ["amountOfMoney": ["amount": .number(String(amount)), "currencyCode": .string(currency)], "files": []]),
            (key: "statusOutput", value: ["isCancellable": .bool(status == "CREATED"), "statusCategory": .string(status == "CANCELLED" ? "UNSUCCESSFUL" : "CREATED"),
                                          "statusCode": .number(status == "CREATED" ? "1" : "2")]),
        ]))
    }

    func disputes(_ call: Call) throws(ServerAPIError) -> Answer {
        switch call.operation {
        case .paymentDispute, .captureDispute, .paymentDisputes, .captureDisputes:
            let paymentId = call.operation == .paymentDispute || call.operation == .paymentDisputes ? call.id : PlatformIds.paymentId(of: call.id, call.version)
            let byCapture = call.operation == .captureDispute || call.operation == .captureDisputes
            guard let paymentId, let payment = call.ledger.payment(withId: paymentId),
                  !byCapture || payment.captures.contains(where: { $0.id == call.id }) else {
                throw unknown(call.operation == .captureDispute || call.operation == .captureDisputes ? "capture" : "payment",
                                      property: "paymentId", call.version)
            }
            if call.operation == .paymentDisputes || call.operation == .captureDisputes {
                let list = call.ledger.records("dispute").filter { $0.facts["paymentId"] == paymentId }.map(\.json)
                return Answer(.json(200, ["disputes": .array(list)]))
            }
            guard payment.capturedAmount > 0 else {
                throw ServerAPIError(PaymentLifecycle.wrongState("a dispute", payment, call.version))
            }
            let id = Self.newId("dispute")
            let dispute = disputeJSON(id, paymentId: paymentId, status: "CREATED", amount: payment.capturedAmount, currency: payment.currencyCode)
            call.ledger.keep(ServerAPILedger.Record(kind: "dispute", json: dispute, status: "CREATED",
                                                    facts: ["paymentId": paymentId, "amount": String(payment.capturedAmount), "currency": payment.currencyCode]), id: id)
            return Answer(.json(201, dispute))
        case .uploadDisputeFile:
            guard call.ledger.record("dispute", call.id) != nil else { throw unknown("dispute", property: "disputeId", call.version) }
            let fileId = Self.newId("file")
            call.ledger.keep(ServerAPILedger.Record(kind: "file", json: ["fileId": .string(fileId)], status: "UPLOADED",
                                                    facts: ["disputeId": call.id, "bytes": String(call.request.body.count)]), id: fileId)
            return Answer(.json(200, ["disputeId": .string(call.id), "fileId": .string(fileId)]))
        case .getFile:
            guard let record = call.ledger.record("file", call.id) else { throw unknown("file", property: "fileId", call.version) }
            let text = "sandbox dispute file \(call.id) (\(record.facts["bytes"] ?? "0") bytes uploaded; the sandbox keeps no file contents)\n"
            return Answer(HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "text/plain; charset=utf-8"),
                                                              HTTPHeaderField("Content-Disposition", "attachment; filename=\"\(call.id).txt\"")],
                                       body: Array(text.utf8)))
        default:
            if call.operation == .getDispute {
                guard let record = call.ledger.record("dispute", call.id) else { throw unknown("dispute", property: "disputeId", call.version) }
                return Answer(.json(200, record.json))
            }
            // Moved on under the lock: one transition at a time.
            let moved = call.ledger.updateRecord("dispute", call.id) { (record: inout ServerAPILedger.Record) throws(ServerAPIError) in
                let next: String
                switch (call.operation, record.status) {
                case (.submitDispute, "CREATED"): next = "SUBMITTED"
                case (.cancelDispute, "CREATED"), (.cancelDispute, "SUBMITTED"): next = "CANCELLED"
                default: throw .notAllowed("this is not allowed on a dispute in status \(record.status)")
                }
                record.status = next
                record.json = disputeJSON(call.id, paymentId: record.facts["paymentId"] ?? "", status: next, amount: Int(record.facts["amount"] ?? "") ?? 0,
                                          currency: record.facts["currency"] ?? "EUR")
            }
            switch moved {
            case nil: throw unknown("dispute", property: "disputeId", call.version)
            case .failure(let refusal)?: throw refusal
            case .success(let record)?: return Answer(.json(200, record.json))
            }
        }
    }

    // MARK: - Batches, hosted tokenization and mandate pages, the rest

    func batches(_ call: Call) throws(ServerAPIError) -> Answer {
        switch call.operation {
        case .submitBatch:
            let request = try call.body()
            var reference = Self.newId("batch")
            if case .string(let given)? = request["header"]?["merchantBatchReference"], given.count <= 40,
               given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                reference = given
            }
            let status: JSONValue = ["merchantBatchReference": .string(reference), "status": "RECEIVED"]
            call.ledger.keep(ServerAPILedger.Record(kind: "batch", json: status, status: "RECEIVED"), id: reference)
            return Answer(.json(201, ["merchantBatchReference": .string(reference)]))
        default:
            guard var record = call.ledger.record("batch", call.id) else { throw unknown("batch", property: "merchantBatchReference", call.version) }
            switch call.operation {
            case .processBatch:
                record.status = "PROCESSED"
                record.json = ["merchantBatchReference": .string(call.id), "status": "PROCESSED"]
                call.ledger.keep(record, id: call.id)
                return Answer(HTTPResponse(status: 204))
            case .getBatchPaymentsReport: return Answer(.json(200, ["merchantBatchReference": .string(call.id), "payments": []]))
            default: return Answer(.json(200, record.json))
            }
        }
    }

    /// Hosted mandate managements and hosted-fields sessions: created with an id and a URL on the
    /// sandbox (which answers no page for them), read back. (Hosted tokenizations have their own
    /// page and operations: `ServerAPI+HostedTokenizations.swift`.)
    func hostedPages(_ call: Call) throws(ServerAPIError) -> Answer {
        let kinds: [ServerAPIOperation: (kind: String, id: String)] = [
            .createHostedMandateManagement: ("hostedmandate", "hostedMandateManagementId"),
            .getHostedMandateManagement: ("hostedmandate", "hostedMandateManagementId"),
            .createHostedFieldsSession: ("hostedfields", "sessionId"), .getHostedFieldsSession: ("hostedfields", "sessionId"),
        ]
        guard let (kind, idName) = kinds[call.operation] else { return Answer(SandboxErrorBody.noSuchRoute) }
        switch call.operation {
        case .createHostedMandateManagement, .createHostedFieldsSession:
            _ = try call.body()
            let id = Self.newId(kind)
            let base = baseURL()
            var answer = JSONObject([(key: idName, value: .string(id))])
            switch call.operation {
            case .createHostedMandateManagement:
                answer.append("RETURNMAC", .string(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()))
                answer.append("partialRedirectUrl", .string(String(base.dropFirst("http://".count)) + "/sandbox/v1/hostedmandate/" + id))
            default:
                answer.append("sdkUrl", .string(base + "/sandbox/v1/hostedfields.js"))
                answer.append("sessionData", ["hostedFieldsSessionId": .string(id), "platformUrl": .string(base), "sessionToken": .string(id)])
                answer.append("invalidTokens", [])
            }
            let status: JSONValue = call.operation == .createHostedMandateManagement ? ["status": "IN_PROGRESS"] : ["status": "IN_PROGRESS", idName: .string(id)]
            call.ledger.keep(ServerAPILedger.Record(kind: kind, json: status, status: "IN_PROGRESS"), id: id)
            return Answer(.json(201, .object(answer)))
        default:
            guard let record = call.ledger.record(kind, call.id) else { throw unknown(kind, property: idName, call.version) }
            return Answer(.json(200, record.json))
        }
    }

    /// Online Payments' detokenization, certificate and card-on-file series calls: the sandbox
    /// never hands out card data, so `detokenize` answers the masked cards it keeps.
    func tokenServices(_ call: Call) throws(ServerAPIError) -> Answer {
        switch call.operation {
        case .getCardDataByTokens:
            let ids = call.query.filter { $0.name == "tokens" || $0.name == "token" }.flatMap { $0.value.split(separator: ",").map(String.init) }
            let cards: [JSONValue] = ids.compactMap { id in
                call.ledger.token(withId: id).map { ["token": .string($0.id), "cardNumber": .string($0.maskedCardNumber),
                                                     "expiryDate": $0.expiryDate.map(JSONValue.string) ?? .null] }
            }
            return Answer(.json(200, ["cards": .array(cards)]))
        case .getCardDataByPayments:
            let ids = call.query.filter { $0.name == "paymentIds" || $0.name == "paymentId" }.flatMap { $0.value.split(separator: ",").map(String.init) }
            let cards: [JSONValue] = ids.compactMap { id in
                call.ledger.payment(withId: id).flatMap { payment in payment.maskedCardNumber.map {
                    ["paymentId": .string(payment.id), "cardNumber": .string($0), "expiryDate": payment.expiryDate.map(JSONValue.string) ?? .null] } }
            }
            return Answer(.json(200, ["cards": .array(cards)]))
        case .createCertificate:
            return Answer(.json(201, ["certificate": "-----BEGIN CERTIFICATE-----\nSANDBOX-NOT-A-CERTIFICATE\n-----END CERTIFICATE-----\n"]))
        default:
            _ = try call.body()
            return Answer(.json(201, ["importedSeries": []]))
        }
    }

    /// Online Payments' `webhooks/sendtest` (posts a test event to the sandbox's webhook URL:
    /// 204, or 400 when none is set) and `webhooks/validateCredentials` (`VALID` for the
    /// sandbox's own webhook key id and secret, else `INVALID`).
    func webhookCalls(_ call: Call) throws(ServerAPIError) -> Answer {
        let request = try call.body()
        switch call.operation {
        case .sendTestWebhook:
            guard let webhooks else {
                throw ServerAPIError(400, [Self.badRequest("no webhook URL: start the sandbox with --webhook-url URL", property: "url")])
            }
            webhooks.post(type: "payment.test", member: "payment", object: ["id": "sandbox-test-event"], merchantId: credentials.merchantId)
            return Answer(HTTPResponse(status: 204))
        default:
            let key = request["key"], secret = request["secret"]
            let valid = webhooks.map { key == .string($0.keyId) && secret == .string($0.secretKey) } ?? false
            return Answer(.json(200, ["result": .string(valid ? "VALID" : "INVALID")]))
        }
    }
}
