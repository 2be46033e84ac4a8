import PayformCommands
/// The options of the `fetch` commands: how to reach the Client API (``FetchConnection``, the same
/// for every call) and the call's own (an enum per call), composed into one ``FetchOption``.

/// A fetch command's options: the connection's and the call's own.
enum FetchOption<Own: CommandOptions>: CommandOptions {
    case connection(FetchConnection)
    case own(Own)

    static var allCases: [FetchOption] { Own.allCases.map(own) + FetchConnection.allCases.map(connection) }

    var spec: OptionSpec {
        switch self {
        case .connection(let option): option.spec
        case .own(let option): option.spec
        }
    }

    static var usage: [Usage<FetchOption>] {
        FetchConnection.usage.map { $0.map(connection) } + Own.usage.map { $0.map(own) }
    }
}

extension ParsedArguments {
    /// The call's own options of a fetch command.
    func own<Own>() -> ParsedArguments<Own> where Option == FetchOption<Own> {
        projected { .own($0) }
    }

    /// The connection options of a fetch command.
    func connection<Own>() -> ParsedArguments<FetchConnection> where Option == FetchOption<Own> {
        projected { .connection($0) }
    }
}

/// How a fetch command reaches the Client API: a session file, or its parts.
enum FetchConnection: CommandOptions {
    case session, clientApiUrl, customerId, clientSessionId, assetUrl, appIdentifier, timeout

    var spec: OptionSpec {
        switch self {
        case .session:
            OptionSpec("--session", "FILE", help: "A JSON object {clientApiUrl, customerId, clientSessionId[, assetUrl]} (payform sandbox's first line).")
        case .clientApiUrl: OptionSpec("--client-api-url", "URL", help: "The Client API URL (instead of --session).")
        case .customerId: OptionSpec("--customer-id", "ID", help: "The customer id (instead of --session).")
        case .clientSessionId: OptionSpec("--client-session-id", "ID", help: "The client session id (instead of --session).")
        case .assetUrl: OptionSpec("--asset-url", "URL", help: "The asset URL (default: the Client API's host).")
        case .appIdentifier: OptionSpec("--app-identifier", "TEXT", help: "The app identifier in the client meta info (default UNKNOWN).")
        case .timeout: OptionSpec("--timeout", "SECONDS", help: "How long the call may take (default 30).")
        }
    }

    static let usage: [Usage<FetchConnection>] = [
        .oneOf([[.required(.session)], [.required(.clientApiUrl), .required(.customerId), .required(.clientSessionId)]]),
        .optional(.assetUrl), .optional(.appIdentifier), .optional(.timeout),
    ]
}

/// The payment context of a call: `--country CC --currency CCY [--amount N] [--recurring] [--locale TAG]`.
protocol PaymentContextOptions: CommandOptions {
    static var country: Self { get }
    static var currency: Self { get }
    static var amount: Self { get }
    static var recurring: Self { get }
    static var locale: Self { get }
}

extension PaymentContextOptions {
    /// The context on the usage line: required, or as an optional group.
    static func contextUsage(required: Bool) -> [Usage<Self>] {
        let elements: [Usage<Self>] = [.required(.country), .required(.currency), .optional(.amount), .optional(.recurring), .optional(.locale)]
        return required ? elements : [.optionalGroup(elements)]
    }
}

/// `--number DIGITS`: a card number or its first digits (`-` reads standard input).
protocol CardNumberOption: CommandOptions {
    static var number: Self { get }
}

extension OptionSpec {
    static let country = OptionSpec("--country", "CC", help: "The payment context's country (ISO 3166 alpha-2).")
    static let currency = OptionSpec("--currency", "CCY", help: "The payment context's currency (ISO 4217).")
    static let contextAmount = OptionSpec("--amount", "N", help: "The amount in minor units (default 0).")
    static let recurring = OptionSpec("--recurring", help: "A recurring payment.")
    static let callLocale = OptionSpec("--locale", "TAG", help: "The locale sent with the call (en_US).")
    static let productId = OptionSpec("--product-id", "ID", help: "The payment product id.")
}

/// The options of a call that takes only the payment context (`products`, `groups`).
enum ContextFetch: PaymentContextOptions {
    case country, currency, amount, recurring, locale

    var spec: OptionSpec {
        switch self {
        case .country: .country
        case .currency: .currency
        case .amount: .contextAmount
        case .recurring: .recurring
        case .locale: .callLocale
        }
    }

    static let usage = contextUsage(required: true)
}

/// `product`, `networks`: a product id in a context.
enum ProductFetch: PaymentContextOptions {
    case productId, country, currency, amount, recurring, locale

    var spec: OptionSpec {
        switch self {
        case .productId: .productId
        case .country: .country
        case .currency: .currency
        case .amount: .contextAmount
        case .recurring: .recurring
        case .locale: .callLocale
        }
    }

    static let usage: [Usage<ProductFetch>] = [.required(.productId)] + contextUsage(required: true)
}

/// `group`: a product group id in a context.
enum GroupFetch: PaymentContextOptions {
    case groupId, country, currency, amount, recurring, locale

    var spec: OptionSpec {
        switch self {
        case .groupId: OptionSpec("--group-id", "ID", help: "The product group id (cards).")
        case .country: .country
        case .currency: .currency
        case .amount: .contextAmount
        case .recurring: .recurring
        case .locale: .callLocale
        }
    }

    static let usage: [Usage<GroupFetch>] = [.required(.groupId)] + contextUsage(required: true)
}

/// `iin`: a card number's first digits, in a context or none.
enum IINFetch: PaymentContextOptions, CardNumberOption {
    case number, country, currency, amount, recurring, locale

    var spec: OptionSpec {
        switch self {
        case .number:
            OptionSpec("--number", "DIGITS", help: "The card number or its first digits; - reads stdin (digits given inline are visible to other local users: prefer -).")
        case .country: .country
        case .currency: .currency
        case .amount: .contextAmount
        case .recurring: .recurring
        case .locale: .callLocale
        }
    }

    static let usage: [Usage<IINFetch>] = [.required(.number)] + contextUsage(required: false)
}

/// `directory`: a product's directory for a country and currency.
enum DirectoryFetch: CommandOptions {
    case productId, country, currency

    var spec: OptionSpec {
        switch self {
        case .productId: .productId
        case .country: .country
        case .currency: .currency
        }
    }

    static let usage: [Usage<DirectoryFetch>] = [.required(.productId), .required(.country), .required(.currency)]
}

/// `convert`: an amount between two currencies.
enum ConvertFetch: CommandOptions {
    case amount, source, target

    var spec: OptionSpec {
        switch self {
        case .amount: OptionSpec("--amount", "N", help: "The amount in minor units of --source.")
        case .source: OptionSpec("--source", "CCY", help: "The source currency.")
        case .target: OptionSpec("--target", "CCY", help: "The target currency.")
        }
    }

    static let usage: [Usage<ConvertFetch>] = [.required(.amount), .required(.source), .required(.target)]
}

/// `customer-details`: lookup values for a product and country.
enum CustomerDetailsFetch: ValuesOptions {
    case productId, country, values, value

    var spec: OptionSpec {
        switch self {
        case .productId: .productId
        case .country: OptionSpec("--country", "CC", help: "The customer's country.")
        case .values: .values(help: #"A JSON object {"<key>": "<value>"} of lookup values."#)
        case .value: OptionSpec("--value", "KEY=VALUE", repeatable: true, help: "One lookup value (repeatable; visible to other local users: prefer --values).")
        }
    }

    static let usage: [Usage<CustomerDetailsFetch>] = [
        .required(.productId), .required(.country), .oneOf([[.required(.values)], [.required(.value)]]),
    ]
}

/// `third-party-status`: a payment id.
enum ThirdPartyFetch: CommandOptions {
    case paymentId

    var spec: OptionSpec { OptionSpec("--payment-id", "ID", help: "The payment id.") }

    static let usage: [Usage<ThirdPartyFetch>] = [.required(.paymentId)]
}

/// `surcharge`, `dcc`: a card (its number or a token) and an amount.
enum CardAmountFetch: CardNumberOption {
    case number, productId, token, amount, currency

    var spec: OptionSpec {
        switch self {
        case .number:
            OptionSpec("--number", "DIGITS", help: "The card number or its first digits (at most 8 are sent); - reads stdin (digits given inline are visible to other local users: prefer -).")
        case .productId: OptionSpec("--product-id", "ID", help: "With --number: the card's payment product id, when known.")
        case .token: OptionSpec("--token", "TOKEN", help: "Instead of --number: a stored card's token.")
        case .amount: OptionSpec("--amount", "N", help: "The amount in minor units.")
        case .currency: OptionSpec("--currency", "CCY", help: "The amount's currency (ISO 4217).")
        }
    }

    static let usage: [Usage<CardAmountFetch>] = [
        .oneOf([[.required(.number), .optional(.productId)], [.required(.token)]]), .required(.amount), .required(.currency),
    ]
}
