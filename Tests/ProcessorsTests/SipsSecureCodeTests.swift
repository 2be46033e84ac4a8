import Foundation
import Testing
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport

/// The 3-D Secure leg around the Sips SDK: the ACS page, the PaRes coming back, and the seal.
@Suite("Sips 3-D Secure and seal")
struct SipsSecureCodeTests {
    static let acs = "https://acs.example/pareq"
    static let term = "https://shop.example/3ds/return"

    @Test("hostile PaReq, MD and URLs stay attribute values", arguments: [
        "x\"\u{0301} onfocus=alert(1) x=\"", "\"><script>alert(1)</script>", "a'b<c>d&e", "\u{1B}[2J",
    ])
    func escaping(hostile: String) throws {
        let form = try SipsACSForm(acsURL: Self.acs + "?q=" + PercentTestEncoding.encode(hostile), paReq: hostile, merchantData: "id-42", termURL: Self.term)
        let structure = HTMLStructure(form.html)
        #expect(structure.problems.isEmpty, "\(structure.problems)")
        #expect(structure.tagNames.isSubset(of: ["!doctype", "html", "/html", "head", "/head", "meta", "title", "/title", "body", "/body",
                                                  "form", "/form", "input", "noscript", "/noscript", "button", "/button"]))
        #expect(structure.attributeNames.isSubset(of: ["html", "charset", "name", "content", "onload", "method", "action", "type", "value"]))
        let inputs = structure.tags.filter { $0.name == "input" }
        #expect(inputs.map { $0.attributes.first { $0.name == "name" }?.value } == ["PaReq", "MD", "TermUrl"])
        let paReq = inputs.first?.attributes.first { $0.name == "value" }?.value
        #expect(paReq.map(HTMLEntities.decode) == hostile.replacingOccurrences(of: "\u{1B}", with: "\u{FFFD}"))
        let onload = structure.tags.first { $0.name == "body" }?.attributes.first { $0.name == "onload" }?.value
        #expect(onload == "document.forms[0].submit()")
    }

    @Test("MD: printable ASCII as is, anything else base64, over 1,024 bytes refused")
    func merchantData() throws {
        let plain = try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: "order 42 / session ~x", termURL: Self.term)
        #expect(plain.merchantData == "order 42 / session ~x")
        #expect(!plain.merchantDataIsBase64)
        let accented = try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: "commande n°42\n", termURL: Self.term)
        #expect(accented.merchantDataIsBase64)
        #expect(Data(base64Encoded: accented.merchantData).map { String(decoding: $0, as: UTF8.self) } == "commande n°42\n")
        _ = try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: String(repeating: "a", count: 1024), termURL: Self.term)
        #expect(throws: SipsError.merchantDataTooLong(bytes: 1025)) {
            try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: String(repeating: "a", count: 1025), termURL: Self.term)
        }
        // 768 bytes of non-ASCII become exactly 1,024 base64 characters; 771 become 1,028.
        _ = try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: String(repeating: "é", count: 384), termURL: Self.term)
        #expect(throws: SipsError.self) {
            try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: String(repeating: "é", count: 385) + "x", termURL: Self.term)
        }
    }

    @Test("the ACS and TermUrl must be absolute http(s) URLs", arguments: ["javascript:alert(1)", "//acs.example", "acs.example/x", "", "https://a b"])
    func urls(bad: String) {
        #expect(throws: SipsError.self) { try SipsACSForm(acsURL: bad, paReq: "p", merchantData: "m", termURL: Self.term) }
        #expect(throws: SipsError.self) { try SipsACSForm(acsURL: Self.acs, paReq: "p", merchantData: "m", termURL: bad) }
    }

    @Test("PaRes and MD from a TermUrl callback: query, form body, the sample's putpares: scheme")
    func paRes() throws {
        let fromQuery = try SipsAuthenticationResult(callback: "https://shop.example/3ds/return?MD=order%2042&PaRes=eJzN%2Bw%3D%3D&x=1#top")
        #expect(fromQuery.paRes == "eJzN+w==")
        #expect(fromQuery.merchantData == "order 42")
        #expect(fromQuery.paResForSDK == "eJzN%2Bw%3D%3D")
        let fromBody = try SipsAuthenticationResult(callback: "PaRes=eJzN%2Bw%3D%3D&MD=order+42\n")
        #expect(fromBody.paRes == "eJzN+w==")
        #expect(fromBody.merchantData == "order 42")
        let fromScheme = try SipsAuthenticationResult(callback: "putpares:eJzN%2Bw%3D%3D")
        #expect(fromScheme.paRes == "eJzN+w==")
        #expect(fromScheme.merchantData == nil)
        #expect(throws: SipsError.missingPaRes) { try SipsAuthenticationResult(callback: "https://shop.example/3ds/return?MD=x") }
        #expect(throws: SipsError.missingPaRes) { try SipsAuthenticationResult(callback: "PaRes=%zz") }
    }

    @Test("a raw & inside the PaRes is refused instead of cutting it", arguments: [
        "https://shop.example/3ds?PaRes=eJzN&Bw==&MD=42", "PaRes=eJzN&Bwxyz", "PaRes=eJzN+w&/abc=&MD=1", "PaRes=eJzN&x+y=1",
    ])
    func rawAmpersandInPaRes(callback: String) throws {
        let error = #expect(throws: SipsError.self) { try SipsAuthenticationResult(callback: callback) }
        #expect(error?.code == "invalid_value")
        #expect(error.map { String(describing: $0).contains("URL-encoded") } == true)
    }

    @Test("PaRes round-trips through URL encoding", arguments: 0..<8)
    func paResRoundTrip(seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        let alphabet = Array("ABCxyz019+/= &%?#:é\u{1F600}")
        let paRes = String((0..<Int.random(in: 1...200, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "A" })
        let callback = "https://shop.example/r?PaRes=" + PercentTestEncoding.encode(paRes)
        let result = try SipsAuthenticationResult(callback: callback)
        #expect(result.paRes == paRes)
        #expect(result.paResForSDK == PercentTestEncoding.encode(paRes))
        let again = try SipsAuthenticationResult(callback: "PaRes=" + result.paResForSDK)
        #expect(again.paRes == paRes)
    }

    /// Seals computed independently (Python's `hmac` over the same alphabetical concatenation).
    static let sealVectors: [(json: String, key: String, seal: String)] = [
        (#"{"amount": 1050, "captureMode": "VALIDATION", "currencyCode": "978", "interfaceVersion": "IR_MB_3.0", "keyVersion": 1, "merchantId": "011223344550000", "s10TransactionReference": {"s10TransactionIdDate": "20261123", "s10TransactionId": "000001"}, "sdkOperationName": "CARDORDER", "paymentMeanBrandList": ["VISA", "CB"], "sealAlgorithm": "HMAC-SHA-256"}"#,
         "002001000000001_KEY1", "4324e0bce9475a8fcb07925cee52ccd05304a70c5e2f12cce7413b1cfd0cccd4"),
        (#"{"redirectionData": "abc+/=", "redirectionStatusCode": "00", "redirectionStatusMessage": "Transaction initialized", "redirectionUrl": "https://office-server.test.sips-services.com/rs-services/v2/checkoutInApp/cardOrder", "redirectionVersion": "IR_MB_1.0", "publicKeyValue": "MIIBIjAN", "seal": "x"}"#,
         "secret ü key", "0b785498f8e710d112f38e47081060a04b2c28d5609b000de0fe2479b6579d9d"),
    ]

    @Test("the seal matches values computed independently", arguments: 0..<2)
    func seal(index: Int) throws {
        let vector = Self.sealVectors[index]
        #expect(try SipsSeal.compute(jsonEncoded: Array(vector.json.utf8), secretKey: vector.key) == vector.seal)
    }

    @Test("a response's seal is checked: the right key passes, a changed value or key fails")
    func sealCheck() throws {
        let body = #"{"redirectionStatusCode": "00", "redirectionUrl": "https://x.example", "keyVersion": 2}"#
        let seal = try SipsSeal.compute(jsonEncoded: Array(body.utf8), secretKey: "k")
        let sealed = String(body.dropLast()) + #", "seal": "\#(seal.uppercased())"}"#
        #expect(try SipsSeal.isValid(jsonEncoded: Array(sealed.utf8), secretKey: "k"))
        #expect(try !SipsSeal.isValid(jsonEncoded: Array(sealed.utf8), secretKey: "K"))
        let altered = sealed.replacingOccurrences(of: "\"00\"", with: "\"05\"")
        #expect(try !SipsSeal.isValid(jsonEncoded: Array(altered.utf8), secretKey: "k"))
        #expect(throws: SipsError.missingField("seal")) { try SipsSeal.isValid(jsonEncoded: Array(body.utf8), secretKey: "k") }
    }

    @Test("the seal agrees with Python's hmac on generated messages",
          .enabled(if: PythonTool.find() != nil, "python3 is not installed (the seal's known answers above still ran)"))
    func sealInterop() throws {
        let python = try #require(PythonTool.find())
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<20 {
            let keys = ["amount", "merchantId", "orderId", "keyVersion", "customerContact", "list", "b", "A"].shuffled(using: &generator)
            var members: [String] = []
            for key in keys.prefix(Int.random(in: 1...keys.count, using: &generator)) {
                switch Int.random(in: 0...3, using: &generator) {
                case 0: members.append(#""\#(key)": \#(Int.random(in: 0...99_999, using: &generator))"#)
                case 1: members.append(#""\#(key)": "v\#(Int.random(in: 0...99, using: &generator))é""#)
                case 2: members.append(#""\#(key)": ["z", "a\#(Int.random(in: 0...9, using: &generator))", "m"]"#)
                default: members.append(#""\#(key)": {"y": "1", "x": true, "n": null}"#)
                }
            }
            let json = "{" + members.joined(separator: ", ") + "}"
            let script = """
            import hmac, hashlib, json, sys
            def text(v, top=False):
                if v is None: return ""
                if isinstance(v, bool): return "true" if v else "false"
                if isinstance(v, (int, float)): return json.dumps(v)
                if isinstance(v, str): return v
                if isinstance(v, list): return "".join(sorted(text(x) for x in v))
                return "".join(text(v[k]) for k in sorted(v) if not (top and k in ("keyVersion", "seal", "sealAlgorithm")))
            message = json.loads(sys.stdin.read())
            print(hmac.new("clé".encode(), text(message, True).encode(), hashlib.sha256).hexdigest())
            """
            let expected = try python.run(script: script, input: json).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(try SipsSeal.compute(jsonEncoded: Array(json.utf8), secretKey: "clé") == expected, "\(json)")
        }
    }
}
