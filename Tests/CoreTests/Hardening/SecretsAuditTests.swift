import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormEncryption
import PaymentFormTestSupport
import PaymentFormFixtures

/// Card data and keys must never reach a description, a debug description, a `dump`, or an error
/// message. The request is filled with known, distinctive values; every type that held them, and
/// every error raised on the way, is rendered each way a logger or debugger would, and searched.
@Suite("Secrets audit")
struct SecretsAuditTests {
    static let pan = "4929518637402760"
    static let cvv = "7391"
    static let expiry = "0831"

    /// The forms a secret can take in text: as typed, grouped, masked, unmasked.
    static let needles = [pan, "4929 5186 3740 2760", "492951863740", "5186374027", cvv, expiry, "08/31"]

    private let context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// `description`, `debugDescription` (via `String(reflecting:)`), `dump`, and for errors the
    /// message Foundation would show.
    static func renderings(of subject: Any) -> [String] {
        var dumped = ""
        dump(subject, to: &dumped)
        var texts = [String(describing: subject), String(reflecting: subject), dumped]
        if let error = subject as? any Error {
            texts.append(error.localizedDescription)
            texts.append("\(error)")
        }
        return texts
    }

    static func expectNoSecret(in subjects: [(name: String, value: Any)], extraNeedles: [String] = [],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, value) in subjects {
            for text in renderings(of: value) {
                for needle in needles + extraNeedles where text.contains(needle) {
                    Issue.record("\(name) shows a secret (\(needle.count) characters) in: \(text.prefix(300))",
                                 sourceLocation: sourceLocation)
                }
            }
        }
    }

    private func filledRequest() throws -> PaymentRequest {
        var request = PaymentRequest(product: try Fixtures.sample("visa"))
        try request.setValue("4929 5186 3740 2760", forField: "cardNumber")
        try request.setValue("08/31", forField: "expiryDate")
        try request.setValue(Self.cvv, forField: "cvv")
        return request
    }

    @Test("requests, reports and edits never show the card data")
    func requestsAndReports() throws {
        let request = try filledRequest()
        let valid = request.validate(in: context)
        #expect(valid.isValid)
        var invalidRequest = request
        try invalidRequest.setValue(Self.pan + "9", forField: "cardNumber")
        try invalidRequest.setValue(Self.cvv + "9", forField: "cvv")
        let invalid = invalidRequest.validate(in: context)
        #expect(!invalid.isValid)

        let mask = try #require(request.item.field(withId: "cardNumber")?.mask)
        let typed = mask.apply(.insert(Self.pan), to: "", selection: 0..<0)
        #expect(typed.text == "4929 5186 3740 2760")   // the edit works; only its renderings are redacted

        // The error a value for an unknown field throws: it must be thrown, and must not hold the value.
        var copy = request
        let unknownFieldError = try #require(#expect(throws: PaymentRequestError.self) {
            try copy.setValue(Self.pan, forField: "no-such-field")
        })
        Self.expectNoSecret(in: [
            ("PaymentRequest", request),
            ("invalid PaymentRequest", invalidRequest),
            ("valid ValidationReport", valid),
            ("invalid ValidationReport", invalid),
            ("FieldError", invalid.errors),
            ("ValidationError", invalid.errors.map(\.error)),
            ("EditResult", typed),
            ("TextEdit", TextEdit.insert(Self.pan)),
            ("FormattedText", mask.format(Self.pan, cursor: 4)),
            ("PaymentRequestError", unknownFieldError),
        ])
    }

    @Test("accounts on file never show their stored values")
    func accountsOnFile() throws {
        let product = try Fixtures.sample("mastercard-accounts-on-file")
        var request = PaymentRequest(product: product)
        try request.selectAccountOnFile(withId: "1001")
        try request.setValue(Self.cvv, forField: "cvv")
        let report = request.validate(in: context)
        #expect(report.isValid)
        Self.expectNoSecret(in: [
            ("AccountOnFile", product.accountsOnFile),
            ("PaymentRequest with an account on file", request),
            ("ValidationReport with an account on file", report),
            // Regression: the form's description and dump used to show the prefilled values.
            ("PaymentForm with an account on file",
             PaymentForm(product: product, accountOnFile: product.accountOnFile(withId: "1001"), localizer: Localizer(languageTag: "en"))),
            ("FormField with a prefilled value",
             PaymentForm(product: product, accountOnFile: product.accountOnFile(withId: "1001"), localizer: Localizer(languageTag: "en")).fields),
        ], extraNeedles: ["************4444", "555555XXXXXX4444", "1230", "0325", "4444", "12/30"])
    }

    @Test("prepare, decrypt and their errors never show card data or key material")
    func encryption() throws {
        let request = try filledRequest()
        let response = try Fixtures.demoPublicKeyResponse()
        let pem = try Fixtures.demoPrivateKeyPEM()
        let encryptionKey = try EncryptionKey(response)
        let decryptionKey = try DecryptionKey(pemRepresentation: pem)
        let privateKey = try RSAPrivateKey(pemRepresentation: pem)

        let prepared = try request.prepare(clientSessionId: "audit", key: encryptionKey, metaInfo: .current(appIdentifier: "audit"), in: context)
        let payload = try DecryptedPayload(token: prepared.encryptedFields, key: decryptionKey)
        #expect(payload.paymentValues["cardNumber"] == Self.pan)   // the round trip holds
        let decryption = try JWE.decrypt(prepared.encryptedFields, with: privateKey)

        var invalid = request
        try invalid.setValue("13/31", forField: "expiryDate")
        let prepareError = #expect(throws: PrepareError.self) {
            try invalid.prepare(clientSessionId: "audit", key: encryptionKey, metaInfo: .current(appIdentifier: "audit"), in: context)
        }
        var tampered = Array(prepared.encryptedFields)
        tampered[tampered.count - 2] = tampered[tampered.count - 2] == "A" ? "B" : "A"
        let decryptionError = #expect(throws: DecryptionError.self) {
            try DecryptedPayload(token: String(tampered), key: decryptionKey)
        }

        // Key material: slices of the private key's base64 body must never appear either.
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let keySlices = stride(from: 0, to: body.count - 24, by: 97).map { offset in
            String(body.dropFirst(offset).prefix(24))
        }
        Self.expectNoSecret(in: [
            ("PreparedPaymentRequest", prepared),
            ("DecryptedPayload", payload),
            ("JWEDecryption", decryption),
            ("PrepareError", prepareError as Any),
            ("DecryptionError", decryptionError as Any),
            ("EncryptionKey", encryptionKey),
            ("DecryptionKey", decryptionKey),
            ("RSAPrivateKey", privateKey),
        ], extraNeedles: keySlices)
    }
}
