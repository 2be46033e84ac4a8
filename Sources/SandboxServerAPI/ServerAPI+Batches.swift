import Foundation
import PaymentFormJSON
import PaymentFormSandboxHTTP

/// Online Payments' merchant batches (``MerchantBatch``): submitted, read, processed.
extension ServerAPI {
    /// `POST …/merchant-batches`: 201 `{merchantBatchReference}` (`header.merchantBatchReference`,
    /// or one of the sandbox's own).
    package func submitBatch(_ call: Call) throws(ServerAPIError) -> Answer {
        let request = try call.body()
        var reference = Self.newId("batch")
        if case .string(let given)? = request["header"]?["merchantBatchReference"], given.count <= 40,
           given.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
            reference = given
        }
        call.ledger.keep(MerchantBatch(reference: reference), id: reference)
        return Answer(.json(201, ["merchantBatchReference": .string(reference)]))
    }

    private func batch(_ call: Call) throws(ServerAPIError) -> MerchantBatch {
        guard let batch = call.ledger.record(MerchantBatch.self, call.id) else {
            throw unknown("batch", property: "merchantBatchReference", call.version)
        }
        return batch
    }

    /// `GET …/merchant-batches/{reference}`: `{merchantBatchReference, status}`.
    package func getBatchStatus(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(200, try batch(call).json))
    }

    /// `POST …/merchant-batches/{reference}/process`: 204, `PROCESSED`.
    package func processBatch(_ call: Call) throws(ServerAPIError) -> Answer {
        guard call.ledger.updateRecord(MerchantBatch.self, call.id, { (batch: inout MerchantBatch) in batch.process() }) != nil else {
            throw unknown("batch", property: "merchantBatchReference", call.version)
        }
        return Answer(HTTPResponse(status: 204))
    }

    /// `GET …/merchant-batches/{reference}/reports/payments`: no payments.
    package func getBatchPaymentsReport(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try batch(call)
        return Answer(.json(200, ["merchantBatchReference": .string(call.id), "payments": []]))
    }
}
