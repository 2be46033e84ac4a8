/// A card brand (card scheme) as the brand table describes it: its id, name, the card-number
/// lengths it issues, how its numbers are grouped, its security code, and the Client API payment
/// products that stand for it.
///
/// Brands come from the brand table the engine ships (`Resources/Brands/brands.json`). Ids are stable
/// lower-case words joined by `-`: `visa`, `mastercard`, `american-express`, `diners-club`,
/// `discover`, `troy`, `jcb`, `unionpay`, `naranja`, `verve`, `maestro`, `elo`, `mir`, `hiper`,
/// `hipercard`, `rupay`, `dankort`, `bancontact`, `mada`, `uatp` (the table's canonical order), and
/// `cartes-bancaires`, `eftpos`, `interac`, which have no prefix ranges: only a server lookup can
/// tell them, so offline detection never reports them, but a co-badge choice may offer them.
///
/// ```swift
/// let amex = try BrandDetector.shipped.detect("37").brand
/// amex?.id               // "american-express"
/// amex?.cvcName          // "CID"
/// amex?.cvcLength        // 4
/// ```
///
/// A brand is a description of a card scheme, never card data, so it prints freely.
public struct Brand: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The stable id, e.g. `american-express`.
    public let id: String
    /// The brand's name as the table spells it (`American Express`); see ``displayName(_:)`` for
    /// the name in the customer's language.
    public let name: String
    /// The card-number prefixes that belong to the brand; empty for a brand only a server lookup
    /// can recognise.
    package let prefixRanges: [BrandPrefixRange]
    /// The card-number lengths (digits) the brand issues, ascending.
    package let lengths: [Int]
    /// Where a space is shown when a number of this brand is displayed: 0-based digit indexes
    /// before which a space goes. `[4, 8, 12]` shows 4-4-4-4, `[4, 10]` shows 4-6-5; empty shows
    /// the digits ungrouped.
    package let gaps: [Int]
    /// What the brand calls its security code (`CVV`, `CVC`, `CID`, ...), or `nil` when its cards
    /// have none.
    public let cvcName: String?
    /// The security code's length in digits; 0 when the brand's cards have none or it is optional.
    public let cvcLength: Int
    /// The Client API payment product ids that stand for the brand (Visa: 1 Visa, 114 Visa Debit,
    /// 122 Visa Electron), ascending as the table lists them. Which of them a form may use depends
    /// on the products actually on offer.
    package let paymentProductIds: [Int]
    /// The country whose cards the brand is (ISO 3166-1 alpha-2, `FR` for Cartes Bancaires) when it
    /// is a domestic scheme; `nil` for a brand issued in many countries (Visa, Mastercard, ...).
    /// What an IIN lookup answers as `countryCode` when nothing more precise is known.
    package let country: String?
    /// For a brand only a server lookup can tell (no prefix ranges): the ids of the brands whose
    /// cards may carry it co-badged (Cartes Bancaires: `visa`, `mastercard`). A number of one of
    /// those brands may then be this brand's card too, which only the lookup can say. Empty for a
    /// brand with prefix ranges (its co-badges are on its ranges).
    package let carriedBy: [String]

    /// A brand; `BrandTable` checks the values when it is built.
    package init(
        id: String, name: String, prefixRanges: [BrandPrefixRange], lengths: [Int], gaps: [Int],
        cvcName: String?, cvcLength: Int, paymentProductIds: [Int], country: String? = nil, carriedBy: [String] = []
    ) {
        self.id = id
        self.name = name
        self.prefixRanges = prefixRanges
        self.lengths = lengths
        self.gaps = gaps
        self.cvcName = cvcName
        self.cvcLength = cvcLength
        self.paymentProductIds = paymentProductIds
        self.country = country
        self.carriedBy = carriedBy
    }

    /// The longest card number the brand issues (19 when the table gives no length).
    package var maximumLength: Int { lengths.last ?? Self.longestCardNumber }

    /// Whether offline detection can report the brand (it has prefix ranges).
    package var isDetectableOffline: Bool { !prefixRanges.isEmpty }

    /// The longest card number any brand issues (ISO/IEC 7812: 19 digits).
    package static let longestCardNumber = 19

    /// The id.
    public var description: String { id }
}
