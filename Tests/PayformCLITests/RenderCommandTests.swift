import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormTestSupport

@Suite("payform render")
struct RenderCommandTests {
    static let fieldKeys = ["id", "type", "inputType", "label", "placeholder", "tooltip", "tooltipImage", "mask", "maxLength", "obfuscate",
                            "required", "readOnly", "value", "mustWriteReason", "link", "linkText", "options", "validators"]

    @Test("JSON output has the documented shape for every sample", arguments: ["visa", "amex", "ideal", "sepa-direct-debit", "mastercard-accounts-on-file"])
    func shape(sample: String) throws {
        let result = CLI.run(["render", "--product", Fixtures.samplePath(sample)])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let json = try CLI.json(result)
        let root = try #require(json.objectValue, "bad shape: \(result.stdout)")
        let product = try #require(root["product"]?.objectValue, "bad shape: \(result.stdout)")
        let fields = try #require(root["fields"]?.arrayValue, "bad shape: \(result.stdout)")
        #expect(root.keys == ["product", "accountOnFile", "fields"])
        #expect(product.keys == ["id", "label", "logo"])
        #expect(root["accountOnFile"] == .null)
        #expect(!fields.isEmpty)
        for field in fields {
            guard case .object(let object) = field else { Issue.record("field not an object"); continue }
            #expect(object.keys == Self.fieldKeys)
            #expect(["text", "numeric", "e-mail", "phone", "date", "list", "boolean", "currency"].contains(object["inputType"].flatMap { if case .string(let s) = $0 { s } else { nil } } ?? ""))
        }
    }

    @Test("fields come in display order with their rules")
    func visa() throws {
        let json = try CLI.json(CLI.run(["render", "--product", Fixtures.samplePath("visa")]))
        let fields = try #require(json["fields"]?.arrayValue, "no fields")
        #expect(fields.map { $0["id"] } == ["cardNumber", "expiryDate", "cvv", "cardholderName"].map { .string($0) })
        #expect(fields[0]["mask"] == "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
        #expect(fields[0]["inputType"] == "numeric")
        #expect(fields[0]["required"] == .bool(true))
        #expect(fields[2]["obfuscate"] == .bool(true))
        #expect(fields[3]["required"] == .bool(false))
        #expect(fields[3]["mask"] == .null)
        // The definition's validators, in its order and the Client API's shape.
        #expect(fields[0]["validators"] == ["length": ["minLength": 13, "maxLength": 19], "luhn": [:]])
        #expect(fields[1]["validators"]?.objectValue?.keys == ["expirationDate", "regularExpression"])
        #expect(fields[3]["validators"]?.objectValue?.keys == ["length", "regularExpression"])
    }

    @Test("list options and an account on file's read-only and prefilled fields")
    func optionsAndAccount() throws {
        let ideal = try CLI.json(CLI.run(["render", "--product", Fixtures.samplePath("ideal")]))
        let expected: JSONValue = [
            ["value": "ABNANL2A", "label": "ABN AMRO"], ["value": "INGBNL2A", "label": "ING"], ["value": "RABONL2U", "label": "Rabobank"],
            ["value": "SNSBNL2A", "label": "SNS Bank"], ["value": "TRIONL2U", "label": "Triodos Bank"],
        ]
        #expect(ideal["fields"].flatMap { if case .array(let f) = $0 { f.first?["options"] } else { nil } } == expected)
        let result = CLI.run(["render", "--product", Fixtures.samplePath("mastercard-accounts-on-file"), "--account-on-file", "1001"])
        let json = try CLI.json(result)
        #expect(json["accountOnFile"] == ["id": "1001", "label": "Road Runner **** **** **** 4444",
                                          "logo": "templates/master/global/css/img/ppimages/pp_logo_3_v1.png"])
        let fields = try #require(json["fields"]?.arrayValue, "no fields")
        let byId = Dictionary(uniqueKeysWithValues: fields.compactMap { field -> (String, JSONValue)? in
            if case .string(let id)? = field["id"] { (id, field) } else { nil }
        })
        #expect(byId["cardNumber"]?["readOnly"] == .bool(true))
        #expect(byId["cardNumber"]?["value"] == "**** **** **** 4444")
        #expect(byId["expiryDate"]?["readOnly"] == .bool(false))
        #expect(byId["expiryDate"]?["value"] == "12/30")
        #expect(byId["cvv"]?["required"] == .bool(true))
        #expect(byId["cvv"]?["value"] == .null)
    }

    @Test("text output is a readable preview")
    func text() {
        let result = CLI.run(["render", "--product", Fixtures.samplePath("mastercard-accounts-on-file"), "--account-on-file", "1001", "--format", "text"])
        #expect(result.exitCode == 0)
        #expect(result.stdout.contains("Mastercard"))
        #expect(result.stdout.contains("Road Runner **** **** **** 4444"))
        #expect(result.stdout.contains("read-only"))
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test("HTML output escapes every value and carries autocomplete hints")
    func html() throws {
        let hostile = Fixtures.hostileProduct
        let path = try CLI.temporaryFile(hostile)
        let result = CLI.run(["render", "--product", path, "--account-on-file", "1", "--format", "html"])
        #expect(result.exitCode == 0)
        let page = result.stdout
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(!page.contains("<script>"))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co"))
        #expect(page.contains("value=\"a&quot;b\""))
        let visa = CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--format", "html"]).stdout
        for token in ["autocomplete=\"cc-number\"", "autocomplete=\"cc-exp\"", "autocomplete=\"cc-csc\"", "autocomplete=\"cc-name\"", "inputmode=\"numeric\"", " required"] {
            #expect(visa.contains(token), "\(token)")
        }
    }

    @Test("malformed product files exit 2 with the error JSON and one stderr line")
    func malformed() throws {
        let truncated = try CLI.temporaryFile(#"{"id": 1, "fields": ["#)
        try CLI.expectUsableError(CLI.run(["render", "--product", truncated]), code: "malformed_json", mentioning: "unexpected end of input")
        let wrongType = try CLI.temporaryFile(#"{"id": 1, "paymentMethod": "card", "displayHints": {}, "fields": [{"id": "a", "displayHints": {"formElement": {"type": "text"}}, "dataRestrictions": {"validators": {"length": {"minLength": "3"}}}}]}"#)
        try CLI.expectUsableError(CLI.run(["render", "--product", wrongType]), code: "type_mismatch", mentioning: "fields[0].dataRestrictions.validators.length.minLength: expected integer, found string")
        try CLI.expectUsableError(CLI.run(["render", "--product", "/no/such/file.json"]), code: "unreadable_file", mentioning: "/no/such/file.json")
        try CLI.expectUsableError(CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--account-on-file", "7"]), code: "unknown_account_on_file", mentioning: "7")
        try CLI.expectUsableError(CLI.run(["render"]), code: "usage", mentioning: "--product")
        try CLI.expectUsableError(CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--format", "pdf"]), code: "usage", mentioning: "--format")
    }

    @Test("stdin and embedded samples work as product sources")
    func sources() throws {
        let visa = CLI.run(["render", "--product", "sample:visa"])
        #expect(visa.exitCode == 0)
        let fromStdin = CLI.run(["render", "--product", "-"], stdin: #"{"id": 9, "paymentMethod": "card", "displayHints": {}, "fields": []}"#)
        #expect(try CLI.json(fromStdin)["product"]?["id"] == "9")
    }

    @Test("a document that is neither a product nor a group (an account on file, a field) is refused, saying what it is")
    func notAProduct() throws {
        let account = try CLI.temporaryFile(
            #"{"id": 1001, "paymentProductId": 3, "displayHints": {"logo": "x"}, "attributes": [{"key": "cvv", "status": "MUST_WRITE"}]}"#)
        try CLI.expectUsableError(CLI.run(["render", "--product", account]), code: "invalid_value", mentioning: "(root): this is an account on file")
        let field = try CLI.temporaryFile(#"{"id": "cvv", "type": "numericstring", "displayHints": {"formElement": {"type": "text"}}}"#)
        try CLI.expectUsableError(CLI.run(["render", "--product", field, "--format", "html"]), code: "invalid_value", mentioning: "this is a field")
        let noHints = try CLI.temporaryFile(#"{"id": 1, "paymentMethod": "card", "fields": []}"#)
        try CLI.expectUsableError(CLI.run(["validate", "--product", noHints, "--value", "a=b"]), code: "missing_key",
                                  mentioning: "displayHints: required key is missing")
    }

    @Test("--locale fr sample:visa shows the sample as the platform serves it in French: no English label or placeholder left")
    func frenchSample() throws {
        let french = try CLI.json(CLI.run(["render", "--locale", "fr", "--product", "sample:visa"]))
        let fields = try #require(french["fields"]?.arrayValue, "no fields")
        let labels = fields.compactMap { field -> String? in
            if case .string(let label)? = field["label"] { return label }
            return nil
        }
        #expect(labels == ["Numéro de carte", "Date d'expiration", "Cryptogramme visuel (CVV)", "Nom du titulaire de la carte"])
        #expect(fields.first { $0["id"] == "cardholderName" }?["placeholder"] == "Nom tel qu'il figure sur la carte")
        #expect(fields.first { $0["id"] == "expiryDate" }?["placeholder"] == "MM/AA")
        // A file given by path is shown as written (its texts win), as before.
        let file = try CLI.json(CLI.run(["render", "--locale", "fr", "--product", Fixtures.samplePath("visa")]))
        let fileFields = try #require(file["fields"]?.arrayValue)
        #expect(fileFields.first?["label"] == "Card number")
        // English: the sample's own texts.
        let english = try CLI.json(CLI.run(["render", "--locale", "en", "--product", "sample:visa"]))
        let englishFields = try #require(english["fields"]?.arrayValue)
        #expect(englishFields.first?["label"] == "Card number")
    }
}

extension Fixtures {
    /// A product whose texts and values try to break out of HTML.
    static let hostileProduct = #"""
    {"id": 1, "paymentMethod": "card", "displayHints": {"label": "<script>alert(\"x\")</script> & co"},
     "accountsOnFile": [{"id": 1, "paymentProductId": 1, "attributes": [{"key": "f", "value": "a\"b", "status": "CAN_WRITE"}]}],
     "fields": [{"id": "f", "displayHints": {"label": "<script>alert(\"x\")</script> & co", "formElement": {"type": "text"}}}]}
    """#
}

@Suite("payform render: new members and --values")
struct RenderMembersTests {
    @Test("terms links, images, reasons and limits in the JSON; --asset-base-url resolves paths")
    func newMembers() throws {
        let sepa = try CLI.json(CLI.run(["render", "--product", Fixtures.samplePath("sepa-direct-debit"), "--locale", "de"]))
        let fields = try #require(sepa["fields"]?.arrayValue, "no fields")
        let terms = fields.first { $0["id"] == "termsAndConditions" }
        #expect(terms?["link"] == "https://example.com/sepa-mandate-terms")
        #expect(terms?["linkText"] == "Bedingungen des SEPA-Lastschriftmandats")
        #expect(terms?["label"] == "Ich erteile das SEPA-Lastschriftmandat und akzeptiere die Bedingungen des SEPA-Lastschriftmandats.")
        #expect(fields.first { $0["id"] == "iban" }?["maxLength"] == 42)
        let visa = try CLI.json(CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--asset-base-url", "https://assets.test/"]))
        #expect(visa["product"]?["logo"] == "https://assets.test/templates/master/global/css/img/ppimages/pp_logo_1_v1.png")
        let visaFields = try #require(visa["fields"]?.arrayValue)
        #expect(visaFields.first { $0["id"] == "cvv" }?["tooltipImage"] == "https://assets.test/templates/master/global/css/img/ppimages/ppf_cvv_v1.png")
        #expect(visaFields.first { $0["id"] == "cardNumber" }?["maxLength"] == 23)
        let account = try CLI.json(CLI.run(["render", "--product", Fixtures.samplePath("mastercard-accounts-on-file"), "--account-on-file", "1002"]))
        let accountFields = try #require(account["fields"]?.arrayValue)
        #expect(accountFields.first { $0["id"] == "expiryDate" }?["mustWriteReason"] == "EXPIRED")
    }

    @Test("--values shows the form as submitted with those values")
    func values() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1112", "expiryDate": "12/20", "cvv": "12"}"#)
        let result = CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--values", values, "--now", "2026-06"])
        let json = try CLI.json(result)
        let fields = try #require(json["fields"]?.arrayValue, "no fields")
        #expect(fields.map { $0["errorId"] } == ["luhn", "expirationDate", "length", .null])
        #expect(fields[1]["state"] == "invalid")
        #expect(fields[1]["text"] == "12/20")
        let html = CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--values", values, "--now", "2026-06", "--format", "html"])
        #expect(html.stdout.contains("aria-invalid=\"true\""))
        #expect(html.stdout.contains("role=\"alert\""))
        #expect(!html.stdout.contains("value=\"12\""))   // the CVV never goes into the page
        let text = CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--values", values, "--now", "2026-06", "--format", "text"])
        #expect(text.stdout.contains("✗ This card number is not valid. Please check it."))
        #expect(text.stdout.contains("[ ••"))
        try CLI.expectUsableError(CLI.run(["render", "--product", Fixtures.samplePath("visa"), "--values", try CLI.temporaryFile(#"{"nope": "1"}"#)]),
                                  code: "unknown_field", mentioning: "nope")
    }
}
