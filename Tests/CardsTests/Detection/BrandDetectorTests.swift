import Testing
@testable import PaymentFormCards
import PaymentFormTestSupport

@Suite("Brand detection with the shipped table")
struct BrandDetectorTests {
    let detector = BrandDetector.shipped

    @Test("expected answers, brand by brand", arguments: ShippedTableCases.all)
    func expected(_ testCase: DetectionCase) throws {
        let detection = try detector.detect(testCase.input)
        #expect(detection.brandIds == testCase.brandIds)
        #expect(detection.isAmbiguous == testCase.isAmbiguous)
    }

    /// Test card numbers typed one digit at a time: the answer after 1 to 6 digits
    /// (`?` ambiguous, `=` resolved, then the ids).
    static let partials: [(card: String, name: String, answers: [String])] = [
        ("4111111111111111", "Visa", [
            "?visa naranja maestro elo dankort bancontact mada",
            "?visa mada",
            "=visa",
            "=visa",
            "=visa",
            "=visa",
        ]),
        ("378282246310005", "American Express", [
            "?american-express diners-club jcb rupay",
            "=american-express",
            "=american-express",
            "=american-express",
            "=american-express",
            "=american-express",
        ]),
        ("5555555555554444", "Mastercard", [
            "?mastercard naranja verve maestro elo rupay dankort mada",
            "?mastercard mada",
            "=mastercard",
            "=mastercard",
            "=mastercard",
            "=mastercard",
        ]),
        ("2223003122003222", "Mastercard 2-series", [
            "?mastercard jcb mir",
            "?mastercard mir",
            "=mastercard",
            "=mastercard",
            "=mastercard",
            "=mastercard",
        ]),
        ("6011111111111117", "Discover", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?discover maestro hipercard rupay bancontact mada",
            "?discover maestro",
            "=discover",
            "=discover",
            "=discover",
        ]),
        ("3566002020360505", "JCB", [
            "?american-express diners-club jcb rupay",
            "?jcb rupay",
            "=jcb",
            "=jcb",
            "=jcb",
            "=jcb",
        ]),
        ("36227206271667", "Diners Club", [
            "?american-express diners-club jcb rupay",
            "=diners-club",
            "=diners-club",
            "=diners-club",
            "=diners-club",
            "=diners-club",
        ]),
        ("6200000000000005", "UnionPay", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?unionpay maestro elo",
            "=unionpay",
            "=unionpay",
            "=unionpay",
            "=unionpay",
        ]),
        ("6759649826438453", "Maestro", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?maestro bancontact",
            "=maestro",
            "=maestro",
            "=maestro",
            "=maestro",
        ]),
        ("4571000000000001", "Dankort / Visa", [
            "?visa naranja maestro elo dankort bancontact mada",
            "?visa elo dankort mada",
            "?visa elo dankort mada",
            "=dankort visa",
            "=dankort visa",
            "=dankort visa",
        ]),
        ("6703444444444449", "Bancontact / Maestro", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?maestro bancontact",
            "?maestro bancontact",
            "=bancontact maestro",
            "=bancontact maestro",
            "=bancontact maestro",
        ]),
        ("4464040000000007", "mada / Visa", [
            "?visa naranja maestro elo dankort bancontact mada",
            "?visa mada",
            "?visa mada",
            "?visa mada",
            "?visa mada",
            "=mada visa",
        ]),
        ("5297412542005689", "mada / Mastercard", [
            "?mastercard naranja verve maestro elo rupay dankort mada",
            "?mastercard naranja mada",
            "?mastercard mada",
            "?mastercard mada",
            "?mastercard mada",
            "=mada mastercard",
        ]),
        ("6362970000457013", "Elo", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?maestro elo hiper mada",
            "?maestro elo mada",
            "?maestro elo",
            "?maestro elo",
            "=elo",
        ]),
        ("9792030000000001", "Troy", [
            "?troy mada",
            "=troy",
            "=troy",
            "=troy",
            "=troy",
            "=troy",
        ]),
        ("6062826786276634", "Hipercard", [
            "?discover troy unionpay maestro elo hiper hipercard rupay bancontact mada",
            "?discover maestro hipercard rupay bancontact mada",
            "?maestro hipercard rupay bancontact",
            "?maestro hipercard",
            "?maestro hipercard",
            "=hipercard",
        ]),
        ("135410014004955", "UATP", [
            "?jcb uatp",
            "=uatp",
            "=uatp",
            "=uatp",
            "=uatp",
            "=uatp",
        ]),
    ]

    @Test("every partial length 1–6 of test cards", arguments: partials)
    func partialLengths(card: String, name: String, answers: [String]) throws {
        for (offset, expected) in answers.enumerated() {
            let typed = String(card.prefix(offset + 1))
            let detection = try detector.detect(typed)
            let answer = (detection.isAmbiguous ? "?" : "=") + detection.brandIds.joined(separator: " ")
            #expect(answer == expected, "\(name) after \(offset + 1) digits")
        }
        // The whole number gets the answer of its first 8 digits (no range of the table is longer).
        #expect(try detector.detect(card).brandIds == detector.detect(String(card.prefix(8))).brandIds)
    }

    @Test("the cases cover every brand offline detection can report")
    func casesCoverEveryBrand() {
        let detectable = Set(detector.table.brands.filter(\.isDetectableOffline).map(\.id))
        let resolvedFirst = Set(ShippedTableCases.all.filter { !$0.isAmbiguous }.compactMap(\.brandIds.first))
        let coBadged = Set(ShippedTableCases.all.filter { !$0.isAmbiguous && $0.brandIds.count > 1 }.compactMap(\.brandIds.first))
        let ambiguous = Set(ShippedTableCases.all.filter(\.isAmbiguous).flatMap(\.brandIds))
        #expect(detectable.subtracting(resolvedFirst).sorted() == [], "brands never resolved by a case")
        #expect(detectable.subtracting(ambiguous).sorted() == [], "brands never in an ambiguous case")
        #expect(coBadged == ["bancontact", "dankort", "mada", "rupay"])
    }

    @Test("a resolved answer carries its first brand's lengths, gaps and security code")
    func resolvedMetadata() throws {
        let amex = try detector.detect("37")
        #expect(amex.status == .resolved)
        #expect(amex.lengths == [15])
        #expect(amex.gaps == [4, 10])
        #expect(amex.cvcLength == 4)
        let dankort = try detector.detect("4571")
        #expect(dankort.brand?.id == "dankort")
        #expect(dankort.lengths == [16])
        #expect(dankort.isCoBadged)
        #expect(dankort.coBadgeChoices.map(\.id) == ["dankort", "visa"])
        let bancontact = try detector.detect("6703")
        #expect(bancontact.cvcLength == 0)
        #expect(bancontact.lengths == [16, 17, 18, 19])
        let uatp = try detector.detect("1354")
        #expect(uatp.gaps == [])
        #expect(uatp.cvcLength == 0)
    }

    @Test("ambiguous and unknown answers carry no lengths, gaps or security code", arguments: ["4", "35", "", "7", "2721"])
    func noMetadata(_ input: String) throws {
        let detection = try detector.detect(input)
        #expect(detection.status != .resolved)
        #expect(detection.brand == nil)
        #expect(detection.lengths == nil && detection.gaps == nil && detection.cvcLength == nil)
        #expect(detection.coBadgeChoices.isEmpty)
    }

    @Test("the empty answer is unknown, not ambiguous")
    func empty() throws {
        #expect(try detector.detect("") == .unknown)
        #expect(BrandDetection.unknown.status == .unknown)
        #expect(!BrandDetection.unknown.isAmbiguous)
    }

    @Test("brands only a server can see are never reported offline")
    func serverOnlyBrands() {
        let reported = Set(detector.table.index.answers.flatMap(\.brandIds))
        for id in ["cartes-bancaires", "eftpos", "interac"] {
            #expect(detector.table.brand(withId: id) != nil, "\(id) exists as an id")
            #expect(!reported.contains(id), "\(id) is never detected")
        }
        #expect(reported == Set(detector.table.brands.filter(\.isDetectableOffline).map(\.id)), "every other brand can be reported")
    }

    @Test("a number with another character is refused, at its position, without repeating it", arguments: [
        ("4111a", 5), ("4111\t1111", 5), ("x", 1), ("4111.1111", 5), ("+4111", 1), ("4111\n", 5),
        ("４１１１", 1), ("٤١١١", 1), ("41 1é1", 5), ("4\u{301}111", 1), ("4111\r\n", 5),
    ])
    func refused(_ input: String, position: Int) throws {
        #expect(throws: CardNumberInputError.unexpectedCharacter(position: position)) { try detector.detect(input) }
        let message = CardNumberInputError.unexpectedCharacter(position: position).description
        #expect(!message.contains("4111"))
        #expect(CardNumberInputError.unexpectedCharacter(position: position).code == "bad_number")
    }
}

@Suite("Brand detection agrees with a direct reading of the rule")
struct BrandDetectorReferenceTests {
    let detector = BrandDetector.shipped

    /// The inputs among `inputs` where the detector and the reference disagree (at most 20).
    private func disagreements(_ inputs: [String]) throws -> [String] {
        var found: [String] = []
        for input in inputs {
            let detection = try detector.detect(input)
            let reference = ReferenceRule.detect(input, in: detector.table)
            if detection.brandIds != reference.ids || detection.isAmbiguous != reference.ambiguous {
                found.append("\(input): \(detection) but the rule says \(reference)")
                if found.count == 20 { break }
            }
        }
        return found
    }

    @Test("every input of 1 to 4 digits")
    func shortInputs() throws {
        var inputs: [String] = []
        for length in 1...4 {
            let count = (0..<length).reduce(1) { product, _ in product * 10 }
            for value in 0..<count {
                let text = String(value)
                inputs.append(String(repeating: "0", count: length - text.count) + text)
            }
        }
        #expect(inputs.count == 11_110)
        #expect(try disagreements(inputs) == [])
    }

    @Test("first and last prefix of every range, one below and one above, at every length up to 9 and at 16 and 19")
    func rangeBounds() throws {
        var inputs: [String] = []
        for brand in detector.table.brands {
            for range in brand.prefixRanges {
                let width = range.digitCount
                let limit = (0..<width).reduce(UInt64(1)) { product, _ in product * 10 }
                var probes = [range.low, range.high]
                if range.low > 0 { probes.append(range.low - 1) }
                if range.high + 1 < limit { probes.append(range.high + 1) }
                for probe in probes {
                    let text = String(probe)
                    let prefix = String(repeating: "0", count: width - text.count) + text
                    for length in Array(1...9) + [16, 19] {
                        let padded = length <= width ? String(prefix.prefix(length))
                            : prefix + String(repeating: probe % 2 == 0 ? "0" : "9", count: length - width)
                        inputs.append(padded)
                    }
                }
                // The range's own first prefix, fully typed, answers its brand or a more specific one.
                let first = try detector.detect(String(repeating: "0", count: width - String(range.low).count) + String(range.low))
                #expect(!first.isAmbiguous || first.brandIds.contains(brand.id), "\(brand.id) \(range)")
            }
        }
        #expect(try disagreements(inputs) == [])
    }

    @Test("random card numbers")
    func randomNumbers() throws {
        var generator = SeededGenerator(seed: 0x5EED_B4A2D)
        let digits = Array("0123456789")
        let inputs = (0..<5_000).map { _ in
            String((0..<Int.random(in: 1...19, using: &generator)).map { _ in digits[Int.random(in: 0...9, using: &generator)] })
        }
        #expect(try disagreements(inputs) == [])
    }
}
