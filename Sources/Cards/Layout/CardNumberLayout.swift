import PaymentFormMasking

/// How a card-number field without a brand-specific mask groups digits and how many it takes,
/// following the detected brand: `3782 822463 10005` for American Express, `4111 1111 1111 1111`
/// for Visa.
///
/// A form builds one per detection (it is cheap) and formats the field's digits with it; the
/// length limits of the product's definition apply on top of the brand's (the tighter wins).
///
/// ```swift
/// let detection = try BrandDetector.shipped.detect("378282")
/// let layout = cardNumberField.cardNumberLayout(for: detection)   // a field of up to 19 digits
/// layout.mask.pattern                       // "{{9999}} {{999999}} {{99999}}"
/// layout.grouped("378282246310005")         // "3782 822463 10005"
/// layout.isComplete(digitCount: 15)         // true: American Express issues no longer number
/// ```
public struct CardNumberLayout: Sendable, Hashable {
    /// The parts behind one reference: a card field's state holds its layout and is copied on
    /// every keystroke, so one retain instead of one per array and mask.
    private let storage: Storage

    /// Digit indexes before which a space is shown (all below ``maximumLength``).
    package var gaps: [Int] { storage.gaps }
    /// The most digits the field accepts: the brand's longest length, or 19 when no brand is
    /// resolved, and never more than the product allows.
    public var maximumLength: Int { storage.maximumLength }
    /// The lengths the resolved brand issues that the product also allows; empty when no brand
    /// is resolved.
    public var allowedLengths: [Int] { storage.allowedLengths }
    /// A mask with the same grouping and capacity, for mask-based editing
    /// (`{{9999}} {{9999}} {{9999}} {{9999}} {{999}}` when no brand is resolved).
    public var mask: Mask { storage.mask }

    /// The layout's values, immutable, shared by every copy.
    private final class Storage: Sendable {
        let gaps: [Int]
        let maximumLength: Int
        let allowedLengths: [Int]
        let mask: Mask

        init(gaps: [Int], maximumLength: Int, allowedLengths: [Int], mask: Mask) {
            self.gaps = gaps
            self.maximumLength = maximumLength
            self.allowedLengths = allowedLengths
            self.mask = mask
        }
    }

    /// Layouts are equal when their gaps, lengths and mask are.
    public static func == (lhs: CardNumberLayout, rhs: CardNumberLayout) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.gaps == rhs.gaps && lhs.maximumLength == rhs.maximumLength
                && lhs.allowedLengths == rhs.allowedLengths && lhs.mask == rhs.mask)
    }

    /// Hashes the gaps, lengths and mask.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(gaps)
        hasher.combine(maximumLength)
        hasher.combine(allowedLengths)
        hasher.combine(mask)
    }

    /// Grouping when no brand is resolved: 4-4-4-4-3, up to 19 digits.
    package static let genericGaps = [4, 8, 12, 16]

    /// The layout for a detection, within the product's own length limits.
    ///
    /// - Parameters:
    ///   - detection: the current detection; unknown and ambiguous answers get the generic layout.
    ///   - productMinimumLength: the shortest number the product accepts (its `length` validator).
    ///   - productMaximumLength: the longest number the product accepts (its `length` validator or
    ///     its mask's capacity, whichever is smaller), or `nil` for no limit.
    package init(detection: BrandDetection, productMinimumLength: Int = 0, productMaximumLength: Int? = nil) {
        let brand = detection.brand
        var maximum = brand?.maximumLength ?? Brand.longestCardNumber
        if let productMaximumLength { maximum = min(maximum, productMaximumLength) }
        maximum = max(1, maximum)
        self.init(
            gaps: brand?.gaps ?? Self.genericGaps, maximumLength: maximum,
            allowedLengths: (brand?.lengths ?? []).filter { $0 >= productMinimumLength && $0 <= maximum }
        )
    }

    /// A layout from explicit values: gaps at or beyond `maximumLength` are dropped.
    package init(gaps: [Int], maximumLength: Int, allowedLengths: [Int] = []) {
        let maximum = max(1, maximumLength)
        let kept = Array(Set(gaps.filter { $0 > 0 && $0 < maximum })).sorted()
        var pattern = ""
        var start = 0
        for end in kept + [maximum] {
            if start > 0 { pattern += " " }
            pattern += "{{" + String(repeating: "9", count: end - start) + "}}"
            start = end
        }
        storage = Storage(gaps: kept, maximumLength: maximum, allowedLengths: allowedLengths.filter { $0 > 0 && $0 <= maximum },
                          mask: Mask(pattern))
    }

    /// The layout when no brand is resolved.
    public static let generic = CardNumberLayout(gaps: genericGaps, maximumLength: Brand.longestCardNumber)

    /// `digits` grouped: the ASCII digits of the text (anything else dropped, so grouped text
    /// regroups), at most ``maximumLength`` of them, with one space at each gap between two
    /// digits. Never a trailing space.
    public func grouped(_ digits: String) -> String {
        grouped(digits, cursor: 0).text
    }

    /// `text` grouped as ``grouped(_:)`` does, with a caret carried along.
    ///
    /// `cursor` is a UTF-16 offset into `text` (clamped). The new caret follows the same number of
    /// digits; when it lands on a gap with a digit after it, it goes past the space, as typing does.
    package func grouped(_ text: String, cursor: Int) -> FormattedText {
        var output: [UInt8] = []
        output.reserveCapacity(maximumLength + gaps.count)
        var digitsBeforeCursor = 0
        var offset = 0
        var count = 0
        var nextGap = 0
        for unit in text.utf16 {
            if offset < cursor, unit &- 0x30 < 10 { digitsBeforeCursor += 1 }
            offset += 1
            guard unit &- 0x30 < 10, count < maximumLength else { continue }
            if nextGap < gaps.count, gaps[nextGap] == count {
                output.append(0x20)
                nextGap += 1
            }
            output.append(UInt8(truncatingIfNeeded: unit))
            count += 1
        }
        let caretDigits = min(digitsBeforeCursor, count)
        let spacesBefore = gaps.lazy.filter { $0 <= caretDigits && $0 < count }.count
        return FormattedText(text: String(decoding: output, as: UTF8.self), cursor: caretDigits + spacesBefore)
    }

    /// The length side of "complete" (nothing more to type): the digits fill ``maximumLength``, so
    /// no further digit can be accepted. A length the brand issues that a longer one could still
    /// extend is not complete: a valid 16-digit Visa number may be the start of a 19-digit one, so
    /// a form that moved on at 16 would send the last three digits elsewhere (Visa completes at
    /// 19, Mastercard at 16, American Express at 15). The form also requires the value to be
    /// valid (Luhn and the product's rules).
    public func isComplete(digitCount: Int) -> Bool {
        digitCount >= maximumLength
    }
}
