import PaymentFormEngine

// The closed sets of members the Sips In-App guides document, per answer object, with each
// member's documented type. The guides' tables type everything `NSString` except the lists and
// containers named below, and `paymentMeanId`, which the change log of SDK 21.2.0 makes an
// integer ("Replace paymentMeanId format from NSString to NSInteger").

/// A documented member's value, typed.
enum SipsAnswerMember: Sendable, Hashable {
    case text(String)
    case integer(Int)
    case texts([String])
    case object(SipsResponse)
    case objects([SipsResponse])
}

/// A documented member's type.
enum SipsFieldType: Sendable, Hashable {
    case text
    case integer
    case texts
    case object(SipsAnswerObject)
    case objects(SipsAnswerObject)

    /// Reads `node` as this type; a container is read as its own object.
    func read(_ node: JSONNode, operation: SipsOperation) throws(DefinitionError) -> SipsAnswerMember {
        switch self {
        case .text: return .text(try node.text())
        case .integer: return .integer(try node.integer())
        case .texts: return .texts(try node.texts())
        case .object(let object):
            return .object(try SipsResponse(operation, object: object, node: node.object()))
        case .objects(let object):
            var list: [SipsResponse] = []
            for element in try node.array() { list.append(try SipsResponse(operation, object: object, node: element.object())) }
            return .objects(list)
        }
    }
}

/// The objects the guides document: each function's answer, and the containers inside them.
enum SipsAnswerObject: Sendable, Hashable {
    /// `OrderResponse`: `cardOrder`, `walletOrder`, `cardValidateAuthenticationAndOrder`.
    case order
    /// `GetTransactionDataResponse`.
    case transactionData
    /// `CardCheckEnrollmentResponse`.
    case cardCheckEnrollment
    /// `WalletCheckEnrollmentResponse`.
    case walletCheckEnrollment
    /// `PaymentProviderResponse`.
    case paymentProvider
    /// `PaymentTokenGenerateResponse`.
    case paymentToken
    /// `GetWalletDataResponse`.
    case walletData
    /// `AddCardResponse`.
    case addCard
    /// `DeletePaymentMeanResponse`.
    case deletePaymentMean
    /// `GetCardDataResponse`.
    case getCardData
    /// The container `INAPPCardData`.
    case cardData
    /// The container `INAPPS10TransactionReference`.
    case s10TransactionReference
    /// The container `INAPPGetWalletDataResponseItem`.
    case walletItem

    /// The object a function answers with.
    init(answerOf operation: SipsOperation) {
        switch operation {
        case .cardOrder, .walletOrder, .cardValidateAuthenticationAndOrder: self = .order
        case .getTransactionData: self = .transactionData
        case .cardCheckEnrollment: self = .cardCheckEnrollment
        case .walletCheckEnrollment: self = .walletCheckEnrollment
        case .paymentProviderOrder: self = .paymentProvider
        case .paymentTokenGenerate: self = .paymentToken
        case .getWalletData: self = .walletData
        case .addCard: self = .addCard
        case .deletePaymentMean: self = .deletePaymentMean
        case .getCardData: self = .getCardData
        }
    }

    /// The documented members and their types.
    var fieldTypes: [SipsResponse.Field: SipsFieldType] {
        switch self {
        case .order: Self.orderFields
        case .transactionData: Self.transactionDataFields
        case .cardCheckEnrollment: Self.cardCheckEnrollmentFields
        case .walletCheckEnrollment: Self.walletCheckEnrollmentFields
        case .paymentProvider: Self.paymentProviderFields
        case .paymentToken: Self.paymentTokenFields
        case .walletData: Self.walletDataFields
        case .addCard: Self.addCardFields
        case .deletePaymentMean: Self.deletePaymentMeanFields
        case .getCardData: Self.getCardDataFields
        case .cardData: Self.cardDataFields
        case .s10TransactionReference: Self.s10Fields
        case .walletItem: Self.walletItemFields
        }
    }

    /// Every member is text but those given.
    private static func fields(_ texts: [SipsResponse.Field], _ typed: [SipsResponse.Field: SipsFieldType] = [:]) -> [SipsResponse.Field: SipsFieldType] {
        var fields = typed
        for field in texts where fields[field] == nil { fields[field] = .text }
        return fields
    }

    /// The members `OrderResponse` and `GetTransactionDataResponse` share.
    private static let transactionTexts: [SipsResponse.Field] = [
        .acquirerResponseCode, .authorisationId, .authorisationTypeLabel, .authorMessageReference, .captureMode, .cardExpiryDate,
        .currencyCode, .customerId, .errorFieldName, .guaranteeIndicator, .guaranteeLimitDateTime, .holderAuthentMethod,
        .holderAuthentProgram, .holderAuthentRelegationCode, .holderAuthentResponseCode, .holderAuthentStatus, .holderAuthentType,
        .inAppResponseCode, .invoiceReference, .issuerWalletInformation, .maskedPan, .merchantId, .merchantWalletId, .orderChannel,
        .orderId, .panEntryMode, .paymentMeanBrand, .paymentMeanBrandSelectionStatus, .paymentMeanType, .paymentPattern,
        .returnContext, .statementReference, .transactionDateTime, .transactionOrigin, .transactionPlatform, .transactionReference,
        .walletType,
    ]

    private static let transactionContainers: [SipsResponse.Field: SipsFieldType] = [
        .authentExemptionReasonList: .texts, .cardData: .object(.cardData), .s10TransactionReference: .object(.s10TransactionReference),
    ]

    /// The 42 members of `OrderResponse`.
    static let orderFields = fields(transactionTexts + [.amount, .captureDay], transactionContainers)

    /// The 43 members of `GetTransactionDataResponse`: the order's without `amount` and
    /// `captureDay`, with `captureLimitDate`, `originAmount` and `transactionStatus`.
    static let transactionDataFields = fields(transactionTexts + [.captureLimitDate, .originAmount, .transactionStatus], transactionContainers)

    /// The enrolment check's members; `inAppResponseCode` is kept too (the SDK's generic code,
    /// which some answers carry besides `redirectionStatusCode`).
    static let cardCheckEnrollmentFields = fields([
        .authentRedirectionUrl, .errorFieldName, .inAppResponseCode, .maskedPan, .paReqMessage, .redirectionStatusCode,
        .redirectionUrl, .tokenPan, .transactionContextData, .transactionContextVersion,
    ])

    static let walletCheckEnrollmentFields = cardCheckEnrollmentFields.merging(
        fields([.paymentMeanBrand, .paymentMeanBrandSelectionStatus])) { first, _ in first }

    static let paymentProviderFields = fields([
        .errorFieldName, .inAppResponseCode, .outerRedirectionUrl, .redirectionUrl, .transactionContextData, .transactionContextVersion,
    ])

    static let paymentTokenFields = fields([.errorFieldName, .inAppResponseCode, .paymentToken])

    static let walletDataFields = fields(
        [.errorFieldName, .inAppResponseCode, .walletCreationDateTime], [.walletPaymentMeanData: .objects(.walletItem)])

    static let addCardFields = fields([.errorFieldName, .inAppResponseCode, .maskedPan, .walletActionDateTime], [.paymentMeanId: .integer])

    static let deletePaymentMeanFields = fields([.errorFieldName, .inAppResponseCode, .walletActionDateTime])

    static let getCardDataFields = fields([.errorFieldName, .inAppResponseCode], [.cardDataList: .objects(.cardData)])

    static let cardDataFields = fields([
        .cardBrand, .cardCorporateIndicator, .cardEffectiveDateIndicator, .cardProductCode, .cardProductName, .cardProductProfile,
        .cardProductUsageLabel, .cardScheme, .cardSeqNumberIndicator, .issuerCode, .issuerCountryCode, .issuerName, .issuerRegionCode,
        .issuingCountryCode, .panCheckAlgorithm, .panLengthMax, .panLengthMin,
    ])

    static let s10Fields = fields([.s10TransactionId, .s10TransactionIdDate])

    /// A wallet card; `paymentMeanCoBadgingBrandList` since the SDK 23.1.0.
    static let walletItemFields = fields(
        [.maskedPan, .panExpiryDate, .paymentMeanAlias, .paymentMeanBrand],
        [.paymentMeanId: .integer, .paymentMeanCoBadgingBrandList: .texts])
}
