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
import PaymentFormTestSupport
import PaymentFormFixtures

/// Shared models, masks, compiled patterns, localizers and keys used from many tasks at once give
/// exactly the serial results. Run under ThreadSanitizer by Scripts/test/tsan.sh, which fails on any
/// data race this provokes.
@Suite("Concurrency")
struct ConcurrencyTests {
    /// One unit of work and everything it produced, comparable across runs.
    struct Outcome: Hashable, Sendable {
        var report: ValidationReport
        var states: [InputState]
        var masked: [String?]
        var edits: [EditResult]
        var messages: [String]
        var decryptedValues: [String: String]?
    }

    /// What every task shares: decoded once, used everywhere.
    struct Shared: Sendable {
        let products: [PaymentProduct]
        let localizers: [Localizer]
        let encryptionKey: EncryptionKey
        let decryptionKey: DecryptionKey
        let context = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

        init() throws {
            products = try Fixtures.clientAPISampleNames.map(Fixtures.sample)
            localizers = ["en", "fr", "de-CH", "nl"].map { Localizer(languageTag: $0) }
            let response = try Fixtures.demoPublicKeyResponse()
            encryptionKey = try EncryptionKey(response)
            decryptionKey = try DecryptionKey(
                pemRepresentation: try Fixtures.demoPrivateKeyPEM())
        }
    }

    static let cardNumbers = ["4111111111111111", "4111 1111 1111 1112", "5555555555554444", "4", "", "41x1"]
    static let expiryDates = ["1230", "12/30", "13/30", "0125", "1"]

    /// The work of input `index`: fill a request for one product, validate it, read input states,
    /// mask and edit, localize the errors, and (when asked) encrypt and decrypt it.
    static func work(_ index: Int, shared: Shared, encrypt: Bool) throws -> Outcome {
        let product = shared.products[index % shared.products.count]
        var request = PaymentRequest(product: product)
        if product.accountsOnFile.count > 1 { try request.selectAccountOnFile(withId: product.accountsOnFile[index % 2].id) }
        var edits: [EditResult] = []
        for (position, field) in product.fields.enumerated() {
            let value: String = switch field.id {
            case "cardNumber": cardNumbers[(index + position) % cardNumbers.count]
            case "expiryDate": expiryDates[index % expiryDates.count]
            case "cvv": ["123", "12", "1234"][index % 3]
            case "accountHolderName", "cardholderName": ["Zoë O'Neil", "", "x"][index % 3]
            case "iban": ["NL91ABNA0417164300", "NL91ABNA0417164301"][index % 2]
            default: field.dataRestrictions.isRequired ? "1" : ""
            }
            try request.setValue(value, forField: field.id)
            let formatter = FieldFormatter(field: field)
            let typed = formatter.apply(.insert(value), to: "", selection: 0..<0)
            edits.append(typed)
            edits.append(formatter.apply(.deleteBackward, to: typed.text, selection: typed.cursor..<typed.cursor))
        }
        let report = request.validate(in: shared.context)
        let localizer = shared.localizers[index % shared.localizers.count]
        let messages = report.errors.map { localizer.message(for: $0) }
        var decrypted: [String: String]?
        if encrypt && report.isValid {
            let prepared = try request.prepare(
                clientSessionId: "session-\(index)", key: shared.encryptionKey,
                metaInfo: .current(appIdentifier: "tests"), in: shared.context)
            decrypted = try DecryptedPayload(token: prepared.encryptedFields, key: shared.decryptionKey).paymentValues
        }
        return Outcome(
            report: report,
            states: try product.fields.map { try request.inputState(ofField: $0.id, in: shared.context) },
            masked: product.fields.map { request.maskedValue(forField: $0.id) },
            edits: edits, messages: messages, decryptedValues: decrypted)
    }

    /// Encryption is slow in debug builds (and ten times slower under TSan): a few inputs do it.
    static func encrypts(_ index: Int) -> Bool { index % 20 == 0 }

    @Test("many tasks sharing models, masks, patterns and keys give the serial results")
    func parallelEqualsSerial() async throws {
        let shared = try Shared()
        let count = 120
        let serial = try (0..<count).map { try Self.work($0, shared: shared, encrypt: Self.encrypts($0)) }
        #expect(serial.contains { $0.decryptedValues != nil })
        #expect(serial.contains { !$0.report.isValid })

        let parallel = try await withThrowingTaskGroup(of: (Int, Outcome).self) { group in
            for round in 0..<4 {
                for index in 0..<count {
                    group.addTask { (index, try Self.work(index, shared: shared, encrypt: round == 0 && Self.encrypts(index))) }
                }
            }
            var results: [Int: [Outcome]] = [:]
            for try await (index, outcome) in group { results[index, default: []].append(outcome) }
            return results
        }
        for index in 0..<count {
            for outcome in parallel[index] ?? [] {
                var expected = serial[index]
                if outcome.decryptedValues == nil { expected.decryptedValues = nil }
                #expect(outcome == expected, "input \(index) differs when run concurrently")
            }
            #expect(parallel[index]?.count == 4)
        }
    }

    @Test("one compiled pattern matched from many threads at once")
    func sharedRegularExpression() async throws {
        let pattern = try RegularExpression("[\\p{L} '.-]+")
        let values = (0..<200).map { $0 % 3 == 0 ? "Zoë \($0)" : String(repeating: "é", count: $0 % 50 + 1) }
        let serial = values.map(pattern.matchesWhole)
        let parallel = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, value) in values.enumerated() { group.addTask { (index, pattern.matchesWhole(value)) } }
            var results = [Bool](repeating: false, count: values.count)
            for await (index, matched) in group { results[index] = matched }
            return results
        }
        #expect(parallel == serial)
    }
}
