/// Tells a card's brand from the digits typed so far, offline, as the customer types.
///
/// Create one and share it (it is an immutable `Sendable` value; ``shipped`` is the one built from
/// the shipped table). Each ``detect(_:)`` costs one pass over the characters and a binary search
/// in answers precomputed for every prefix, so it is cheap enough for every keystroke.
///
/// ```swift
/// let detector = BrandDetector.shipped
/// let detection = try detector.detect("3782 822463 10005")
/// detection.brand?.id       // "american-express"
/// detection.brand?.cvcLength // 4
/// ```
///
/// The rule, on the digits typed (spaces and `-` ignored): each brand's prefix ranges that still
/// fit the digits make it a candidate. One candidate wins outright; while some candidate's
/// prefixes are longer than what is typed, the answer is ambiguous and lists every candidate in
/// canonical order; otherwise the most specific range wins (the one covering the smallest share of
/// its prefixes: Dankort's `4571` beats Visa's `4`), followed by the brands it is co-badged with.
/// Only a server lookup can see co-badges with brands that have no ranges of their own (Cartes
/// Bancaires, eftpos, Interac); when it answers, its answer wins over this one.
public struct BrandDetector: Sendable {
    /// The table the detector answers from.
    package var table: BrandTable {
        switch source {
        case .given(let table): table
        case .shipped: .shipped
        }
    }

    /// Where the table comes from: the shipped one is read the first time a detector needs it
    /// (a number to detect, a brand to look up), not when a form is set up, so a form without a
    /// card number, or a card form before its first digit, never waits for it.
    private enum Source: Sendable {
        case given(BrandTable)
        case shipped
    }

    private let source: Source

    /// A detector over `table` (already checked and indexed when it was built).
    package init(table: BrandTable) {
        self.source = .given(table)
    }

    private init(shipped: Void) {
        self.source = .shipped
    }

    /// The detector of the shipped table.
    public static let shipped = BrandDetector(shipped: ())

    /// The brands of a partial or full card number.
    ///
    /// - Parameter number: ASCII digits; spaces and `-` are ignored, so a masked value works as is.
    ///   Empty input (or only separators) is ``BrandDetection/unknown``.
    /// - Throws: ``CardNumberInputError`` for any other character; the number is never repeated.
    public func detect(_ number: String) throws(CardNumberInputError) -> BrandDetection {
        // The digits are read before the table is needed: empty input never loads it. One pass
        // over the UTF-8 bytes in place.
        var text = number
        let scanned: (prefix: UInt64, digitCount: Int)? = text.withUTF8 { bytes in
            var prefix: UInt64 = 0
            var digitCount = 0
            for byte in bytes {
                if byte &- 0x30 < 10 {
                    if digitCount < BrandTable.longestPrefix { prefix = prefix &* 10 &+ UInt64(byte &- 0x30) }
                    digitCount &+= 1
                } else if !CardNumberDigits.isSeparator(byte) {
                    return nil
                }
            }
            return (prefix, digitCount)
        }
        guard let (prefix, digitCount) = scanned else {
            throw .unexpectedCharacter(position: CardNumberDigits.firstUnexpectedPosition(in: number) ?? number.count)
        }
        if digitCount == 0 { return .unknown }
        // The index is read where it lives (the table given, or the shipped one), not copied out.
        switch source {
        case .given(let table): return Self.answer(table.index, digitCount: digitCount, prefix: prefix)
        case .shipped: return Self.answer(ShippedBrandTable.loaded.table.index, digitCount: digitCount, prefix: prefix)
        }
    }

    /// The index's answer for `digitCount` digits whose first `BrandTable.longestPrefix` (at most)
    /// are `prefix`.
    @inline(__always)
    private static func answer(_ index: borrowing DetectionIndex, digitCount: Int, prefix: UInt64) -> BrandDetection {
        var prefix = prefix
        var kept = min(digitCount, BrandTable.longestPrefix)
        while kept > index.longestPrefix {
            prefix /= 10
            kept -= 1
        }
        return index.answer(digitCount: digitCount, prefix: prefix)
    }
}
