/// The answer of one Sips In-App SDK function, typed by function.
///
/// ```swift
/// let response = try SipsResponse(.cardOrder, jsonEncoded: answer)
/// let result = SipsResult(response, form: cardOrderDefinition, localizer: localizer)
/// ```
public enum SipsResponse: Sendable, Hashable {
    /// `cardOrder`, `walletOrder`, `cardValidateAuthenticationAndOrder`.
    case order(SipsOrderResponse)
    /// `cardCheckEnrollment`, `walletCheckEnrollment`.
    case cardCheckEnrollment(SipsCardCheckEnrollmentResponse)
    /// `getCardData`.
    case cardData(SipsGetCardDataResponse)
    /// `getWalletData`.
    case walletData(SipsGetWalletDataResponse)
    /// `addCard`.
    case addCard(SipsAddCardResponse)
    /// `deletePaymentMean`.
    case deletePaymentMean(SipsDeletePaymentMeanResponse)
    /// `paymentProviderOrder`.
    case paymentProvider(SipsPaymentProviderResponse)
    /// `getTransactionData`.
    case transactionData(SipsGetTransactionDataResponse)
    /// `paymentTokenGenerate`.
    case paymentToken(SipsPaymentTokenResponse)

    /// Reads the answer of `operation` (the SDK's response object as JSON).
    public init(_ operation: SipsOperation, jsonEncoded bytes: some Collection<UInt8>) throws(SipsError) {
        let reader = try JSONObjectReader.parse(bytes, what: "\(operation.rawValue) answer")
        switch operation {
        case .cardOrder, .walletOrder, .cardValidateAuthenticationAndOrder: self = .order(try SipsOrderResponse(reader))
        case .cardCheckEnrollment, .walletCheckEnrollment: self = .cardCheckEnrollment(try SipsCardCheckEnrollmentResponse(reader))
        case .getCardData: self = .cardData(try SipsGetCardDataResponse(reader))
        case .getWalletData: self = .walletData(try SipsGetWalletDataResponse(reader))
        case .addCard: self = .addCard(try SipsAddCardResponse(reader))
        case .deletePaymentMean: self = .deletePaymentMean(try SipsDeletePaymentMeanResponse(reader))
        case .paymentProviderOrder: self = .paymentProvider(try SipsPaymentProviderResponse(reader))
        case .getTransactionData: self = .transactionData(try SipsGetTransactionDataResponse(reader))
        case .paymentTokenGenerate: self = .paymentToken(try SipsPaymentTokenResponse(reader))
        }
    }

    /// The function's response code: `inAppResponseCode`, or for an enrolment check without one,
    /// `redirectionStatusCode`.
    public var responseCode: String? {
        switch self {
        case .order(let r): r.inAppResponseCode
        case .cardCheckEnrollment(let r): r.inAppResponseCode ?? r.redirectionStatusCode
        case .cardData(let r): r.inAppResponseCode
        case .walletData(let r): r.inAppResponseCode
        case .addCard(let r): r.inAppResponseCode
        case .deletePaymentMean(let r): r.inAppResponseCode
        case .paymentProvider(let r): r.inAppResponseCode
        case .transactionData(let r): r.order.inAppResponseCode
        case .paymentToken(let r): r.inAppResponseCode
        }
    }

    /// The request parameter the platform found at fault, if any.
    public var errorFieldName: String? {
        switch self {
        case .order(let r): r.errorFieldName
        case .cardCheckEnrollment(let r): r.errorFieldName
        case .cardData(let r): r.errorFieldName
        case .walletData(let r): r.errorFieldName
        case .addCard(let r): r.errorFieldName
        case .deletePaymentMean(let r): r.errorFieldName
        case .paymentProvider(let r): r.errorFieldName
        case .transactionData(let r): r.order.errorFieldName
        case .paymentToken(let r): r.errorFieldName
        }
    }

    /// The typed answer as an `Encodable` value (for printing it as JSON).
    public var body: any Encodable & Sendable {
        switch self {
        case .order(let r): r
        case .cardCheckEnrollment(let r): r
        case .cardData(let r): r
        case .walletData(let r): r
        case .addCard(let r): r
        case .deletePaymentMean(let r): r
        case .paymentProvider(let r): r
        case .transactionData(let r): r
        case .paymentToken(let r): r
        }
    }
}
