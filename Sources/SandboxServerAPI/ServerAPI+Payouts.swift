import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// Payouts (``Payout``): created (Connect `PENDING_APPROVAL`, Online Payments
/// `PAYOUT_REQUESTED`), listed, read, and on Connect approved or cancelled; each change posted as
/// a `payout.<status>` webhook.
extension ServerAPI {
    /// `POST …/payouts`: `amountOfMoney` (Online Payments) or `payoutDetails.amountOfMoney`
    /// (Connect), checked as an order's.
    package func createPayout(_ call: Call) throws(ServerAPIError) -> Answer {
        let request = try call.body()
        let moneyValue = request["amountOfMoney"] ?? request["payoutDetails"]?["amountOfMoney"]
        let property = request["amountOfMoney"] != nil ? "amountOfMoney" : "payoutDetails.amountOfMoney"
        guard let money = try ServerAPIInput.money(moneyValue, property: property, positive: true).orBadRequest() else {
            throw .badRequest(ServerAPIInput.invalid("SANDBOX_MISSING_VALUE", "\(property) is required", property: property))
        }
        let payout = Payout(id: Self.newId("payout"), version: call.version, amount: money.amount, currencyCode: money.currency)
        call.ledger.keep(payout, id: payout.id)
        postPayout(payout)
        var response = HTTPResponse.json(201, payout.json)
        response.headers.append(location(call.version, "payouts/\(payout.id)"))
        return Answer(response)
    }

    /// Connect's `GET …/payouts?offset=&limit=`.
    package func findPayouts(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, page(call.ledger.records(Payout.self).map(\.json), key: "payouts", call)))
    }

    /// `GET …/payouts/{id}`.
    package func getPayout(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let payout = call.ledger.record(Payout.self, call.id) else { throw unknown("payout", property: "payoutId", call.version) }
        return Answer(.json(200, payout.json))
    }

    /// Connect's `approve` (200, the payout), `cancel` and `cancelapproval` (204), moved on under
    /// the ledger's lock: of racing approvals (or an approval and a cancel) one passes.
    package func movePayout(_ call: Call, _ move: Payout.Move) throws(ServerAPIError) -> Answer {
        switch call.ledger.updateRecord(Payout.self, call.id, { (payout: inout Payout) throws(Payout.Refusal) in try payout.apply(move) }) {
        case nil: throw unknown("payout", property: "payoutId", call.version)
        case .failure(let refusal)?: throw .notAllowed("this is not allowed on a payout in status \(refusal.status.rawValue)")
        case .success(let payout)?:
            postPayout(payout)
            return Answer(move == .approve ? .json(200, payout.json) : HTTPResponse(status: 204))
        }
    }

    private func postPayout(_ payout: Payout) {
        webhooks?.post(type: "payout." + payout.status.rawValue.lowercased(), member: "payout", object: payout.json, merchantId: credentials.merchantId)
    }
}
