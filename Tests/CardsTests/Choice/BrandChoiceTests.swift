import Testing
@testable import PaymentFormCards

@Suite("Co-badge choice")
struct BrandChoiceTests {
    let detector = BrandDetector.shipped

    @Test("a co-badged card lists its brands and pre-selects the one it lists first; the customer changes or clears it")
    func firstListedByDefault() throws {
        var choice = BrandChoice()
        choice.update(with: try detector.detect("4571 0000"))
        #expect(choice.options.map(\.id) == ["dankort", "visa"])
        #expect(choice.selected?.id == "dankort")
        #expect(!choice.needsSelection)
        try choice.select(brandId: "visa")
        #expect(choice.selected?.id == "visa")
        try choice.select(brandId: nil)
        #expect(choice.selected == nil)
        #expect(choice.needsSelection)
    }

    @Test("the app's preferred brand is selected when the card offers it")
    func preferred() throws {
        var choice = BrandChoice(preferredBrandId: "visa")
        choice.update(with: try detector.detect("4571"))
        #expect(choice.selected?.id == "visa")
        choice.update(with: try detector.detect("6703"))
        #expect(choice.options.map(\.id) == ["bancontact", "maestro"])
        #expect(choice.selected?.id == "bancontact", "visa is not offered by this card: the first listed")
    }

    @Test("the selection survives typing while the brand is still offered, and goes when it is not")
    func keepsSelection() throws {
        var choice = BrandChoice()
        choice.update(with: try detector.detect("4571"))
        try choice.select(brandId: "dankort")
        choice.update(with: try detector.detect("4571 0000 0000 0001"))
        #expect(choice.selected?.id == "dankort")
        choice.update(with: try detector.detect("457"))
        #expect(choice.options.isEmpty, "ambiguous: nothing to choose")
        #expect(choice.selected == nil)
        choice.update(with: try detector.detect("4111"))
        #expect(choice.options.isEmpty, "one brand: nothing to choose")
        #expect(!choice.needsSelection)
    }

    @Test("only offered brands can be selected; the error never repeats what is not an id")
    func refused() throws {
        var choice = BrandChoice()
        choice.update(with: try detector.detect("4571"))
        #expect(throws: BrandChoiceError.notOffered(brandId: "mastercard")) { try choice.select(brandId: "mastercard") }
        #expect(BrandChoiceError.notOffered(brandId: "mastercard").description.contains("mastercard"))
        #expect(!BrandChoiceError.notOffered(brandId: "4571 0000 0000 0001").description.contains("4571"))
        #expect(BrandChoiceError.notOffered(brandId: "x").code == "brand_not_offered")
        #expect(choice.selected?.id == "dankort", "a refused selection leaves the pre-selected brand")
    }

    @Test("a server lookup's brands (with ones offline detection cannot see) replace the options")
    func serverOptions() throws {
        let table = BrandTable.shipped
        var choice = BrandChoice(preferredBrandId: "cartes-bancaires")
        choice.update(with: try detector.detect("4000 0025 0000 1001"))
        #expect(choice.options.isEmpty)
        let brands = try ["cartes-bancaires", "visa", "visa"].map { try #require(table.brand(withId: $0)) }
        choice.update(options: brands)
        #expect(choice.options.map(\.id) == ["cartes-bancaires", "visa"], "repeats dropped")
        #expect(choice.selected?.id == "cartes-bancaires")
    }
}
