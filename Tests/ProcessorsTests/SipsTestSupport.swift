import Foundation
import PaymentFormEngine
import PaymentFormProcessors
import PaymentFormTestSupport
import PaymentFormFixtures

/// The shipped Sips definitions and an initialize answer, for the Sips tests.
enum SipsFixtures {
    static let november2026 = ValidationContext(now: YearMonth(year: 2026, month: 11)!)

    /// A shipped Sips (or Saferpay) form.
    static func definition(_ name: String) throws -> PaymentProduct {
        try Fixtures.sample(name)
    }

    static let initialization = SipsInitialization(
        redirectionData: "REDIRECTION-DATA", redirectionUrl: "https://office-server.test.sips-services.com/rs-services/v2/checkoutInApp/next",
        redirectionVersion: "IR_MB_3.0", publicKeyValue: "PUBLIC-KEY", merchantId: "011223344550000", redirectionStatusCode: "00")

    static func request(_ name: String, _ values: [String: String], accountOnFile: AccountOnFile? = nil) throws -> PaymentRequest {
        var product = try Fixtures.sample(name)
        if let accountOnFile { product.accountsOnFile = [accountOnFile] }
        var request = PaymentRequest(product: product)
        for (field, value) in values { try request.setValue(value, forField: field) }
        if let accountOnFile { try request.selectAccountOnFile(withId: accountOnFile.id) }
        return request
    }
}
