// Fuzz target: offline card-brand detection, card-number grouping, and loading a brand table.
//
// The first byte chooses: even → the rest is a card number as typed; odd → the rest is a brand
// table's JSON. Invariants beyond "never crash": an answer is well-formed (a resolved one has its
// brand's lengths, an ambiguous one at least two brands, no brand twice), separators never change
// it, grouping keeps the digits, never exceeds the maximum, is stable when applied twice and keeps
// the caret inside the text; a table that loads detects without trouble.
import PaymentFormEngine

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBrandDetection(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    if input.byte() % 2 == 1 {
        let bytes = input.remainingBytes()
        guard let table = try? BrandTable(json: bytes) else { return 0 }
        let detector = BrandDetector(table: table)
        for number in ["", "4", "4571", "65083700", "1234567890123456789"] {
            checkWellFormed((try? detector.detect(number)) ?? .unknown)
        }
        return 0
    }
    let cursor = input.int(in: 0...255)
    let number = input.remainingString()
    trace("number \(number.debugDescription), cursor \(cursor)")
    let detector = BrandDetector.shipped
    guard let detection = try? detector.detect(number) else {
        // Scalars, not characters: "8" with a combining mark sorts between "0" and "9".
        check(number.unicodeScalars.contains { !("0"..."9").contains($0) && $0 != " " && $0 != "-" },
              "a number of digits and separators was refused")
        return 0
    }
    checkWellFormed(detection)
    let digits = String(String.UnicodeScalarView(number.unicodeScalars.filter { ("0"..."9").contains($0) }))
    check((try? detector.detect(digits)) == detection, "separators changed the answer")
    let spaced = digits.map(String.init).joined(separator: " - ")
    check((try? detector.detect(spaced)) == detection, "separators between digits changed the answer")

    let layout = CardNumberLayout(detection: detection, productMinimumLength: 13, productMaximumLength: 19)
    let grouped = layout.grouped(number, cursor: cursor)
    let groupedDigits = grouped.text.filter { $0 != " " }
    check(groupedDigits == String(digits.prefix(layout.maximumLength)), "grouping lost or changed digits")
    check(grouped.cursor >= 0 && grouped.cursor <= grouped.text.utf16.count, "caret outside the grouped text")
    check(layout.grouped(grouped.text) == grouped.text, "grouping twice changed the text")
    check(!grouped.text.hasSuffix(" ") && !grouped.text.hasPrefix(" "), "a dangling space")
    check(layout.mask.capacity == layout.maximumLength, "the mask's capacity is not the maximum length")
    _ = layout.isComplete(digitCount: digits.count)

    var choice = BrandChoice(preferredBrandId: detection.brands.last?.id)
    choice.update(with: detection)
    check(choice.options.isEmpty || choice.selected != nil, "the preferred brand was not selected")
    return 0
}

private func checkWellFormed(_ detection: BrandDetection) {
    let ids = detection.brandIds
    check(Set(ids).count == ids.count, "a brand listed twice")
    switch detection.status {
    case .unknown: check(detection.lengths == nil && !detection.isAmbiguous, "an unknown answer with lengths")
    case .resolved: check(detection.lengths != nil && detection.gaps != nil && detection.cvcLength != nil, "a resolved answer without lengths")
    case .ambiguous: check(ids.count >= 2 && detection.lengths == nil, "an ambiguous answer with fewer than two brands")
    }
}
