import Foundation
import PaymentFormJSON
import PaymentFormSamples

/// JSON parsing on its own, beside the platform's parser on the same bytes in the same run.
///
/// The engine ships its own parser for JSON paths, bounds and exact numbers; it has to be faster
/// than `JSONSerialization` to be worth it, so each figure has a Foundation baseline row.
func jsonBenchmarks() -> BenchmarkGroup {
    guard let visaData = Samples.product(named: "visa") else {
        print("JSON benchmarks skipped: the shipped samples cannot be read")
        return BenchmarkGroup(name: "JSON", benchmarks: [])
    }
    let visa = [UInt8](visaData)
    let list = sampleProductList(count: 200, product: visaData)
    let listData = Data(list)
    let kibibytes = list.count / 1024
    return BenchmarkGroup(name: "JSON", benchmarks: [
        Benchmark(id: "json.parse.visa", name: "parse the Visa product (\(visa.count) B)") {
            blackHole(try? JSONParser().parse(visa))
        },
        Benchmark(id: "foundation.parse.visa", name: "baseline: JSONSerialization, Visa product") {
            blackHole(try? JSONSerialization.jsonObject(with: visaData))
        },
        Benchmark(id: "json.parse.list200", name: "parse a list of 200 products (\(kibibytes) KiB)") {
            blackHole(try? JSONParser().parse(list))
        },
        Benchmark(id: "foundation.parse.list200", name: "baseline: JSONSerialization, 200 products") {
            blackHole(try? JSONSerialization.jsonObject(with: listData))
        },
    ])
}

/// A product list of `count` copies of `product` with distinct ids, as a large Client API
/// response would be (`{"paymentProducts": [...]}`).
func sampleProductList(count: Int, product: Data) -> [UInt8] {
    let productJSON = String(decoding: product, as: UTF8.self)
    let firstId = productJSON.range(of: "\"id\": 1,")
    let products = (0..<count).map { index -> String in
        guard let firstId else { return productJSON }
        return productJSON.replacingCharacters(in: firstId, with: "\"id\": \(index + 1),")
    }
    return Array(("{\"paymentProducts\": [" + products.joined(separator: ",") + "]}").utf8)
}
