import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
@testable import PaymentFormSession
import PaymentFormSandbox
import PaymentFormEngineTesting
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport

/// A sandbox on a free loopback port for one test, and a session pointing at it.
struct SandboxHarness {
    let server: SandboxServer
    let session: ClientSession
    let log: Shared<[String]>

    /// Starts a sandbox on the samples (or `data`), with `intercept` answering instead when it
    /// returns a response.
    init(
        data: SandboxData? = nil, timeout: Double = 30, clientSessionId: String? = nil,
        offlineBrandDetector: BrandDetector? = nil,
        intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil
    ) throws {
        let log = Shared<[String]>([])
        var configuration = SandboxConfiguration(data: try data ?? SandboxData.samples(), customerId: "customer-1", log: { log.append($0) })
        configuration.intercept = intercept
        server = SandboxServer(configuration)
        try server.start()
        var sessionConfiguration = server.sessionConfiguration(appIdentifier: "session-tests", timeout: timeout)
        if let clientSessionId { sessionConfiguration.clientSessionId = clientSessionId }
        sessionConfiguration.offlineBrandDetector = offlineBrandDetector
        session = try ClientSession(sessionConfiguration)
        self.log = log
    }

    func stop() {
        server.stop()
    }

    static let context = PaymentContext(amountOfMoney: AmountOfMoney(amount: 1_000, currencyCode: "EUR"), countryCode: "NL")
}

/// A folder with the sample products plus an Apple Pay product (for networks) and a Dankort
/// product (for co-brands), with groups and directories.
enum ExtendedProducts {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-products-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("groups"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("directories"), withIntermediateDirectories: true)
        for name in ["visa", "amex", "ideal", "sepa-direct-debit", "mastercard-accounts-on-file"] {
            try FileManager.default.copyItem(at: Fixtures.sampleURL(name), to: folder.appendingPathComponent("\(name).json"))
        }
        try FileManager.default.copyItem(at: PackageFiles.url("Resources/Groups/cards.json"), to: folder.appendingPathComponent("groups/cards.json"))
        try FileManager.default.copyItem(at: PackageFiles.url("Resources/Directories/809.json"), to: folder.appendingPathComponent("directories/809.json"))
        try Data(#"""
        {"id": 302, "paymentMethod": "mobile", "displayHints": {"displayOrder": 5, "label": "Apple Pay", "logo": "pp_logo_302.png"},
         "paymentProduct302SpecificData": {"networks": ["Visa", "MasterCard", "amex"]}}
        """#.utf8).write(to: folder.appendingPathComponent("applepay.json"))
        try Data(#"""
        {"id": 123, "paymentMethod": "card", "paymentProductGroup": "cards", "minAmount": 100, "maxAmount": 500000,
         "displayHints": {"displayOrder": 12, "label": "Dankort", "logo": "pp_logo_123.png"},
         "fields": [{"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}}},
                     "displayHints": {"displayOrder": 10, "label": "Card number", "formElement": {"type": "text"}}}]}
        """#.utf8).write(to: folder.appendingPathComponent("dankort.json"))
        return folder
    }
}
