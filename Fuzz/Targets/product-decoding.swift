// Fuzz target: Client API JSON in, typed model out (and on to a form and a validated request).
//
// Invariants beyond "never crash": whatever decodes re-encodes to JSON that decodes to the same
// value; a decoded product turns into a form and a request whose validation and masking finish.
import PaymentFormEngine
import PaymentFormJSON

private let localizer = Localizer(languageTag: "en")
private let context = YearMonth(year: 2026, month: 11).map(ValidationContext.init(now:)) ?? .current()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProductDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let bytes = input.remainingBytes()
    guard let json = try? JSONParser().parse(bytes) else { return 0 }

    // The JSON layer round-trips exactly: member order and number text are kept.
    let written = JSONWriter(prettyPrinted: false).string(from: json)
    check((try? JSONParser().parse(Array(written.utf8))) == json, "JSON does not round-trip")

    checkRoundTrip(PaymentProductList.self, json)
    checkRoundTrip(PaymentProductGroup.self, json)
    checkRoundTrip(PaymentProductGroupList.self, json)
    checkRoundTrip(IINDetailsResponse.self, json)
    checkRoundTrip(PublicKeyResponse.self, json)
    checkRoundTrip(Directory.self, json)
    checkRoundTrip(PaymentContext.self, json)
    guard let product = checkRoundTrip(PaymentProduct.self, json) else { return 0 }

    exercise(product)
    return 0
}

/// Decodes `json` as `Model`; when that works, checks that its JSON decodes to the same value.
@discardableResult
private func checkRoundTrip<Model: JSONModel>(_ type: Model.Type, _ json: JSONValue) -> Model? {
    guard let value = try? Model.decode(from: json).value else { return nil }
    let again = try? Model.decode(from: value.json).value
    check(again == value, "\(Model.self) does not round-trip through its JSON")
    return value
}

/// Builds the form and a request for `product` with every field filled, then validates and masks.
private func exercise(_ product: PaymentProduct) {
    _ = PaymentForm(product: product, localizer: localizer)
    var request = PaymentRequest(product: product)
    for (index, field) in product.fields.enumerated() {
        let value = ["4111111111111111", "12/30", "", "NL91ABNR0417164300", "x@y.z", "1"][index % 6]
        do {
            try request.setValue(value, forField: field.id)
        } catch {
            check(false, "a field of the product was refused by its own request")
        }
        _ = request.maskedValue(forField: field.id)
        _ = request.unmaskedValue(forField: field.id)
        do {
            _ = try request.inputState(ofField: field.id, in: context)
        } catch {
            check(false, "a field of the product has no input state in its own request")
        }
    }
    for account in product.accountsOnFile {
        _ = PaymentForm(product: product, accountOnFile: account, localizer: localizer)
        var withAccount = request
        try? withAccount.selectAccountOnFile(withId: account.id)
        _ = withAccount.validate(in: context)
    }
    _ = request.validate(in: context)
}
