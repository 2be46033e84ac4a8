import Foundation
import PaymentFormJSON

/// Online Payments' detokenization, certificate and card-on-file series calls: the sandbox never
/// hands out card data, so `detokenize` answers the masked cards it keeps.
extension ServerAPI {
    /// `GET …/detokenize/tokens?tokens=`: `{cards}`, masked.
    package func getCardDataByTokens(_ call: Call) throws(ServerAPIError) -> Answer {
        let ids = call.query.filter { $0.name == "tokens" || $0.name == "token" }.flatMap { $0.value.split(separator: ",").map(String.init) }
        let cards: [JSONValue] = ids.compactMap { id in
            call.ledger.token(withId: id).map { ["token": .string($0.id), "cardNumber": .string($0.maskedCardNumber),
                                                 "expiryDate": $0.expiryDate.map(JSONValue.string) ?? .null] }
        }
        return Answer(.json(200, ["cards": .array(cards)]))
    }

    /// `GET …/detokenize/payments?paymentIds=`: `{cards}`, masked.
    package func getCardDataByPayments(_ call: Call) throws(ServerAPIError) -> Answer {
        let ids = call.query.filter { $0.name == "paymentIds" || $0.name == "paymentId" }.flatMap { $0.value.split(separator: ",").map(String.init) }
        let cards: [JSONValue] = ids.compactMap { id in
            call.ledger.payment(withId: id).flatMap { payment in payment.maskedCardNumber.map {
                ["paymentId": .string(payment.id), "cardNumber": .string($0), "expiryDate": payment.expiryDate.map(JSONValue.string) ?? .null] } }
        }
        return Answer(.json(200, ["cards": .array(cards)]))
    }

    /// `POST …/detokenize/csr`: 201 a placeholder that is no certificate.
    package func createCertificate(_ call: Call) throws(ServerAPIError) -> Answer {
        Answer(.json(201, ["certificate": "-----BEGIN CERTIFICATE-----\nSANDBOX-NOT-A-CERTIFICATE\n-----END CERTIFICATE-----\n"]))
    }

    /// `POST …/tokens/importCofSeries`: 201, nothing imported.
    package func importCofSeries(_ call: Call) throws(ServerAPIError) -> Answer {
        _ = try call.body()
        return Answer(.json(201, ["importedSeries": []]))
    }
}
