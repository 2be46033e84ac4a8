import Foundation
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// Connect's disputes (``Dispute``) of a captured payment, by the payment's or a capture's id,
/// moved on by their own id, and the files uploaded to them (``DisputeFile``).
extension ServerAPI {
    /// The payment a dispute call names: by its id, or (`byCapture`) by one of its captures' ids.
    private func disputedPayment(_ call: Call, byCapture: Bool) throws(ServerAPIError) -> ServerAPIPayment {
        let paymentId = byCapture ? PlatformIds.paymentId(of: call.id, call.version) : call.id
        guard let paymentId, let payment = call.ledger.payment(withId: paymentId),
              !byCapture || payment.captures.contains(where: { $0.id == call.id }) else {
            throw unknown(byCapture ? "capture" : "payment", property: "paymentId", call.version)
        }
        return payment
    }

    /// `POST …/payments/{id}/dispute` or `…/captures/{id}/dispute`: 201 a dispute of what was captured.
    package func createDispute(_ call: Call, byCapture: Bool) throws(ServerAPIError) -> Answer {
        let payment = try disputedPayment(call, byCapture: byCapture)
        guard payment.capturedAmount > 0 else { throw ServerAPIError(PaymentLifecycle.wrongState("a dispute", payment, call.version)) }
        let dispute = Dispute(id: Self.newId("dispute"), paymentId: payment.id, amount: payment.capturedAmount, currencyCode: payment.currencyCode)
        call.ledger.keep(dispute, id: dispute.id)
        return Answer(.json(201, dispute.json))
    }

    /// `GET …/payments/{id}/disputes` or `…/captures/{id}/disputes`.
    package func listDisputes(_ call: Call, byCapture: Bool) throws(ServerAPIError) -> Answer {
        let payment = try disputedPayment(call, byCapture: byCapture)
        let list = call.ledger.records(Dispute.self).filter { $0.paymentId == payment.id }.map(\.json)
        return Answer(.json(200, ["disputes": .array(list)]))
    }

    /// `GET …/disputes/{id}`.
    package func getDispute(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let dispute = call.ledger.record(Dispute.self, call.id) else { throw unknown("dispute", property: "disputeId", call.version) }
        return Answer(.json(200, dispute.json))
    }

    /// `submit` or `cancel`, under the ledger's lock: one transition at a time.
    package func moveDispute(_ call: Call, _ move: Dispute.Move) throws(ServerAPIError) -> Answer {
        switch call.ledger.updateRecord(Dispute.self, call.id, { (dispute: inout Dispute) throws(Dispute.Refusal) in try dispute.apply(move) }) {
        case nil: throw unknown("dispute", property: "disputeId", call.version)
        case .failure(let refusal)?: throw .notAllowed("this is not allowed on a dispute in status \(refusal.status.rawValue)")
        case .success(let dispute)?: return Answer(.json(200, dispute.json))
        }
    }

    /// `POST /files/v1/{merchantId}/disputes/{id}` (multipart): 200 `{disputeId, fileId}`.
    package func uploadDisputeFile(_ call: Call) throws(ServerAPIError) -> Answer {
        guard call.ledger.record(Dispute.self, call.id) != nil else { throw unknown("dispute", property: "disputeId", call.version) }
        let file = DisputeFile(id: Self.newId("file"), disputeId: call.id, bytes: call.request.body.count)
        call.ledger.keep(file, id: file.id)
        return Answer(.json(200, ["disputeId": .string(call.id), "fileId": .string(file.id)]))
    }

    /// `GET /files/v1/{merchantId}/files/{id}`: a text file naming the upload.
    package func getFile(_ call: Call) throws(ServerAPIError) -> Answer {
        guard let file = call.ledger.record(DisputeFile.self, call.id) else { throw unknown("file", property: "fileId", call.version) }
        let text = "sandbox dispute file \(call.id) (\(file.bytes) bytes uploaded; the sandbox keeps no file contents)\n"
        return Answer(HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "text/plain; charset=utf-8"),
                                                          HTTPHeaderField("Content-Disposition", "attachment; filename=\"\(call.id).txt\"")],
                                   body: Array(text.utf8)))
    }
}
