import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormProcessors
import PaymentFormTestSupport

/// A brand chosen for a Sips call must be one the card number can carry (issue 23): Sips routes the
/// payment by `paymentMeanBrand`, so a Mastercard name on a Visa number is refused before the call.
@Suite("Sips requests: the chosen brand and the card")
struct SipsBrandCheckTests {
    static let visa = "4970 1000 0000 0006"
    static let mastercard = "5555 5555 5555 4444"

    @Test("a brand the number can carry is sent; another is refused naming brand, never the number", arguments: [
        (visa, "visa", true), (visa, "VISA", true), (visa, "cartes-bancaires", true), (visa, "CB", true),
        (visa, "MASTERCARD", false), (visa, "mastercard", false), (visa, "AMEX", false), (visa, "bancontact", false),
        (mastercard, "CB", true), (mastercard, "MASTERCARD", true), (mastercard, "VISA", false),
        // Amex is never co-badged Cartes Bancaires.
        ("3782 822463 10005", "CB", false), ("3782 822463 10005", "AMEX", true),
        // A number no brand has: nothing to check against.
        ("9999 9999 9999 9995", "VISA", true),
    ])
    func brandAgainstCard(number: String, brand: String, accepted: Bool) throws {
        let request = try SipsFixtures.request("sips-card-order", ["cardNumber": number, "cardExpiryDate": "0128"])
        do {
            let call = try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, brand: brand,
                                              in: SipsFixtures.november2026)
            #expect(accepted, "\(brand) was taken")
            #expect(call["paymentMeanBrand"] == SipsBrand.sipsName(for: brand))
        } catch {
            #expect(!accepted, "\(error)")
            let (name, reason) = try #require(error.invalidField, "unexpected \(error)")
            #expect(name == "brand")
            #expect(error.code == "invalid_value")
            #expect(reason.contains("is not a brand the card number can carry"))
            let digits = number.filter(\.isNumber)
            #expect(!error.description.contains(digits) && !error.description.contains(String(digits.prefix(6))))
        }
    }

    @Test("the request's selected brand is checked too")
    func selectedBrand() throws {
        var request = try SipsFixtures.request("sips-card-order", ["cardNumber": Self.visa, "cardExpiryDate": "0128"])
        request.selectedBrand = BrandDetector.shipped.table.brand(withId: "mastercard")
        #expect(throws: SipsError.self) {
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, in: SipsFixtures.november2026)
        }
    }

    @Test("a server IIN answer applied to the request decides: its co-brands, or its one brand", arguments: [
        (#"{"paymentProductId": 1, "isAllowedInContext": true, "coBrands": [{"paymentProductId": 130, "isAllowedInContext": true}, {"paymentProductId": 1, "isAllowedInContext": true}]}"#,
         "CB", true),
        (#"{"paymentProductId": 1, "isAllowedInContext": true, "coBrands": [{"paymentProductId": 130, "isAllowedInContext": true}, {"paymentProductId": 1, "isAllowedInContext": true}]}"#,
         "MASTERCARD", false),
        // The server says Visa only: offline's "may be co-badged CB" no longer holds.
        (#"{"paymentProductId": 1, "isAllowedInContext": true}"#, "CB", false),
        (#"{"paymentProductId": 1, "isAllowedInContext": true}"#, "VISA", true),
    ])
    func serverAnswer(answer: String, brand: String, accepted: Bool) throws {
        var request = try SipsFixtures.request("sips-card-order", ["cardNumber": "4000 0025 0000 1001", "cardExpiryDate": "0128"])
        let lookup = try IINLookupResult(serverJSON: try JSONParser().parse(Array(answer.utf8)))
        let applied = request.applyIINLookup(lookup)
        #expect(applied)
        let built = Result { () throws(SipsError) in
            try SipsCallParameters(.cardOrder, request: request, initialization: SipsFixtures.initialization, brand: brand, in: SipsFixtures.november2026)
        }
        switch built {
        case .success: #expect(accepted)
        case .failure(let error): #expect(!accepted && error.code == "invalid_value", "\(error)")
        }
    }
}
