import Foundation
import Testing
@testable import PaymentFormCards
import PaymentFormLocalization
import PaymentFormTestSupport

@Suite("The shipped brand table")
struct BrandTableTests {
    let table = BrandTable.shipped

    @Test("loads without defects: every overlap is one the rule resolves")
    func loads() {
        #expect(BrandTable.shippedDefects == [])
        #expect(table.brands.count == 23)
        #expect(!table.version.isEmpty)
        #expect(table.sources.map(\.tag).contains("CCT"))
        #expect(table.index.longestPrefix == 8)
    }

    @Test("the embedded table is the file in Resources/Brands, read the same way")
    func embeddedMatchesFile() throws {
        let data = try Data(contentsOf: PackageFiles.url("Resources/Brands/brands.json"))
        let fromFile = try BrandTable(json: data)
        #expect(fromFile.brands == table.brands)
        #expect(fromFile.version == table.version)
        #expect(fromFile.sources == table.sources)
    }

    @Test("brands are in canonical order, the server-only ones last")
    func canonicalOrder() {
        #expect(table.brands.map(\.id) == [
            "visa", "mastercard", "american-express", "diners-club", "discover", "troy", "jcb", "unionpay",
            "naranja", "verve", "maestro", "elo", "mir", "hiper", "hipercard", "rupay", "dankort", "bancontact",
            "mada", "uatp", "cartes-bancaires", "eftpos", "interac",
        ])
        #expect(table.brands.filter { !$0.isDetectableOffline }.map(\.id) == ["cartes-bancaires", "eftpos", "interac"])
        #expect(table.canonicalPosition(ofBrandWithId: "dankort") == 16)
        #expect(table.brand(withId: "nope") == nil)
    }

    @Test("lengths, gaps and security codes", arguments: [
        ("visa", [16, 18, 19], [4, 8, 12], "CVV", 3),
        ("mastercard", [16], [4, 8, 12], "CVC", 3),
        ("american-express", [15], [4, 10], "CID", 4),
        ("diners-club", [14, 16, 19], [4, 10], "CVV", 3),
        ("discover", [16, 19], [4, 8, 12], "CID", 3),
        ("troy", [16], [4, 8, 12], "CVV", 3),
        ("jcb", [16, 17, 18, 19], [4, 8, 12], "CVV", 3),
        ("unionpay", [14, 15, 16, 17, 18, 19], [4, 8, 12], "CVN", 3),
        ("naranja", [16], [4, 8, 12], "CVV", 3),
        ("verve", [16, 18, 19], [4, 8, 12], "CVV", 3),
        ("maestro", [12, 13, 14, 15, 16, 17, 18, 19], [4, 8, 12], "CVC", 3),
        ("elo", [16], [4, 8, 12], "CVE", 3),
        ("mir", [16, 17, 18, 19], [4, 8, 12], "CVP2", 3),
        ("hiper", [16], [4, 8, 12], "CVC", 3),
        ("hipercard", [16], [4, 8, 12], "CVC", 3),
        ("rupay", [16], [4, 8, 12], "CVV", 3),
        ("dankort", [16], [4, 8, 12], "CVV", 3),
        ("bancontact", [16, 17, 18, 19], [4, 8, 12], nil, 0),
        ("mada", [16], [4, 8, 12], "CVV", 3),
        ("uatp", [15], [], nil, 0),
    ] as [(String, [Int], [Int], String?, Int)])
    func metadata(id: String, lengths: [Int], gaps: [Int], cvcName: String?, cvcLength: Int) throws {
        let brand = try #require(table.brand(withId: id))
        #expect(brand.lengths == lengths)
        #expect(brand.gaps == gaps)
        #expect(brand.cvcName == cvcName)
        #expect(brand.cvcLength == cvcLength)
        #expect(brand.maximumLength == lengths.last)
    }

    @Test("Client API product ids", arguments: [
        ("visa", [1, 114, 122]), ("mastercard", [3, 119]), ("american-express", [2]), ("diners-club", [132]),
        ("discover", [128]), ("troy", [188, 189]), ("jcb", [125]), ("unionpay", [56, 430, 869]), ("naranja", [136]),
        ("verve", []), ("maestro", [117]), ("elo", [147]), ("mir", [164]), ("hiper", [163]), ("hipercard", [148]),
        ("rupay", [4001, 4002]), ("dankort", [123]), ("bancontact", [3012]), ("mada", []), ("uatp", [120, 3008]),
        ("cartes-bancaires", [130]), ("eftpos", []), ("interac", []),
    ])
    func productIds(id: String, ids: [Int]) throws {
        #expect(try #require(table.brand(withId: id)).paymentProductIds == ids)
    }

    @Test("domestic schemes carry their country; international brands none")
    func countries() throws {
        let table = BrandTable.shipped
        let countries = Dictionary(uniqueKeysWithValues: table.brands.compactMap { brand in brand.country.map { (brand.id, $0) } })
        #expect(countries == [
            "troy": "TR", "naranja": "AR", "verve": "NG", "elo": "BR", "mir": "RU", "hiper": "BR", "hipercard": "BR", "rupay": "IN",
            "dankort": "DK", "bancontact": "BE", "mada": "SA", "cartes-bancaires": "FR", "eftpos": "AU", "interac": "CA",
        ])
        for id in ["visa", "mastercard", "american-express", "maestro", "jcb", "unionpay"] {
            #expect(table.brand(withId: id)?.country == nil, "\(id)")
        }
    }

    @Test("range counts and co-badges as the sources list them")
    func ranges() throws {
        let count = { (id: String) in table.brand(withId: id)?.prefixRanges.count ?? -1 }
        #expect(count("troy") == 55)
        #expect(count("unionpay") == 22)
        #expect(count("verve") == 20)
        #expect(count("elo") == 25)
        #expect(count("mada") == 101)
        let mada = try #require(table.brand(withId: "mada"))
        #expect(mada.prefixRanges.filter { $0.coBadgePartnerIds == ["visa"] }.count == 49)
        #expect(mada.prefixRanges.filter { $0.coBadgePartnerIds == ["mastercard"] }.count == 23)
        #expect(mada.prefixRanges.filter { $0.coBadgePartnerIds.isEmpty }.count == 29)
        #expect(mada.prefixRanges.allSatisfy { $0.digitCount == 6 && $0.low == $0.high })
        let coBadged = table.brands.flatMap { brand in
            brand.prefixRanges.filter { !$0.coBadgePartnerIds.isEmpty && brand.id != "mada" }.map { "\(brand.id) \($0)" }
        }
        #expect(coBadged == [
            "rupay 652150-653149 (with discover)", "rupay 353800 (with jcb)", "dankort 4571 (with visa)",
            "bancontact 6703 (with maestro)", "bancontact 479658 (with visa)",
        ])
    }

    @Test("display names: the table's name, in every shipped language, and a merchant may override them")
    func displayNames() throws {
        let english = Localizer(languageTag: "en")
        for brand in table.brands {
            #expect(brand.displayName(english) == brand.name, "\(brand.id)")
            #expect(english.string(forKey: brand.displayNameKey) != nil, "\(brand.id) has an English text")
        }
        for language in ["en", "fr", "de", "nl", "es", "it", "pt"] {
            let localizer = Localizer(languageTag: language)
            #expect(try #require(table.brand(withId: "american-express")).displayName(localizer) == "American Express")
            #expect(try #require(table.brand(withId: "cartes-bancaires")).displayName(localizer) == "Carte Bancaire")
        }
        let override = Localizer(languageTag: "fr", overrides: ["fr": ["gc.general.cardBrands.cartes-bancaires.name": "CB"]])
        #expect(try #require(table.brand(withId: "cartes-bancaires")).displayName(override) == "CB")
        let unknown = Brand(id: "not-in-tables", name: "Own name", prefixRanges: [], lengths: [16], gaps: [], cvcName: nil, cvcLength: 0, paymentProductIds: [])
        #expect(unknown.displayName(english) == "Own name")
    }

    @Test("descriptions name brands and ranges only")
    func descriptions() throws {
        let detection = try BrandDetector.shipped.detect("4571 0000 0000 0001")
        #expect(detection.description == "BrandDetection(resolved: dankort, visa)")
        #expect(try BrandDetector.shipped.detect("45").description == "BrandDetection(ambiguous: visa, elo, dankort, mada)")
        #expect(BrandDetection.unknown.description == "BrandDetection(unknown)")
        #expect(try #require(table.brand(withId: "visa")).description == "visa")
    }
}
