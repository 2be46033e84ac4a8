import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormJSON
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSamples
import PaymentFormTestSupport
import PayformCommands

/// `payform form`: the controller over JSON lines, scenario by scenario.
@Suite("payform form")
struct FormCommandTests {
    /// Runs a session: one event per line; returns the answers, one per line, and the result.
    static func session(_ events: [String], product: String = "visa", extra: [String] = []) throws -> ([JSONValue], CommandResult) {
        let result = CLI.run(["form", "--product", "sample:\(product)", "--now", "2026-06"] + extra,
                             stdin: events.joined(separator: "\n") + "\n")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == events.count, "one answer per event")
        let answers = try lines.map { try JSONParser().parse(Array($0.utf8)) }
        return (answers, result)
    }

    /// Typing at the end of the text, one character per event. The caret is the text's end: a
    /// card number's group space appears only once the next digit is typed, so the 5th digit goes
    /// at 4 ("4111" → "4111 1"); Visa's and Mastercard's groups are 4-4-4 and the rest
    /// ("4111 1111 1111 1111110"). (A range past the text's end is refused.)
    static func typing(_ text: String, into field: String) -> [String] {
        var events: [String] = []
        for (typed, character) in text.enumerated() {
            let caret = typed + (field == "cardNumber" && typed > 0 ? min(3, (typed - 1) / 4) : 0)
            events.append(#"{"event":"replace","field":"\#(field)","range":[\#(caret),0],"string":"\#(character)"}"#)
        }
        return events
    }

    @Test("typing a card number digit by digit: the documented answer shape")
    func typingCardNumber() throws {
        let (answers, result) = try Self.session([#"{"event":"focus","field":"cardNumber"}"#] + Self.typing("41111", into: "cardNumber"))
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let last = try #require(answers.last?.objectValue, "not an object")
        #expect(last.keys == ["field", "text", "cursor", "value", "state", "message", "errorId", "complete", "advance", "next", "outcome",
                              "brands", "brand", "brandOptions"])
        #expect(answers.last?["text"] == "4111 1")
        #expect(answers.last?["cursor"] == 6)
        #expect(answers.last?["value"] == "41111")
        #expect(answers.last?["state"] == "incomplete")
        #expect(answers.last?["message"] == .null)
        #expect(answers.last?["outcome"] == "changed")
        #expect(answers.map { $0["text"] } == ["", "4", "41", "411", "4111", "4111 1"].map { .string($0) })
    }

    @Test("backspace right after a separator via replace, forward delete, paste over a selection")
    func editing() throws {
        let (answers, _) = try Self.session(Self.typing("411156", into: "cardNumber") + [
            #"{"event":"select","field":"cardNumber","selection":[5,5]}"#,
            #"{"event":"replace","field":"cardNumber","range":[4,1],"string":""}"#,     // backspace: deletes the last 1
            #"{"event":"select","field":"cardNumber","selection":[3,3]}"#,
            #"{"event":"replace","field":"cardNumber","range":[3,1],"string":""}"#,     // forward delete: the 5
            #"{"event":"edit","field":"cardNumber","selection":[0,4],"insert":"9999 88"}"#,   // paste over a selection
            #"{"event":"edit","field":"cardNumber","selection":[7,7],"delete":"backward"}"#,
            #"{"event":"replace","field":"cardNumber","range":[2,0],"string":""}"#,
        ])
        #expect(answers[7]["text"] == "4115 6")
        #expect(answers[7]["cursor"] == 3)
        #expect(answers[9]["text"] == "4116")
        #expect(answers[9]["cursor"] == 3)
        #expect(answers[10]["text"] == "9999 88")
        #expect(answers[10]["cursor"] == 7)
        #expect(answers[11]["text"] == "9999 8")
        #expect(answers[12]["outcome"] == "rejected")
    }

    @Test("expiry: shortcut, impossible months rejected, expired invalid when full, MM/YYYY set")
    func expiry() throws {
        let (answers, _) = try Self.session([
            #"{"event":"focus","field":"expiryDate"}"#,
            #"{"event":"replace","field":"expiryDate","range":[0,0],"string":"2"}"#,
            #"{"event":"set","field":"expiryDate","value":"1"}"#,
            #"{"event":"replace","field":"expiryDate","range":[1,0],"string":"3"}"#,
            #"{"event":"set","field":"expiryDate","value":"0"}"#,
            #"{"event":"replace","field":"expiryDate","range":[1,0],"string":"0"}"#,
            #"{"event":"set","field":"expiryDate","value":"12/2"}"#,
            #"{"event":"replace","field":"expiryDate","range":[4,0],"string":"0"}"#,
            #"{"event":"set","field":"expiryDate","value":"12/2030"}"#,
        ])
        #expect(answers[1]["text"] == "02")
        // 1 then 3: no month 13, and no other month made of it either: kept, invalid at once.
        #expect(answers[3]["outcome"] == "changed")
        #expect(answers[3]["text"] == "13")
        #expect(answers[3]["cursor"] == 2)
        #expect(answers[3]["state"] == "invalid")
        #expect(answers[3]["errorId"] == "expirationDate")
        // 0 then 0: kept, and shown at once as a month that cannot exist.
        #expect(answers[5]["outcome"] == "changed")
        #expect(answers[5]["text"] == "00")
        #expect(answers[5]["state"] == "invalid")
        #expect(answers[5]["message"] != .null)
        #expect(answers[6]["state"] == "incomplete")
        #expect(answers[7]["text"] == "12/20")
        #expect(answers[7]["state"] == "invalid")
        #expect(answers[7]["errorId"] == "expirationDate")         // focused and invalid: shown
        #expect(answers[7]["message"] == "This card has expired.")
        #expect(answers[8]["text"] == "12/30")
        #expect(answers[8]["state"] == "valid")
        #expect(answers[8]["complete"] == .bool(true))
        #expect(answers[8]["advance"] == .bool(true))
        #expect(answers[8]["next"] == "cvv")
    }

    @Test("messages follow the display policy: focus, blur, submit")
    func displayPolicy() throws {
        let (answers, _) = try Self.session([
            #"{"event":"focus","field":"cvv"}"#,
            #"{"event":"replace","field":"cvv","range":[0,0],"string":"1"}"#,
            #"{"event":"blur","field":"cvv"}"#,
            #"{"event":"focus","field":"cvv"}"#,
            #"{"event":"blur","field":"cvv"}"#,
            #"{"event":"focus","field":"cardNumber"}"#,
            #"{"event":"blur","field":"cardNumber"}"#,
            #"{"event":"submit"}"#,
            #"{"event":"blur","field":"cardNumber"}"#,
        ])
        #expect(answers[1]["message"] == .null)
        #expect(answers[2]["errorId"] == "length")
        #expect(answers[3]["message"] == .null)
        #expect(answers[4]["errorId"] == "length")
        #expect(answers[6]["message"] == .null)                    // empty, never edited
        #expect(answers[7]["valid"] == .bool(false))
        let errors = try #require(answers[7]["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["fieldId"] } == ["cardNumber", "expiryDate", "cvv", "cvv"].map { .string($0) })
        #expect(errors.first?["message"] == "Enter your card number.")
        #expect(answers[7]["prepared"] == .null)
        #expect(answers[8]["errorId"] == "required")               // after submit: shown
    }

    @Test("card brands: reported on every card-number answer, advance at the brand's longest length, co-badge choice")
    func brands() throws {
        // A Dankort product (123) beside Visa, so that the Dankort + Visa card offers a choice.
        let dankort = try CLI.temporaryFile(#"{"id": 123, "paymentMethod": "card", "displayHints": {"label": "Dankort", "logo": "x"}, "fields": [{"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}}}, "displayHints": {"displayOrder": 1, "formElement": {"type": "text"}}}]}"#)
        let (answers, _) = try Self.session([#"{"event":"focus","field":"cardNumber"}"#] + Self.typing("4111111111111111110", into: "cardNumber") + [
            #"{"event":"set","field":"cardNumber","value":"4571"}"#,
            #"{"event":"selectBrand","brand":"visa"}"#,
            #"{"event":"selectBrand","brand":"mir"}"#,
            #"{"event":"selectBrand","brand":null}"#,
        ], extra: ["--product", dankort])
        #expect(answers[1]["brands"] == ["visa", "naranja", "maestro", "elo", "dankort", "bancontact", "mada"])
        #expect(answers[5]["text"] == "4111 1")
        #expect(answers[5]["brands"] == ["visa"])
        #expect(answers[5]["brandOptions"] == [])
        // A valid 16-digit Visa number may still grow to 19: complete and advance only there.
        #expect(answers[16]["state"] == "valid")
        #expect(answers[16]["advance"] == .bool(false))
        #expect(answers[16]["complete"] == .bool(false))
        #expect(answers[19]["advance"] == .bool(true))
        #expect(answers[19]["complete"] == .bool(true))
        #expect(answers[19]["next"] == "expiryDate")
        // Dankort + Visa: the brand listed first is pre-selected, and its product is the form's.
        #expect(answers[20]["brands"] == ["dankort", "visa"])
        #expect(answers[20]["brand"] == "dankort")
        #expect(answers[20]["brandOptions"]?.arrayValue?.map { $0["brand"] } == ["dankort", "visa"])
        #expect(answers[20]["itemChanged"] == .bool(true))
        #expect(answers[20]["product"] == "123")
        #expect(answers[21]["brand"] == "visa")
        #expect(answers[21]["product"] == "1")
        #expect(answers[22]["error"]?["code"] == "bad_event")
        #expect(answers[23]["brand"] == .null)
        #expect(answers[23]["product"] == "123")   // cleared: the card's own brand, listed first, pays
    }

    @Test("the cards group: one form for every card, the number names the product", arguments: [
        ("378282246310005", "3782 822463 10005", "2"), ("5555555555554444", "5555 5555 5555 4444", "3"), ("4111111111111111", "4111 1111 1111 1111", "1"),
    ])
    func cardsGroup(number: String, text: String, productId: String) throws {
        let result = CLI.run(["form", "--product", "sample:cards", "--product", "sample:visa", "--product", "sample:amex",
                              "--product", "sample:mastercard-accounts-on-file", "--now", "2026-06", "--public-key", "sample:demo",
                              "--client-session-id", "s"],
                             stdin: [#"{"event":"focus","field":"cardNumber"}"#, #"{"event":"set","field":"cardNumber","value":"\#(number)"}"#,
                                     #"{"event":"set","field":"expiryDate","value":"12/30"}"#, #"{"event":"set","field":"cvv","value":"1234"}"#,
                                     #"{"event":"submit"}"#].joined(separator: "\n") + "\n")
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        try #require(answers.count == 5, "\(result.stderr)")
        #expect(answers[1]["text"] == .string(text))
        #expect(answers[1]["itemChanged"] == .bool(true))
        #expect(answers[1]["product"] == .string(productId))
        #expect(answers[4]["valid"] == .bool(true))
        #expect(answers[4]["prepared"]?["encryptedFields"] != nil)
        #expect(answers[4]["paymentProductId"] == .string(productId))
    }

    @Test("validate and render take the cards group; validate names the product the number picks")
    func groupInOtherCommands() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "3782 822463 10005", "expiryDate": "12/30", "cvv": "1234"}"#)
        let validated = CLI.run(["validate", "--product", "sample:cards", "--product", "sample:visa", "--product", "sample:amex",
                                 "--values", values, "--now", "2026-06"])
        #expect(validated.exitCode == 0, "\(validated.stdout)")
        #expect(try CLI.json(validated)["paymentProductId"] == "2")
        let discover = try CLI.temporaryFile(#"{"cardNumber": "6011111111111117", "expiryDate": "12/30", "cvv": "123"}"#)
        let refused = CLI.run(["validate", "--product", "sample:cards", "--product", "sample:visa", "--values", discover, "--now", "2026-06"])
        #expect(refused.exitCode == 1)
        #expect(try CLI.json(refused)["errors"]?.arrayValue?.first?["errorId"] == "cardNotAccepted")
        let rendered = CLI.run(["render", "--product", "sample:cards"])
        #expect(rendered.exitCode == 0, "\(rendered.stderr)")
        #expect(try CLI.json(rendered)["product"]?["id"] == "cards")
        #expect(try CLI.json(rendered)["fields"]?.arrayCount == 4)
        let file = CLI.run(["render", "--product", Fixtures.groupPath("cards"), "--format", "html"])
        #expect(file.exitCode == 0)
    }

    @Test("a product without paymentMethod decodes, as the official SDKs' fixtures send it")
    func productWithoutPaymentMethod() throws {
        let product = try CLI.temporaryFile(#"{"id": 1, "displayHints": {"label": "Visa", "logo": "x"}, "fields": [{"id": "cvv", "type": "numericstring", "displayHints": {"formElement": {"type": "text"}}}]}"#)
        let rendered = CLI.run(["render", "--product", product])
        #expect(rendered.exitCode == 0, "\(rendered.stdout)")
        #expect(try CLI.json(rendered)["product"]?["id"] == "1")
    }

    @Test("a card number of a brand the form takes no product for: cardNotAccepted, shown at once, submit refused")
    func cardNotAccepted() throws {
        let (answers, _) = try Self.session([
            #"{"event":"focus","field":"cardNumber"}"#,
            #"{"event":"set","field":"cardNumber","value":"6011111111111117"}"#,
            #"{"event":"set","field":"expiryDate","value":"12/30"}"#,
            #"{"event":"set","field":"cvv","value":"123"}"#,
            #"{"event":"submit"}"#,
        ], extra: ["--product", "sample:amex"])
        #expect(answers[1]["brands"] == ["discover"])
        #expect(answers[1]["errorId"] == "cardNotAccepted")
        #expect(answers[1]["message"] == "This card is not accepted. Please use another card.")
        #expect(answers[1]["state"] == "invalid")
        #expect(answers[4]["valid"] == .bool(false))
        #expect(answers[4]["errors"]?.arrayValue?.first?["errorId"] == "cardNotAccepted")
        #expect(answers[4]["prepared"] == .null)
    }

    @Test("auto-advance at the mask's end (CVV 4 digits), not before")
    func advance() throws {
        let (answers, _) = try Self.session([#"{"event":"focus","field":"cvv"}"#] + Self.typing("1234", into: "cvv"))
        #expect(answers.dropFirst().map { $0["advance"] } == [false, false, false, true].map { .bool($0) })
        #expect(answers.last?["next"] == "cardholderName")
        #expect(answers[3]["complete"] == .bool(false))
    }

    @Test("an over-typed key never reaches the next field: a fifth security-code digit, an expiry typo")
    func overTyping() throws {
        // American Express: the 4-digit code completes and moves on; the fifth digit, arriving in
        // the name as the screen followed the advance, is refused; the name's first letter is not.
        let (answers, _) = try Self.session([#"{"event":"focus","field":"cvv"}"#] + Self.typing("1234", into: "cvv") + [
            #"{"event":"blur","field":"cvv"}"#, #"{"event":"focus","field":"cardholderName"}"#,
            #"{"event":"edit","field":"cardholderName","selection":[0,0],"insert":"5"}"#,
            #"{"event":"edit","field":"cardholderName","selection":[0,0],"insert":"J"}"#,
        ], product: "amex")
        #expect(answers[4]["advance"] == .bool(true))
        #expect(answers[4]["next"] == "cardholderName")
        #expect(answers[7]["field"] == "cardholderName")
        #expect(answers[7]["outcome"] == "rejected")
        #expect(answers[7]["text"] == "")
        #expect(answers[8]["outcome"] == "changed")
        #expect(answers[8]["text"] == "J")
        // 1330 typed into MM/YY (a typo for 13/30): kept as typed and invalid, no advance.
        let keys = zip("1330", [0, 1, 2, 4]).map { #"{"event":"edit","field":"expiryDate","selection":[\#($1),\#($1)],"insert":"\#($0)"}"# }
        let (expiry, _) = try Self.session([#"{"event":"focus","field":"expiryDate"}"#] + keys)
        #expect(expiry.dropFirst().map { $0["text"] } == ["1", "13", "13/3", "13/30"])
        #expect(expiry.dropFirst().map { $0["advance"] } == [false, false, false, false].map { .bool($0) })
        #expect(expiry.last?["state"] == "invalid")
        #expect(expiry.last?["errorId"] == "expirationDate")
    }

    @Test("account on file: read-only fields valid, MUST_WRITE required, CAN_WRITE prefilled")
    func accountOnFile() throws {
        let (answers, result) = try Self.session([
            #"{"event":"submit"}"#,
            #"{"event":"edit","field":"cardNumber","selection":[0,0],"insert":"5"}"#,
            #"{"event":"set","field":"cvv","value":"123"}"#,
            #"{"event":"submit"}"#,
            #"{"event":"selectAccountOnFile","id":null}"#,
            #"{"event":"selectAccountOnFile","id":"42"}"#,
        ], product: "mastercard-accounts-on-file", extra: ["--account-on-file", "1001"])
        #expect(result.exitCode == 0)
        #expect(answers[0]["errors"] == [["fieldId": "cvv", "errorId": "required", "message": "Enter the security code."]])
        #expect(answers[1]["outcome"] == "rejected")
        #expect(answers[1]["state"] == "valid")
        #expect(answers[1]["text"] == "**** **** **** 4444")
        #expect(answers[1]["message"] == .null)
        #expect(answers[3]["valid"] == .bool(true))
        #expect(answers[4]["accountOnFile"] == .null)
        let changed = try #require(answers[4]["fields"]?.arrayValue, "no fields")
        #expect(changed.map { $0["field"] }.contains("cardNumber"))
        #expect(answers[5]["error"]?["code"] == "bad_event")
        // An unknown account on the command line is a usage-level failure.
        try CLI.expectUsableError(CLI.run(["form", "--product", "sample:mastercard-accounts-on-file", "--account-on-file", "9"], stdin: ""),
                                  code: "unknown_account_on_file", mentioning: "--account-on-file 9")
    }

    @Test("the card number switches the product; the values are kept, re-formatted with the new mask")
    func productSwitch() throws {
        let (answers, _) = try Self.session([
            #"{"event":"set","field":"cvv","value":"1234"}"#,
            #"{"event":"set","field":"cardNumber","value":"378282246310005"}"#,
            #"{"event":"selectProduct","id":"99"}"#,
            #"{"event":"submit"}"#,
        ], extra: ["--product", "sample:amex"])
        #expect(answers[1]["text"] == "3782 822463 10005")
        #expect(answers[1]["itemChanged"] == .bool(true))
        #expect(answers[1]["product"] == "2")
        let fields = try #require(answers[1]["fields"]?.arrayValue, "no fields")
        #expect(fields.map { $0["field"] } == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        #expect(fields.first { $0["field"] == "cvv" }?["text"] == "1234")
        #expect(answers[2]["error"]?["code"] == "bad_event")
        #expect(answers[3]["paymentProductId"] == "2")
    }

    @Test("switching Visa → American Express with 16 digits keeps them all and shows the length error")
    func productSwitchKeepsEveryDigit() throws {
        // A number no brand has names no product: the switch asked for stays.
        let (answers, _) = try Self.session([
            #"{"event":"focus","field":"cardNumber"}"#,
            #"{"event":"set","field":"cardNumber","value":"9111111111111111"}"#,
            #"{"event":"selectProduct","id":"2"}"#,
            #"{"event":"set","field":"cvv","value":"12345"}"#,
            #"{"event":"blur","field":"cvv"}"#,
        ], extra: ["--product", "sample:amex"])
        let fields = try #require(answers[2]["fields"]?.arrayValue, "no fields")
        let card = fields.first { $0["field"] == "cardNumber" }
        #expect(card?["value"] == "9111111111111111")
        #expect(card?["text"] == "9111 111111 111111")
        #expect(card?["errorId"] == "length")
        #expect(card?["state"] == "invalid")
        #expect(answers[3]["value"] == "12345")
        #expect(answers[3]["errorId"] == "length")
        #expect(answers[4]["state"] == "invalid")
    }

    @Test("submit with a key prepares a request that decrypts to the values")
    func submitWithKey() throws {
        let keyFile = try CLI.temporaryFile(String(decoding: try Fixtures.demoPublicKeyJSON(), as: UTF8.self))
        let (answers, _) = try Self.session([
            #"{"event":"set","field":"cardNumber","value":"4111111111111111"}"#,
            #"{"event":"submit"}"#,
            #"{"event":"set","field":"expiryDate","value":"12/30"}"#,
            #"{"event":"set","field":"cvv","value":"123"}"#,
            #"{"event":"submit"}"#,
        ], extra: ["--public-key", keyFile, "--client-session-id", "session-1"])
        #expect(answers[1]["prepared"] == .null)
        let token = try #require(answers[4]["prepared"]?["encryptedFields"]?.stringValue, "nothing prepared")
        let pem = try Fixtures.demoPrivateKeyPEM()
        let payload = try DecryptedPayload(token: token, key: try DecryptionKey(pemRepresentation: pem))
        #expect(payload.json["clientSessionId"] == "session-1")
        #expect(payload.json["paymentValues"] == [
            ["key": "cardNumber", "value": "4111111111111111"], ["key": "expiryDate", "value": "1230"], ["key": "cvv", "value": "123"],
        ])
        try CLI.expectUsableError(CLI.run(["form", "--product", "sample:visa", "--public-key", keyFile], stdin: ""),
                                  code: "usage", mentioning: "--client-session-id")
    }

    @Test("a malformed line answers an error and the session goes on; nothing reaches stderr", arguments: [
        "not json", "[1,2]", #"{"field":"cardNumber"}"#, #"{"event":"explode"}"#, #"{"event":"edit","field":"cardNumber","selection":[0],"insert":"4111"}"#,
        #"{"event":"edit","field":"cardNumber","selection":[0,0]}"#, #"{"event":"edit","field":"nope","selection":[0,0],"insert":"4"}"#,
        #"{"event":"replace","field":"cardNumber","range":[-1,0],"string":"4"}"#, #"{"event":"set","field":"cardNumber","value":4111}"#,
        "", #"{"event":"edit","field":"cardNumber","selection":[0,0],"delete":"4111111111111111"}"#,
    ])
    func malformed(line: String) throws {
        let (answers, result) = try Self.session([
            #"{"event":"set","field":"cardNumber","value":"4111111111111111"}"#, line,
            #"{"event":"set","field":"cvv","value":"123"}"#,
        ])
        #expect(answers[1]["error"]?["code"] == "bad_event")
        let message = try #require(answers[1]["error"]?["message"]?.stringValue, "no message")
        #expect(message.hasPrefix("line 2: "))
        #expect(!message.contains("4111"))
        #expect(answers[2]["text"] == "123")
        #expect(result.stderr.isEmpty)
        #expect(result.exitCode == 0)
    }

    @Test("the product must load (exit 2); standard input cannot be the product")
    func productErrors() throws {
        try CLI.expectUsableError(CLI.run(["form", "--product", "/nonexistent.json"], stdin: ""), code: "unreadable_file", mentioning: "--product")
        try CLI.expectUsableError(CLI.run(["form", "--product", "-"], stdin: "{}"), code: "usage", mentioning: "standard input")
        try CLI.expectUsableError(CLI.run(["form"], stdin: ""), code: "usage", mentioning: "--product")
    }

    @Test("lines: CRLF, no final line break, an overlong line")
    func lines() throws {
        let events = #"{"event":"set","field":"cvv","value":"12"}"# + "\r\n" + String(repeating: " ", count: JSONLines.maximumLineBytes + 10)
            + "\n" + #"{"event":"blur","field":"cvv"}"#
        let result = CLI.run(["form", "--product", "sample:visa"], stdin: events)
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(answers.count == 3)
        #expect(answers[0]["text"] == "12")
        #expect(answers[1]["error"]?["code"] == "bad_event")
        #expect(answers[2]["errorId"] == "length")
    }

    @Test("each answer is written as soon as its line is read")
    func streaming() throws {
        let chunks = [#"{"event":"set","field":"cvv","value":"1"}"# + "\n" + #"{"event":"set","#, #""field":"cvv","value":"12"}"# + "\n", ""]
        let feeder = ChunkFeeder(chunks)
        let output = OutputCollector()
        let context = CommandContext(readStandardInput: { Data() }, environment: [:], readStandardInputChunk: feeder.next,
                                     writeAnswerLines: output.write)
        let result = Payform.run(["form", "--product", "sample:visa"], context: context)
        #expect(result.stdout.isEmpty)
        #expect(output.writes.count == 2)
        #expect(output.writes.first?.hasPrefix(#"{"field":"cvv","text":"1","#) == true)
    }
}

/// Feeds fixed chunks, then the end of input.
final class ChunkFeeder: Sendable {
    private let chunks: Shared<[String]>
    init(_ chunks: [String]) { self.chunks = Shared(chunks) }
    @Sendable func next() -> Data {
        chunks.withLock { $0.isEmpty ? Data() : Data($0.removeFirst().utf8) }
    }
}

/// Records each write.
final class OutputCollector: Sendable {
    private let recorded = Shared<[String]>([])
    var writes: [String] { recorded.value }
    @discardableResult
    @Sendable func write(_ text: String) -> Bool {
        recorded.append(text)
        return true
    }
}

@Suite("payform validate --batch")
struct ValidateBatchTests {
    @Test("many requests, one process, one answer per line in order")
    func batch() throws {
        let lines = [
            #"{"values":{"cardNumber":"5555 5555 5555 4444","expiryDate":"12/30","cvv":"123"}}"#,
            #"{"values":{"cardNumber":"5555555555554445","cvv":"1"}}"#,
            #"{"values":{"expiryDate":"12/30","cvv":"123"},"accountOnFile":"1002"}"#,
            "oops",
            #"{"values":{"nope":"1"}}"#,
            #"{"values":{"cvv":123}}"#,
            #"{"accountOnFile":"9"}"#,
            #"{"values":{},"extra":1}"#,
        ]
        let result = CLI.run(["validate", "--batch", "--product", "sample:mastercard-accounts-on-file", "--now", "2026-06"],
                             stdin: lines.joined(separator: "\n"))
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        #expect(answers.count == lines.count)
        #expect(answers[0] == ["valid": true, "errors": []])
        #expect(answers[1]["valid"] == .bool(false))
        let errors = try #require(answers[1]["errors"]?.arrayValue, "no errors")
        #expect(errors.map { $0["errorId"] } == ["luhn", "required", "length", "regularExpression"].map { .string($0) })
        #expect(answers[2] == ["valid": true, "errors": []])
        #expect(answers[3]["error"]?["code"] == "bad_request")
        #expect(answers[4]["error"]?["code"] == "unknown_field")
        #expect(answers[5]["error"]?["code"] == "bad_request")
        #expect(answers[6]["error"]?["code"] == "unknown_account_on_file")
        #expect(answers[7]["error"]?["code"] == "bad_request")
        for answer in answers { #expect(!JSONWriter().string(from: answer).contains("5555")) }
        // The default account applies to lines that name none.
        let withDefault = CLI.run(["validate", "--batch", "--product", "sample:mastercard-accounts-on-file", "--account-on-file", "1001"],
                                  stdin: #"{"values":{"cvv":"123"}}"#)
        #expect(try CLI.json(withDefault) == ["valid": true, "errors": []])
    }

    @Test("--batch refuses values on the command line")
    func usage() throws {
        try CLI.expectUsableError(CLI.run(["validate", "--batch", "--product", "sample:visa", "--value", "cvv=1"]), code: "usage", mentioning: "--batch")
        try CLI.expectUsableError(CLI.run(["validate", "--batch", "--product", "sample:visa", "--account-on-file", "1"]),
                                  code: "unknown_account_on_file", mentioning: "--account-on-file 1")
    }

    /// Security review: in WebAssembly, one event nested deeper than the JSON limit overflowed the
    /// engine's stack into its heap, and `payform-wasm form` then died without answering the rest.
    @Test("a line nested past the JSON limit answers bad_event, and the lines after it are answered", arguments: [257, 300, 5_000])
    func deepLineThenNormalLines(depth: Int) throws {
        let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let lines = [deep, #"{"event":"set","field":"cvv","value":"12"}"#, #"{"event":"set","field":"cardNumber","value":"4111111111111111"}"#,
                     #"{"event":"focus","field":"cvv"}"#]
        let result = CLI.run(["form", "--product", "sample:visa", "--now", "2026-11"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.exitCode == 0)
        let answers = try result.stdout.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
        try #require(answers.count == 4, "\(result.stdout.prefix(300)) \(result.stderr.prefix(300))")
        #expect(answers[0]["error"]?["code"] == "bad_event")
        #expect(answers[0]["error"]?["message"]?.stringValue?.contains("nesting deeper than 256 levels") == true)
        #expect(answers[1]["text"] == "12")
        #expect(answers[2]["text"] == "4111 1111 1111 1111")
        #expect(answers[3]["field"] == "cvv")
    }
}
