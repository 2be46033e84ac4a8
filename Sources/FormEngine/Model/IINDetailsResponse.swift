package import PaymentFormJSON

/// The answer of an IIN lookup (`POST /services/getIINdetails`): which product a card number's
/// first digits belong to, and its co-brands.
public struct IINDetailsResponse: ClientAPIModel, JSONModel, Hashable {
    /// What the lookup means for the form.
    package enum Status: String, Sendable, Hashable {
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

        /// The known value the Client API calls `name`, if any (the inverse of ``name``).
        package static func known(named name: String) -> CardType? {
            switch name {
            case "Credit": .credit
            case "Debit": .debit
            case "Prepaid": .prepaid
            default: nil
            }
        }

        /// The Client API name (`Credit`, ...), or the unknown name as sent.
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
        /// The co-brand's payment product id.
        public var paymentProductId: Int
        /// Whether the co-brand can be used for this payment context.
        public var isAllowedInContext: Bool
        /// Credit, debit or prepaid, when known.
        public var cardType: CardType?

        /// A co-brand.
        package init(paymentProductId: Int, isAllowedInContext: Bool = false, cardType: CardType? = nil) {
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

    /// The product the card belongs to, when the IIN is known.
    public var paymentProductId: Int?
    /// Whether that product can be used for this payment context.
    public var isAllowedInContext: Bool
    /// The issuing country (ISO 3166-1 alpha-2), when known.
    public var countryCode: String?
    /// Credit, debit or prepaid, when known.
    public var cardType: CardType?
    /// The other brands of a co-badged card, which the customer may choose.
    public var coBrands: [CoBrand]

    /// A response.
    package init(paymentProductId: Int? = nil, isAllowedInContext: Bool = false, countryCode: String? = nil, cardType: CardType? = nil, coBrands: [CoBrand] = []) {
        self.paymentProductId = paymentProductId
        self.isAllowedInContext = isAllowedInContext
        self.countryCode = countryCode
        self.cardType = cardType
        self.coBrands = coBrands
    }

    /// Derived from the response (the API's own `status` key is not trusted on input).
    package var status: Status {
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
            ("coBrands", coBrands.isEmpty ? nil : .array(coBrands.map { $0.json })),
            ("status", .string(status.rawValue)),
        ])
    }
}
