import Foundation
import PaymentFormJSON
import PaymentFormSamples

/// JSON parsing on its own, beside the platform's parser on the same bytes in the same run.
///
/// The engine ships its own parser for JSON paths, bounds and exact numbers; it has to be faster
/// than `JSONSerialization` to be worth it, so each figure has a Foundation baseline row.
func jsonBenchmarks() -> BenchmarkGroup {
    guard let visaData = Samples.product(named: "visa").map({ Data($0) }) else {
        print("JSON benchmarks skipped: the shipped samples cannot be read")
        return BenchmarkGroup(name: "JSON", benchmarks: [])
    }
    let visa = [UInt8](visaData)
    let list = sampleProductList(count: 200, product: visaData)
    let listData = Data(list)
    let kibibytes = list.count / 1024
    // The same list with every string value different from product to product: the parser
    // shares a string it has already seen, which the 200 copies above favour.
    let distinct = sampleProductList(count: 200, product: visaData, distinctStrings: true)
    let distinctData = Data(distinct)
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
        Benchmark(id: "json.parse.list200.distinct", name: "parse a list of 200 products, no string value repeated (\(distinct.count / 1024) KiB)") {
            blackHole(try? JSONParser().parse(distinct))
        },
        Benchmark(id: "foundation.parse.list200.distinct", name: "baseline: JSONSerialization, 200 products, no string value repeated") {
            blackHole(try? JSONSerialization.jsonObject(with: distinctData))
        },
    ])
}

/// A product list of `count` copies of `product` with distinct ids, as a large Client API
/// response would be (`{"paymentProducts": [...]}`); with `distinctStrings`, every string value
/// of copy N also ends in `-N`, so no string value repeats from one product to the next.
func sampleProductList(count: Int, product: Data, distinctStrings: Bool = false) -> [UInt8] {
    if distinctStrings, let json = try? JSONParser().parse(product) {
        let products = (0..<count).map { index in
            JSONWriter(prettyPrinted: false).string(from: suffixingStrings(json, with: "-\(index + 1)"))
        }
        return Array(("{\"paymentProducts\": [" + products.joined(separator: ",") + "]}").utf8)
    }
    let productJSON = String(decoding: product, as: UTF8.self)
    let firstId = productJSON.range(of: "\"id\": 1,")
    let products = (0..<count).map { index -> String in
        guard let firstId else { return productJSON }
        return productJSON.replacingCharacters(in: firstId, with: "\"id\": \(index + 1),")
    }
    return Array(("{\"paymentProducts\": [" + products.joined(separator: ",") + "]}").utf8)
}

/// `value` with `suffix` after every string value (keys unchanged).
private func suffixingStrings(_ value: JSONValue, with suffix: String) -> JSONValue {
    switch value {
    case .string(let text): .string(text + suffix)
    case .array(let elements): .array(elements.map { suffixingStrings($0, with: suffix) })
    case .object(let object): .object(JSONObject(object.members.map { (key: $0.key, value: suffixingStrings($0.value, with: suffix)) }))
    default: value
    }
}
