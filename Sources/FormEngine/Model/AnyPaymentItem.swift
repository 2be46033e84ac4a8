package import PaymentFormJSON

/// A product or a product group: one of the things a customer can pay with, whichever it is.
///
/// The session's list of choices mixes both (``PaymentItem`` is what they share); a form
/// controller, a request and that list hold them as this value, which a screen can switch over.
///
/// ```swift
/// let choices = try await session.paymentItems(for: paymentContext, groupingProducts: true)
/// for choice in choices.items {
///     switch choice {
///     case .product(let product): show(product.displayHints.label, product.displayHints.logo)
///     case .group(let group): show(group.displayHints.label, group.displayHints.logo)
///     }
/// }
/// ```
public enum AnyPaymentItem: PaymentItem, Hashable {
    /// A single product.
    case product(PaymentProduct)
    /// A group shown as one choice.
    case group(PaymentProductGroup)

    /// Whether this one is a product or a group.
    public var kind: PaymentItemKind {
        switch self {
        case .product: .product
        case .group: .group
        }
    }

    /// The product, when this is one.
    public var product: PaymentProduct? {
        if case .product(let product) = self { return product }
        return nil
    }

    /// The group, when this is one.
    public var group: PaymentProductGroup? {
        if case .group(let group) = self { return group }
        return nil
    }

    /// The item's id.
    public var id: String {
        switch self {
        case .product(let product): product.id
        case .group(let group): group.id
        }
    }

    /// Its logo, label and display order.
    public var displayHints: DisplayHints {
        switch self {
        case .product(let product): product.displayHints
        case .group(let group): group.displayHints
        }
    }

    /// Its fields as listed in the definition.
    public var fields: [PaymentProductField] {
        switch self {
        case .product(let product): product.fields
        case .group(let group): group.fields
        }
    }

    /// The customer's stored accounts.
    public var accountsOnFile: [AccountOnFile] {
        switch self {
        case .product(let product): product.accountsOnFile
        case .group(let group): group.accountsOnFile
        }
    }

    /// Itself.
    public func eraseToAnyPaymentItem() -> AnyPaymentItem { self }

    /// Reads a product or a group, told apart as the Client API sends them: a group has no
    /// `paymentMethod` (every product has one) and an id that is a string of something else than
    /// digits (`cards`).
    public init(jsonEncoded bytes: some Collection<UInt8>) throws(DefinitionError) {
        var diagnostics: [DefinitionDiagnostic] = []
        self = try Self.decode(bytes, diagnostics: &diagnostics)
    }

    /// Reads a product or a group (see ``init(jsonEncoded:)``) with the problems that did not stop
    /// the read.
    package static func decode(_ bytes: some Collection<UInt8>, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) -> AnyPaymentItem {
        let document: JSONDocument
        do {
            document = try JSONParser().parseDocument(bytes)
        } catch {
            throw DefinitionError(path: .root, kind: .malformedJSON(error.description))
        }
        if document.hasDuplicateKeys { diagnostics += duplicateKeyDiagnostics(in: document.root, at: .root) }
        return try decode(json: document.root, diagnostics: &diagnostics)
    }

    /// Reads a product or a group from a JSON value already parsed (the web engine's requests).
    package static func decode(json: JSONValue, diagnostics: inout [DefinitionDiagnostic]) throws(DefinitionError) -> AnyPaymentItem {
        if json["paymentMethod"] == nil, case .string(let id)? = json["id"], !id.isEmpty,
           !id.utf8.allSatisfy({ $0 &- 0x30 < 10 }) {
            return .group(try PaymentProductGroup(json: json, at: .root, diagnostics: &diagnostics))
        }
        return .product(try PaymentProduct(json: json, at: .root, diagnostics: &diagnostics))
    }
}
