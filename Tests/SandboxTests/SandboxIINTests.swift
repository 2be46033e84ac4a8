import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// IIN answers: the brand table's country, and the co-badged Cartes Bancaires test cards from the
/// sandbox's IIN data, over real loopback HTTP.
@Suite("Sandbox IIN answers: countries and co-brands", .timeLimit(.minutes(10)))
struct SandboxIINTests {
    static let context = #""paymentContext": {"countryCode": "FR", "isRecurring": false, "amountOfMoney": {"amount": 1000, "currencyCode": "EUR"}}"#

    @Test("the co-badged test numbers answer Cartes Bancaires first, with the partner brand, from the prefix an IIN call sends", arguments: [
        ("40000025", [130, 1]), ("4000002500001001", [130, 1]), ("400000250", [130, 1]),
        ("55555525", [130, 3]), ("5555552500001001", [130, 3]),
    ])
    func coBrands(bin: String, products: [Int]) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/getIINdetails", #"{"bin": "\#(bin)", \#(Self.context)}"#)
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.json["paymentProductId"] == .number(String(products[0])))
        #expect(answer.json["countryCode"] == "FR")
        #expect(answer.json["isAllowedInContext"] == true)
        #expect(answer.json["coBrands"] == .array(products.map { .object(JSONObject([
            (key: "paymentProductId", value: .number(String($0))), (key: "isAllowedInContext", value: true),
        ])) }))
    }

    @Test("six digits of those numbers stay plain Visa and Mastercard; international brands have no country", arguments: [
        ("400000", 1), ("555555", 3), ("41111111", 1), ("371449", 2),
    ])
    func plain(bin: String, product: Int) async throws {
        let sandbox = try SandboxClient()
        defer { sandbox.stop() }
        let answer = await sandbox.post("services/getIINdetails", #"{"bin": "\#(bin)"}"#)
        #expect(answer.status == 200, "\(answer)")
        #expect(answer.json == ["paymentProductId": .number(String(product))])
    }

    @Test("countryCode is the brand table's country of a domestic scheme (Dankort: DK), also for its co-brand")
    func domesticCountry() async throws {
        let sandbox = try SandboxClient(data: SandboxData.load(productsFolder: ExtendedProductsFolder.make()))
        defer { sandbox.stop() }
        let dankort = await sandbox.post("services/getIINdetails", #"{"bin": "50190000"}"#)
        #expect(dankort.json == ["paymentProductId": 123, "countryCode": "DK"])
        let coBadged = await sandbox.post("services/getIINdetails", #"{"bin": "45710012"}"#)
        #expect(coBadged.json["countryCode"] == "DK")
        #expect(coBadged.json["coBrands"]?.arrayCount == 2)
    }

    @Test("an IIN answer whose products are not served falls back to the brand table; a folder brings its own answers")
    func folderAnswers() async throws {
        let folder = try ExtendedProductsFolder.make()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("iin"), withIntermediateDirectories: true)
        // Product 130 is not in this folder: the sample answers would leave only Visa.
        try Data(#"{"paymentProductId": 123, "countryCode": "SE", "coBrands": [{"paymentProductId": 123}, {"paymentProductId": 3}]}"#.utf8)
            .write(to: folder.appendingPathComponent("iin/222100.json"))
        try Data(#"{"paymentProductId": 130}"#.utf8).write(to: folder.appendingPathComponent("iin/40000025.json"))
        let data = try SandboxData.load(productsFolder: folder)
        #expect(data.iinPrefixes == ["222100", "40000025"])
        let sandbox = try SandboxClient(data: data)
        defer { sandbox.stop() }
        let own = await sandbox.post("services/getIINdetails", #"{"bin": "22210011"}"#)
        #expect(own.json["paymentProductId"] == 123)
        #expect(own.json["countryCode"] == "SE")
        #expect(own.json["coBrands"]?.arrayCount == 2)
        let fallback = await sandbox.post("services/getIINdetails", #"{"bin": "40000025"}"#)
        #expect(fallback.json == ["paymentProductId": 1])
    }

    @Test("an IIN answer file that is not one is refused when the sandbox loads, with the file and member", arguments: [
        ("123.json", #"{"paymentProductId": 1}"#, "file name must be the card-number prefix"),
        ("40000025.json", #"{"paymentProductId": "130"}"#, "paymentProductId: expected a positive integer"),
        ("40000025.json", #"{"paymentProductId": 130, "coBrands": [{"paymentProductId": 130}]}"#, "coBrands: expected an array of at least two"),
        ("40000025.json", #"{"paymentProductId": 1, "coBrands": [{"paymentProductId": 130}, {"paymentProductId": 1}]}"#, "must be the first co-brand's (130)"),
        ("40000025.json", #"{"paymentProductId": 130, "coBrands": [{"paymentProductId": 130}, {"paymentProductId": 130}]}"#, "listed twice"),
        ("40000025.json", #"{"paymentProductId": 130, "countryCode": "fr"}"#, "countryCode: expected an ISO 3166-1 alpha-2 code"),
        ("40000025.json", #"{"paymentProductId": 130, "status": "SUPPORTED"}"#, "status: unknown member"),
        ("40000025.json", #"[]"#, "(root): expected an object"),
    ])
    func badAnswerFile(name: String, text: String, message: String) throws {
        let folder = try ExtendedProductsFolder.make()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("iin"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("iin/\(name)"))
        #expect {
            try SandboxData.load(productsFolder: folder)
        } throws: { error in
            guard let error = error as? SandboxError else { return false }
            return error.code == "invalid_value" && error.message.contains("iin/\(name)") && error.message.contains(message)
        }
    }
}

/// A folder with the sample card products plus Dankort (123), for the sandbox's `--products`.
enum ExtendedProductsFolder {
    static func make() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-iin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["visa", "amex", "mastercard-accounts-on-file"] {
            try FileManager.default.copyItem(at: Fixtures.sampleURL(name), to: folder.appendingPathComponent("\(name).json"))
        }
        try Data(#"""
        {"id": 123, "paymentMethod": "card", "paymentProductGroup": "cards", "usesRedirectionTo3rdParty": false,
         "displayHints": {"displayOrder": 12, "label": "Dankort", "logo": "pp_logo_123.png"},
         "fields": [{"id": "cardNumber", "type": "numericstring", "dataRestrictions": {"isRequired": true, "validators": {"luhn": {}}},
                     "displayHints": {"displayOrder": 10, "label": "Card number", "formElement": {"type": "text"}}}]}
        """#.utf8).write(to: folder.appendingPathComponent("dankort.json"))
        return folder
    }
}

extension JSONValue {
    /// The number of elements of an array, or `nil`.
    var arrayCount: Int? {
        if case .array(let items) = self { return items.count }
        return nil
    }
}
