import Foundation
import PaymentFormEngine
import PaymentFormSamples
import PaymentFormJSON
import PaymentFormEngineTesting

/// Whole-request figures: what a form or a backend test pays per payment.
func formEngineBenchmarks() -> BenchmarkGroup {
    guard let visaData = Samples.product(named: "visa").map({ Data($0) }), let keyData = Samples.demoPublicKeyResponse.map({ Data($0) }),
          let privateKeyData = Samples.demoPrivateKeyPEM.map({ Data($0) }),
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
    func productList(count: Int) -> [UInt8] { sampleProductList(count: count, product: visaData) }
    let listBytes = productList(count: 200)

    // Scaling: list size; fields per request; length of one value.
    let listScaling = [25, 100, 400].map { count in
        let bytes = productList(count: count)
        return Benchmark(name: "decode a list of \(count) products") { blackHole(try? PaymentProductList.decode(from: bytes)) }
    }
    let fieldScaling = [4, 40, 400].compactMap { count -> Benchmark? in
        guard let (product, values) = syntheticProduct(fieldCount: count) else { return nil }
        var request = PaymentRequest(product: product)
        for (field, value) in values { try? request.setValue(value, forField: field) }
        return Benchmark(name: "validate a request of \(count) text fields") { blackHole(request.validate(in: context)) }
    }
    let lengthScaling = [16, 1_024, 65_536].map { length in
        var long = valid
        try? long.setValue(String(repeating: "é", count: length), forField: "cardholderName")
        return Benchmark(name: "validate a card request, name n=\(length)") { blackHole(long.validate(in: context)) }
    }
    // A catastrophic pattern: `(a+)+` runs on the linear matcher; ICU (compiled ICU-only: the
    // linear matcher takes `(?i)` too) backtracks until the budget cuts it off.
    let hostileValue = String(repeating: "a", count: 40) + "!"
    let hostile = [
        ("regex.hostile.linear", try? RegularExpression("(a+)+"), "hostile regex (a+)+ on 41 chars, linear matcher"),
        ("regex.hostile.icu", try? RegularExpression(icuOnly: "(?i)(a+)+"), "hostile regex (?i)(a+)+ on 41 chars, ICU, cut off"),
    ].compactMap { id, pattern, name in
        pattern.map { pattern in
            Benchmark(id: id, name: name) { blackHole(pattern.matchesWhole(hostileValue)) }
        }
    }
    // The engine's own backtracking matcher (what WebAssembly runs outside the linear subset), cut
    // off at its allowance: one operation is 1,000,000 steps (100 of ICU's reports), so its time
    // gives the steps per second (`Web/bench/engine-bench.mjs` runs the same ids in WebAssembly).
    let reviewValue = String(repeating: "a", count: 100)
    let backtracking = [
        ("regex.hostile.backtracking", "(?i)(a+)+", hostileValue, "hostile regex (?i)(a+)+ on 41 chars, own backtracking matcher, cut off"),
        ("regex.review.backtracking", "(?=.)(?:.|a){1,16}(?:.|a){1,16}(?:.|a){1,16}b", reviewValue,
         "the review's look-ahead pattern on 100 chars, own backtracking matcher, cut off"),
    ].compactMap { id, source, value, name in
        (try? RegularExpression(backtrackingOnly: source)).map { pattern in
            Benchmark(id: id, name: name) { blackHole(pattern.matchesWhole(value)) }
        }
    }

    // The form controller: what one keystroke costs a screen (edit, brand, state, message). One
    // controller lives across the iterations, which alternate a keystroke and a backspace, so a
    // figure is one event on a form as the customer has it (copying a controller per iteration
    // would add a copy of every field's state to each event).
    func alternatingKeystrokes(_ start: PaymentFormController, field: String, typing key: String = "1") -> () -> Void {
        var controller = start
        var typing = true
        let index = start.fields.firstIndex { $0.id == field } ?? 0
        return {
            let caret = controller.fields[index].cursor
            if typing {
                blackHole(try? controller.replace(field, range: caret..<caret, with: key))
            } else {
                blackHole(try? controller.replace(field, range: (caret - 1)..<caret, with: ""))
            }
            typing.toggle()
        }
    }
    var empty = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"), context: context)
    _ = try? empty.focus("cardNumber")
    var typed = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"), context: context)
    _ = try? typed.focus("cardNumber")
    _ = try? typed.set("cardNumber", value: "4111 1111 1111 111")
    var controllerBenchmarks = [
        Benchmark(id: "controller.keystroke.card", name: "controller: one keystroke completing a card number, or a backspace",
                  body: alternatingKeystrokes(typed, field: "cardNumber")),
        // The same with a last digit that fails the Luhn check (the error is worked out and its
        // message localized), and with the first digit, which changes the brand both ways.
        Benchmark(id: "controller.keystroke.card.luhn", name: "controller: one keystroke completing a card number that fails Luhn, or a backspace",
                  body: alternatingKeystrokes(typed, field: "cardNumber", typing: "2")),
        Benchmark(id: "controller.keystroke.card.brand", name: "controller: the first digit of a card number (a brand found), or its backspace",
                  body: alternatingKeystrokes(empty, field: "cardNumber", typing: "4")),
        Benchmark(id: "controller.fill.card", name: "controller: type a card form (16 + 4 + 3 keystrokes), submit") {
            var controller = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"), context: context)
            for (field, text) in [("cardNumber", "4111111111111111"), ("expiryDate", "1230"), ("cvv", "123")] {
                for character in text {
                    let caret = controller[field: field]?.selection ?? 0..<0
                    _ = try? controller.replace(field, range: caret, with: String(character))
                }
            }
            blackHole(controller.submit())
        },
    ]
    // Keystrokes in the last field of forms of 40 and 400 text fields, the others filled in:
    // an event's cost should not grow with the fields it does not touch.
    for count in [40, 400] {
        guard let (product, values) = syntheticProduct(fieldCount: count) else { continue }
        var controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "en"), context: context)
        for (field, value) in values { _ = try? controller.set(field, value: String(value.prefix(6))) }
        let last = "f\(count - 1)"
        _ = try? controller.focus(last)
        controllerBenchmarks.append(Benchmark(id: "controller.keystroke.fields\(count)",
                                              name: "controller: one keystroke in the last of \(count) text fields",
                                              body: alternatingKeystrokes(controller, field: last)))
    }

    return BenchmarkGroup(name: "FormEngine", benchmarks: controllerBenchmarks + [
        Benchmark(id: "decode.visa", name: "decode the Visa product (\(visaData.count) bytes)") { blackHole(try? PaymentProduct.decode(from: visaData)) },
        // A fresh pattern cache each time: what decoding costs when its patterns are new to the
        // process (the first product decoded, and any whose patterns no earlier one had).
        Benchmark(id: "decode.visa.cold", name: "decode the Visa product, patterns not compiled yet") {
            RegularExpression.removeCachedPatterns()
            blackHole(try? PaymentProduct.decode(from: visaData))
        },
        Benchmark(id: "decode.list200", name: "decode a list of 200 products (\(listBytes.count / 1024) KiB)") { blackHole(try? PaymentProductList.decode(from: listBytes)) },
        Benchmark(id: "validate.card.valid", name: "validate a card request, valid") { blackHole(valid.validate(in: context)) },
        Benchmark(id: "validate.card.invalid", name: "validate a card request, invalid (6 errors)") { blackHole(invalid.validate(in: context)) },
        Benchmark(id: "prepare.visa", name: "prepare a card request (2048-bit key)") {
            blackHole(try? valid.prepare(clientSessionId: "bench", key: key, metaInfo: .current(), in: context))
        },
        Benchmark(name: "decrypt a prepared request (2048-bit key)") { blackHole(try? DecryptedPayload(token: token, key: privateKey)) },
    ] + listScaling + fieldScaling + lengthScaling + hostile + backtracking,
    external: { coldStartFigures() },
    ratios: [("decode.visa.first", "foundation.decode.visa.first")])
}

/// A product of `fieldCount` required text fields, each with a length and a regular-expression
/// validator and a mask, and a valid value for each.
func syntheticProduct(fieldCount: Int) -> (PaymentProduct, [String: String])? {
    let field = #"{"id": "f%d", "type": "string", "displayHints": {"displayOrder": %d, "label": "Field %d", "#
        + #""mask": "{{**********}}", "formElement": {"type": "text"}}, "dataRestrictions": {"isRequired": true, "#
        + #""validators": {"length": {"minLength": 2, "maxLength": 10}, "regularExpression": {"regularExpression": "[a-z0-9]+"}}}}"#
    let fields = (0..<fieldCount).map { index in
        field.replacingOccurrences(of: "%d", with: String(index))
    }
    let json = #"{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "x"}, "fields": ["# + fields.joined(separator: ",") + "]}"
    guard let product = try? PaymentProduct.decode(from: Array(json.utf8)).value else { return nil }
    let values = Dictionary(uniqueKeysWithValues: (0..<fieldCount).map { ("f\($0)", "value\($0 % 1000)") })
    return (product, values)
}
