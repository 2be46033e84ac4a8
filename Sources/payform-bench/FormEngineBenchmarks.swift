import FormEngine
import Samples

/// Whole-request figures: what a form or a backend test pays per payment.
func formEngineBenchmarks() -> BenchmarkGroup {
    guard let visaData = Samples.product(named: "visa"), let keyData = Samples.demoPublicKeyResponse,
          let privateKeyData = Samples.demoPrivateKeyPEM,
          let visa = try? PaymentProduct.decode(from: visaData).value,
          let key = try? EncryptionKey(PublicKeyResponse.decode(from: keyData).value),
          let privateKey = try? DecryptionKey(pemRepresentation: String(decoding: privateKeyData, as: UTF8.self)),
          let now = YearMonth(year: 2026, month: 11)
    else {
        print("FormEngine benchmarks skipped: the shipped samples cannot be read")
        return BenchmarkGroup(name: "FormEngine", benchmarks: [])
    }
    let context = ValidationContext(now: now)
    func request(_ values: [String: String]) -> PaymentRequest {
        var request = PaymentRequest(product: visa)
        for (field, value) in values { try? request.setValue(value, forField: field) }
        return request
    }
    let valid = request(["cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123", "cardholderName": "Zoë O'Brien"])
    let invalid = request(["cardNumber": "4111 1111 1111 1112", "expiryDate": "13/20", "cvv": "12", "cardholderName": "x"])
    let token = (try? valid.prepare(clientSessionId: "bench", key: key, metaInfo: .current(), in: context).encryptedFields) ?? ""

    // A product list of 200 full card products, as a large Client API response would be.
    let productJSON = String(decoding: visaData, as: UTF8.self)
    let list = "{\"paymentProducts\": [" + (0..<200).map { index in
        productJSON.replacingFirst("\"id\": 1,", with: "\"id\": \(index + 1),")
    }.joined(separator: ",") + "]}"
    let listBytes = Array(list.utf8)

    return BenchmarkGroup(name: "FormEngine", benchmarks: [
        Benchmark(name: "parse the Visa product's JSON only") { blackHole(try? JSONParser().parse(visaData)) },
        Benchmark(name: "decode the Visa product (\(visaData.count) bytes)") { blackHole(try? PaymentProduct.decode(from: visaData)) },
        Benchmark(name: "decode a list of 200 products (\(listBytes.count / 1024) KiB)") { blackHole(try? PaymentProductList.decode(from: listBytes)) },
        Benchmark(name: "validate a card request, valid") { blackHole(valid.validate(in: context)) },
        Benchmark(name: "validate a card request, invalid (6 errors)") { blackHole(invalid.validate(in: context)) },
        Benchmark(name: "prepare a card request (2048-bit key)") {
            blackHole(try? valid.prepare(clientSessionId: "bench", key: key, metaInfo: .current(), in: context))
        },
        Benchmark(name: "decrypt a prepared request (2048-bit key)") { blackHole(try? DecryptedPayload(token: token, key: privateKey)) },
    ])
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
