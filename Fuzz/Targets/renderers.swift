// Fuzz target: the HTML and terminal previews of a form whose texts come from fuzzed strings
// (label, placeholder, tooltip, mask, link, list options, account-on-file values).
//
// Invariants beyond "never crash": the HTML has only the renderer's own tags and attributes
// (read with a scalar-level tokenizer, as a browser reads it), every attribute value is closed,
// every hyperlink is http(s); the uncoloured terminal text has no control character but line
// feeds, and no bidirectional override.
import PaymentFormEngine
import PaymentFormRendering

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRenderers(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    var texts: [String] = []
    for _ in 0..<8 { texts.append(String(decoding: JSONText.quote(input.string(maximumBytes: 64)), as: UTF8.self)) }
    let elementType = ["text", "list", "boolean", "currency", "date"][input.int(in: 0...4)]
    let status = ["READ_ONLY", "CAN_WRITE", "MUST_WRITE"][input.int(in: 0...2)]
    let json = """
        {"id": 1, "paymentMethod": "card", "displayHints": {"label": \(texts[0])},
         "fields": [{"id": "f", "type": "text",
           "displayHints": {"label": \(texts[1]), "placeholderLabel": \(texts[2]), "tooltip": {"label": \(texts[3])},
             "mask": \(texts[4]), "link": \(texts[5]), "obfuscate": \(input.int(in: 0...1) == 1),
             "formElement": {"type": "\(elementType)", "valueMapping": [{"value": \(texts[6]), "displayName": \(texts[7])}]}}}],
         "accountsOnFile": [{"id": 7, "paymentProductId": 1, "displayHints": {"labelTemplate": [{"attributeKey": "f"}]},
           "attributes": [{"key": "f", "value": \(texts[6]), "status": "\(status)"}]}]}
        """
    guard let product = try? PaymentProduct(jsonEncoded: Array(json.utf8)) else {
        check(false, "a product built from quoted strings does not decode")
        return 0
    }
    let localizer = Localizer(languageTag: ["en", "fr", "de"][input.int(in: 0...2)])
    let account = input.int(in: 0...1) == 1 ? product.accountOnFile(withId: "7") : nil
    let form = PaymentForm(product: product, accountOnFile: account, localizer: localizer)

    let html = FormHTMLRenderer(languageTag: localizer.languageTag, localizer: localizer).render(form)
    let structure = HTMLStructure(html)
    trace("html tags \(structure.tags.map(\.name))")
    check(structure.problems.isEmpty, "the HTML needs repairs: \(structure.problems)")
    check(structure.tagNames.isSubset(of: RendererAllowList.tags), "unexpected tags \(structure.tagNames.subtracting(RendererAllowList.tags))")
    let unexpected = RendererAllowList.unexpectedAttributes(in: structure)
    check(unexpected.isEmpty, "unexpected attributes \(unexpected)")
    for tag in structure.tags where tag.name == "a" {
        for attribute in tag.attributes where attribute.name == "href" {
            let value = (attribute.value ?? "").lowercased()
            check(value.hasPrefix("https://") || value.hasPrefix("http://"), "a non-http link")
        }
    }

    let text = FormTextRenderer(color: false).render(form)
    for scalar in text.unicodeScalars {
        let value = scalar.value
        check(!(value < 0x20 && value != 0x0A && value != 0x09), "a C0 control in terminal text")
        check(!(0x7F...0x9F).contains(value), "a C1 control or DEL in terminal text")
        check(!(0x202A...0x202E).contains(value) && !(0x2066...0x2069).contains(value), "a bidi control in terminal text")
    }
    return 0
}
