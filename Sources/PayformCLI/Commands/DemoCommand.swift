import Foundation
import PaymentFormEngine
import PaymentFormSamples
import PaymentFormRendering
import PaymentFormDecryption
import PayformCommands

/// `payform demo`: the whole flow on a shipped sample with the shipped demo key.
enum DemoCommand {
    enum Option: LocaleOption {
        case locale

        var spec: OptionSpec { .locale(help: "Language of labels and messages (default: from the environment, then en).") }

        static let usage: [Usage<Option>] = [.optional(.locale)]
    }

    static let spec = CommandSpec(
        name: "demo",
        summary: "Run the whole flow on a shipped sample: form, typing, validation, encryption, decryption.",
        details: """
        Uses the Visa sample product and the demo key pair shipped inside payform (the demo private
        key is public: never use it for real card data). Exits 0 when the decrypted payload holds
        exactly the values that were typed. Text output; colour only when stdout is a terminal.
        """,
        options: Option.self,
        run: run
    )

    static func run(_ arguments: ParsedArguments<Option>, _ context: CommandContext) throws(CLIError) -> CommandResult {
        var out = DemoWriter(color: context.isTerminal)
        guard let productData = Samples.product(named: "visa"),
              let keyData = Samples.demoPublicKeyResponse, let privateKeyData = Samples.demoPrivateKeyPEM
        else { throw CLIError(code: "missing_sample", message: "the shipped demo samples are missing from this build") }
        let product: PaymentProduct
        let key: EncryptionKey
        let privateKey: DecryptionKey
        do {
            product = try PaymentProduct.decode(from: productData).value
            key = try EncryptionKey(PublicKeyResponse.decode(from: keyData).value)
            privateKey = try DecryptionKey(pemRepresentation: String(decoding: privateKeyData, as: UTF8.self))
        } catch {
            throw CLIError(code: "missing_sample", message: "the shipped demo samples cannot be read: \(error)")
        }
        let localizer = context.localizer(arguments)
        let now = ValidationContext.current()
        let expiry = String(format: "12%02d", (now.now.year + 3) % 100)

        // 1. The form.
        out.heading("1. The form a front end draws (product \(product.id), language \(localizer.languageTag))")
        out.line(FormTextRenderer(color: context.isTerminal).render(PaymentForm(product: product, localizer: localizer)))

        // 2. Typing, keystroke by keystroke.
        out.heading("2. Typing a card number, one keystroke at a time (| is the caret)")
        let formatter = FieldFormatter(mask: product.field(withId: "cardNumber")?.mask)
        var text = ""
        var caret = 0
        for digit in "4111111111111111" {
            let result = formatter.apply(.insert(String(digit)), to: text, selection: caret..<caret)
            (text, caret) = (result.text, result.cursor)
            out.line("  type \(digit)   " + Self.withCaret(text, caret))
        }
        for (label, edit, selection) in [
            ("backspace at the end", TextEdit.deleteBackward, caret..<caret),
            ("backspace after a space", .deleteBackward, 5..<5),
            ("paste 4111-1111-1111-1111", .insert("4111-1111-1111-1111"), 0..<text.utf16.count),
            ("type x (rejected)", .insert("x"), 4..<4),
        ] {
            let result = formatter.apply(edit, to: text, selection: selection)
            (text, caret) = (result.text, result.cursor)
            out.line("  \(label.padded(to: 27)) " + Self.withCaret(text, caret) + "   \(result.outcome.rawValue)")
        }

        // 3. A bad and a good submission.
        out.heading("3. Validating a bad submission")
        let bad = ["cardNumber": "4111 1111 1111 1112", "expiryDate": "13/20", "cvv": "12"]
        let badReport = try request(product, bad).validate(in: now)
        for error in badReport.errors {
            out.line("  ✗ \(error.fieldId.padded(to: 15)) \(error.errorId.padded(to: 18)) \(localizer.message(for: error))")
        }
        let good = ["cardNumber": text, "expiryDate": String(expiry.prefix(2)) + "/" + String(expiry.suffix(2)), "cvv": "123", "cardholderName": "Zoë O'Brien-Ñúñez"]
        let goodRequest = try request(product, good)
        let goodReport = goodRequest.validate(in: now)
        out.heading("4. Validating a good submission")
        out.line("  " + (goodReport.isValid ? "✓ valid: " + goodReport.values.map(\.fieldId).joined(separator: ", ") : "✗ unexpectedly invalid: \(goodReport)"))

        // 4. Encryption and the round trip.
        let prepared: PreparedPaymentRequest
        let payload: DecryptedPayload
        do {
            prepared = try goodRequest.prepare(clientSessionId: "demo-session \"0001\"", key: key, metaInfo: .current(appIdentifier: "payform-demo"), in: now)
            payload = try DecryptedPayload(token: prepared.encryptedFields, key: privateKey)
        } catch let error as PrepareError {
            throw CLIError(code: error.code, message: "demo: \(error)")
        } catch let error as DecryptionError {
            throw CLIError(code: error.code, message: "demo: \(error)")
        } catch {
            throw CLIError(code: "internal", message: "demo: \(error)")
        }
        out.heading("5. The prepared request (key \(key.keyId), a sample key: never for real card data)")
        let segments = prepared.encryptedFields.split(separator: ".")
        out.line("  encryptedFields: JWE with \(segments.count) segments, \(prepared.encryptedFields.count) characters")
        out.line("    header: " + String(segments.first ?? ""))
        out.line("  encodedClientMetaInfo: " + prepared.encodedClientMetaInfo)
        out.heading("6. Decrypted with the demo private key")
        out.line(payload.json.prettyText.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        var expected: [String: String] = [:]
        for field in product.fields {
            if let value = good[field.id] { expected[field.id] = field.unmask(value) }
        }
        let roundTrip = payload.paymentValues == expected
        out.heading("7. Round trip")
        out.line(roundTrip ? "  ✓ the decrypted values equal the typed values, unmasked" : "  ✗ the decrypted values differ from the typed values")
        return CommandResult(stdout: out.text, exitCode: roundTrip && goodReport.isValid && !badReport.isValid ? 0 : 1)
    }

    static func request(_ product: PaymentProduct, _ values: [String: String]) throws(CLIError) -> PaymentRequest {
        var request = PaymentRequest(product: product)
        for (field, value) in values.sorted(by: { $0.key < $1.key }) {
            do {
                try request.setValue(value, forField: field)
            } catch {
                throw CLIError(code: error.code, message: "demo: \(error)")
            }
        }
        return request
    }

    /// The text with a `|` at the UTF-16 caret offset.
    static func withCaret(_ text: String, _ caret: Int) -> String {
        let utf16 = Array(text.utf16)
        let split = min(max(caret, 0), utf16.count)
        return String(decoding: utf16[..<split], as: UTF16.self) + "|" + String(decoding: utf16[split...], as: UTF16.self)
    }
}

/// Collects the demo's text, with bold headings on a terminal.
struct DemoWriter {
    let color: Bool
    private(set) var text = ""

    mutating func heading(_ title: String) {
        text += "\n" + (color ? "\u{1B}[1m\(title)\u{1B}[0m" : title) + "\n"
    }

    mutating func line(_ line: String) {
        text += line + "\n"
    }
}

extension String {
    func padded(to width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
