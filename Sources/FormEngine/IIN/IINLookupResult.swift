
/// The answer of an IIN lookup: a status, and the product and co-brands behind it.
///
/// An answer comes from the server (`POST services/getIINdetails`) or, at once and without a
/// call, from the engine's offline brand detector; the server's answer wins when it arrives. Its
/// description never shows the digits looked up.
public struct IINLookupResult: Sendable, Hashable, CustomStringConvertible {
    /// Where an answer came from.
    public enum Source: String, Sendable, Hashable {
        /// The Client API's `getIINdetails`.
        case server
        /// The offline brand detector, mapped to the products offered.
        case offline
        /// Nobody: the status was decided locally (`notEnoughDigits`, `pending`, non-digits).
        case none
    }

    /// What the answer means for the form. An answer that stops being `supported` loses its
    /// ``details``.
    public var status: IINStatus {
        didSet { if status != .supported { details = nil } }
    }
    /// Where it came from.
    public var source: Source
    /// The product, country and co-brands (the server's answer, or the offline one in the same
    /// shape); `nil` when there is none, and always `nil` unless the status is `supported` (the
    /// Connect guide: "If the value of status is not Supported the other fields of
    /// IINDetailsResponse will all be nil").
    public private(set) var details: IINDetailsResponse?
    /// For an offline answer: the detected brand ids (`visa`, `mastercard`, ...), most specific
    /// first; several when the digits are still ambiguous. Empty for server answers. An offline
    /// answer that is not `supported` may still name brands: they come from the digits, not from
    /// a product.
    public var brands: [String]

    /// An answer; `details` are kept only for a `supported` one.
    package init(status: IINStatus, source: Source, details: IINDetailsResponse? = nil, brands: [String] = []) {
        self.status = status
        self.source = source
        self.details = status == .supported ? details : nil
        self.brands = brands
    }

    /// The product the card belongs to, when known (only for a `supported` answer).
    public var paymentProductId: Int? { details?.paymentProductId }

    /// The card's brands when it carries several (co-badged), the top-level product included;
    /// empty otherwise.
    public var coBrands: [IINDetailsResponse.CoBrand] { details?.coBrands ?? [] }

    /// Status, source and product ids; never digits.
    public var description: String {
        var text = "IINLookupResult(\(status.rawValue), \(source.rawValue)"
        if let id = paymentProductId { text += ", paymentProductId: \(id)" }
        if !coBrands.isEmpty { text += ", coBrands: \(coBrands.map { $0.paymentProductId })" }
        if !brands.isEmpty { text += ", brands: \(brands)" }
        return text + ")"
    }

    package static let notEnoughDigits = IINLookupResult(status: .notEnoughDigits, source: .none)
    package static let pending = IINLookupResult(status: .pending, source: .none)
}
