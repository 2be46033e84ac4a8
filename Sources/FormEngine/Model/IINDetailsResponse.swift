import PaymentFormJSON

/// The answer of an IIN lookup (`POST /services/getIINdetails`): which product a card number's
/// first digits belong to, and its co-brands.
public struct IINDetailsResponse: ClientAPIModel, JSONModel, Hashable {
    /// What the lookup means for the form.
    public enum Status: String, Sendable, Hashable {
        /// The product is known and allowed in this payment context.
        case supported = "SUPPORTED"
        /// The product is known but not allowed (or the API did not say it is allowed).
        case existingButNotAllowed = "EXISTING_BUT_NOT_ALLOWED"
        /// No product matches.
        case unknown = "UNKNOWN"
    }

    /// A card's type as the API reports it.
    public enum CardType: OpenEnumeration {
        case credit, debit, prepaid
        case other(String)

        public static let known: [CardType] = [.credit, .debit, .prepaid]

        public var name: String {
            switch self {
            case .credit: "Credit"
            case .debit: "Debit"
            case .prepaid: "Prepaid"
            case .other(let name): name
            }
        }
    }

    /// Another brand the card also carries.
    public struct CoBrand: ClientAPIModel, JSONModel, Hashable {
        public var paymentProductId: Int
        public var isAllowedInContext: Bool
        public var cardType: CardType?

        /// A co-brand.
        public init(paymentProductId: Int, isAllowedInContext: Bool = false, cardType: CardType? = nil) {
            self.paymentProductId = paymentProductId
            self.isAllowedInContext = isAllowedInContext
            self.cardType = cardType
        }

        package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
            let object = try JSONNode(json, path: path).object()
            paymentProductId = try object.required("paymentProductId").int()
            isAllowedInContext = try object.bool("isAllowedInContext") ?? false
            cardType = try object.optional("cardType").map { node throws(DefinitionError) in try CardType.decode(node, diagnostics: &diagnostics) }
        }

        package var json: JSONValue {
            jsonObject([
                ("paymentProductId", .from(paymentProductId)),
                ("isAllowedInContext", .bool(isAllowedInContext)),
                ("cardType", .from(cardType?.name)),
            ])
        }
    }

    public var paymentProductId: Int?
    public var isAllowedInContext: Bool
    public var countryCode: String?
    public var cardType: CardType?
    public var coBrands: [CoBrand]

    /// A response.
    public init(paymentProductId: Int? = nil, isAllowedInContext: Bool = false, countryCode: String? = nil, cardType: CardType? = nil, coBrands: [CoBrand] = []) {
        self.paymentProductId = paymentProductId
        self.isAllowedInContext = isAllowedInContext
        self.countryCode = countryCode
        self.cardType = cardType
        self.coBrands = coBrands
    }

    /// Derived from the response (the API's own `status` key is not trusted on input).
    public var status: Status {
        guard paymentProductId != nil else { return .unknown }
        return isAllowedInContext ? .supported : .existingButNotAllowed
    }

    package init(json: JSONValue, at path: JSONPath, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) {
        let object = try JSONNode(json, path: path).object()
        paymentProductId = try object.int("paymentProductId")
        isAllowedInContext = try object.bool("isAllowedInContext") ?? false
        countryCode = try object.string("countryCode")
        cardType = try object.optional("cardType").map { node throws(DefinitionError) in try CardType.decode(node, diagnostics: &diagnostics) }
        coBrands = try decodeTolerantly(object.optional("coBrands"), diagnostics: &diagnostics) { node, diagnostics throws(DefinitionError) in
            try CoBrand(json: node.value, at: node.path, diagnostics: &diagnostics)
        }
    }

    package var json: JSONValue {
        jsonObject([
            ("paymentProductId", .from(paymentProductId)),
            ("isAllowedInContext", .bool(isAllowedInContext)),
            ("countryCode", .from(countryCode)),
            ("cardType", .from(cardType?.name)),
            ("coBrands", coBrands.isEmpty ? nil : .array(coBrands.map(\.json))),
            ("status", .string(status.rawValue)),
        ])
    }
}
