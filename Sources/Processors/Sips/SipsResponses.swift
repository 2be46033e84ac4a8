import Foundation

// The typed answers of the Sips In-App SDK functions. Every member is optional (the SDK sends
// what applies); numbers sent where text is documented are kept as text; members the engine
// does not know are kept in `otherFields` (name to JSON text), so nothing is silently dropped.
// Descriptions redact: answers can carry masked card numbers and tokens.

/// A Sips answer whose descriptions name its type and the members present, never their values.
protocol SipsRedactedAnswer: Encodable, CustomStringConvertible, CustomReflectable {
    /// Members the engine does not know, by name, as JSON text.
    var otherFields: [String: String] { get }
}

extension SipsRedactedAnswer {
    /// The names of the members that are present: the keys its encoding writes (absent optional
    /// members are not written), besides `otherFields` and empty lists.
    var presentMembers: [String] {
        guard let data = try? JSONEncoder().encode(self),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
        return object.filter { $0.key != "otherFields" && !(($0.value as? [Any])?.isEmpty ?? false) }.keys.sorted()
    }

    /// The type and which members are present; never their values.
    public var description: String {
        "\(Self.self)(\(presentMembers.joined(separator: ", ")))"
    }

    /// Redacted for `dump` and debuggers: the names of the members that are present.
    public var customMirror: Mirror {
        Mirror(self, children: ["present": presentMembers, "otherFields": otherFields.keys.sorted()], displayStyle: .struct)
    }
}

/// One card's details as Sips reads them from its number (INAPPCardData): one per brand for a co-badged card.
public struct SipsCardData: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The card's brand (`CB`, `VISA`).
    public var cardBrand: String?
    /// Whether it is a corporate card.
    public var cardCorporateIndicator: String?
    /// Whether the card has an effective date (`Y`, `N`, empty).
    public var cardEffectiveDateIndicator: String?
    /// The card product's code.
    public var cardProductCode: String?
    /// The card product's name.
    public var cardProductName: String?
    /// The card product's profile code.
    public var cardProductProfile: String?
    /// The product label printed on receipts.
    public var cardProductUsageLabel: String?
    /// The card's network.
    public var cardScheme: String?
    /// Whether the card has an issue number.
    public var cardSeqNumberIndicator: String?
    /// The issuer's code.
    public var issuerCode: String?
    /// The issuer's country.
    public var issuerCountryCode: String?
    /// The issuer's name.
    public var issuerName: String?
    /// The issuer's region.
    public var issuerRegionCode: String?
    /// The country the card was issued in.
    public var issuingCountryCode: String?
    /// The check applied to the number (`L` Luhn, `V`, `N` none, empty).
    public var panCheckAlgorithm: String?
    /// The longest number length for this card.
    public var panLengthMax: String?
    /// The shortest number length for this card.
    public var panLengthMin: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        cardBrand = try reader.text("cardBrand")
        cardCorporateIndicator = try reader.text("cardCorporateIndicator")
        cardEffectiveDateIndicator = try reader.text("cardEffectiveDateIndicator")
        cardProductCode = try reader.text("cardProductCode")
        cardProductName = try reader.text("cardProductName")
        cardProductProfile = try reader.text("cardProductProfile")
        cardProductUsageLabel = try reader.text("cardProductUsageLabel")
        cardScheme = try reader.text("cardScheme")
        cardSeqNumberIndicator = try reader.text("cardSeqNumberIndicator")
        issuerCode = try reader.text("issuerCode")
        issuerCountryCode = try reader.text("issuerCountryCode")
        issuerName = try reader.text("issuerName")
        issuerRegionCode = try reader.text("issuerRegionCode")
        issuingCountryCode = try reader.text("issuingCountryCode")
        panCheckAlgorithm = try reader.text("panCheckAlgorithm")
        panLengthMax = try reader.text("panLengthMax")
        panLengthMin = try reader.text("panLengthMin")
        otherFields = reader.unread
    }

}

/// The Sips 1.0 identification of a transaction (`s10TransactionId` and its date).
public struct SipsS10TransactionReference: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The transaction id.
    public var s10TransactionId: String?
    /// The transaction's date.
    public var s10TransactionIdDate: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        s10TransactionId = try reader.text("s10TransactionId")
        s10TransactionIdDate = try reader.text("s10TransactionIdDate")
        otherFields = reader.unread
    }

}

/// A card saved in the customer's Sips wallet (INAPPGetWalletDataResponseItem).
public struct SipsWalletItem: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The masked card number.
    public var maskedPan: String?
    /// The card's expiry (`yyyyMM`).
    public var panExpiryDate: String?
    /// The name the customer gave the card.
    public var paymentMeanAlias: String?
    /// The card's brand.
    public var paymentMeanBrand: String?
    /// The card's id in the wallet (sent as text or number; kept as text).
    public var paymentMeanId: String?
    /// The brands of a co-badged card, which the customer may choose from.
    public var paymentMeanCoBadgingBrandList: [String]
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        maskedPan = try reader.text("maskedPan")
        panExpiryDate = try reader.text("panExpiryDate")
        paymentMeanAlias = try reader.text("paymentMeanAlias")
        paymentMeanBrand = try reader.text("paymentMeanBrand")
        paymentMeanId = try reader.text("paymentMeanId")
        paymentMeanCoBadgingBrandList = try reader.texts("paymentMeanCoBadgingBrandList")
        otherFields = reader.unread
    }

}

/// The answer of `cardOrder`, `walletOrder` and `cardValidateAuthenticationAndOrder` (OrderResponse).
public struct SipsOrderResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code (`00` success).
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The acquirer's response code.
    public var acquirerResponseCode: String?
    /// The amount in minor units.
    public var amount: String?
    /// The acquirer's authorisation id.
    public var authorisationId: String?
    /// The capture delay in days.
    public var captureDay: String?
    /// The capture mode.
    public var captureMode: String?
    /// The card's expiry (`yyyyMM`).
    public var cardExpiryDate: String?
    /// The ISO 4217 numeric currency code.
    public var currencyCode: String?
    /// The merchant's customer id.
    public var customerId: String?
    /// The payment guarantee level.
    public var guaranteeIndicator: String?
    /// The result of cardholder authentication (`SUCCESS`, `3D_SUCCESS`, ...).
    public var holderAuthentStatus: String?
    /// The 3-D Secure v2 authentication type.
    public var holderAuthentType: String?
    /// The masked card number.
    public var maskedPan: String?
    /// The shop's Sips id.
    public var merchantId: String?
    /// The customer's wallet id.
    public var merchantWalletId: String?
    /// The order id.
    public var orderId: String?
    /// The brand used.
    public var paymentMeanBrand: String?
    /// How the brand was selected.
    public var paymentMeanBrandSelectionStatus: String?
    /// The payment method type.
    public var paymentMeanType: String?
    /// The transaction's Sips response code, when sent.
    public var responseCode: String?
    /// When the transaction was processed.
    public var transactionDateTime: String?
    /// The transaction reference.
    public var transactionReference: String?
    /// The exemptions the issuer applied.
    public var authentExemptionReasonList: [String]
    /// The card's details.
    public var cardData: SipsCardData?
    /// The Sips 1.0 identification, when the shop uses it.
    public var s10TransactionReference: SipsS10TransactionReference?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        acquirerResponseCode = try reader.text("acquirerResponseCode")
        amount = try reader.text("amount")
        authorisationId = try reader.text("authorisationId")
        captureDay = try reader.text("captureDay")
        captureMode = try reader.text("captureMode")
        cardExpiryDate = try reader.text("cardExpiryDate")
        currencyCode = try reader.text("currencyCode")
        customerId = try reader.text("customerId")
        guaranteeIndicator = try reader.text("guaranteeIndicator")
        holderAuthentStatus = try reader.text("holderAuthentStatus")
        holderAuthentType = try reader.text("holderAuthentType")
        maskedPan = try reader.text("maskedPan")
        merchantId = try reader.text("merchantId")
        merchantWalletId = try reader.text("merchantWalletId")
        orderId = try reader.text("orderId")
        paymentMeanBrand = try reader.text("paymentMeanBrand")
        paymentMeanBrandSelectionStatus = try reader.text("paymentMeanBrandSelectionStatus")
        paymentMeanType = try reader.text("paymentMeanType")
        responseCode = try reader.text("responseCode")
        transactionDateTime = try reader.text("transactionDateTime")
        transactionReference = try reader.text("transactionReference")
        authentExemptionReasonList = try reader.texts("authentExemptionReasonList")
        cardData = try reader.object("cardData").map { nested throws(SipsError) in try SipsCardData(nested) }
        s10TransactionReference = try reader.object("s10TransactionReference").map { nested throws(SipsError) in try SipsS10TransactionReference(nested) }
        otherFields = reader.unread
    }

}

/// The answer of `cardCheckEnrollment` and `walletCheckEnrollment`: where to send the customer for 3-D Secure.
public struct SipsCardCheckEnrollmentResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code, when sent.
    public var inAppResponseCode: String?
    /// The enrolment status (`00`: go to the ACS).
    public var redirectionStatusCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The ACS URL the customer's browser posts to.
    public var authentRedirectionUrl: String?
    /// The masked card number.
    public var maskedPan: String?
    /// The PaReq to post to the ACS.
    public var paReqMessage: String?
    /// The URL of the next SDK service.
    public var redirectionUrl: String?
    /// The card's token.
    public var tokenPan: String?
    /// The context to pass to the continuation call.
    public var transactionContextData: String?
    /// The version of that context.
    public var transactionContextVersion: String?
    /// The brand used (wallet check).
    public var paymentMeanBrand: String?
    /// How the brand was selected (wallet check).
    public var paymentMeanBrandSelectionStatus: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        redirectionStatusCode = try reader.text("redirectionStatusCode")
        errorFieldName = try reader.text("errorFieldName")
        authentRedirectionUrl = try reader.text("authentRedirectionUrl")
        maskedPan = try reader.text("maskedPan")
        paReqMessage = try reader.text("paReqMessage")
        redirectionUrl = try reader.text("redirectionUrl")
        tokenPan = try reader.text("tokenPan")
        transactionContextData = try reader.text("transactionContextData")
        transactionContextVersion = try reader.text("transactionContextVersion")
        paymentMeanBrand = try reader.text("paymentMeanBrand")
        paymentMeanBrandSelectionStatus = try reader.text("paymentMeanBrandSelectionStatus")
        otherFields = reader.unread
    }

}

/// The answer of `getCardData`: one entry per brand for a co-badged card.
public struct SipsGetCardDataResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The card's details, one per brand.
    public var cardDataList: [SipsCardData]
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        cardDataList = []
        for element in try reader.objects("cardDataList") { cardDataList.append(try SipsCardData(element)) }
        otherFields = reader.unread
    }

}

/// The answer of `getWalletData`: the customer's saved cards.
public struct SipsGetWalletDataResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// When the wallet was created.
    public var walletCreationDateTime: String?
    /// The saved cards.
    public var walletPaymentMeanData: [SipsWalletItem]
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        walletCreationDateTime = try reader.text("walletCreationDateTime")
        walletPaymentMeanData = []
        for element in try reader.objects("walletPaymentMeanData") { walletPaymentMeanData.append(try SipsWalletItem(element)) }
        otherFields = reader.unread
    }

}

/// The answer of `addCard`.
public struct SipsAddCardResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The new card's id in the wallet (text or number; kept as text).
    public var paymentMeanId: String?
    /// The masked card number.
    public var maskedPan: String?
    /// When the wallet changed.
    public var walletActionDateTime: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        paymentMeanId = try reader.text("paymentMeanId")
        maskedPan = try reader.text("maskedPan")
        walletActionDateTime = try reader.text("walletActionDateTime")
        otherFields = reader.unread
    }

}

/// The answer of `deletePaymentMean`.
public struct SipsDeletePaymentMeanResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// When the wallet changed.
    public var walletActionDateTime: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        walletActionDateTime = try reader.text("walletActionDateTime")
        otherFields = reader.unread
    }

}

/// The answer of `paymentProviderOrder`: where to send the customer (the provider's app).
public struct SipsPaymentProviderResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The URL that opens the provider's app.
    public var outerRedirectionUrl: String?
    /// The URL of the next SDK service.
    public var redirectionUrl: String?
    /// The context to pass to `getTransactionData`.
    public var transactionContextData: String?
    /// The version of that context.
    public var transactionContextVersion: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        outerRedirectionUrl = try reader.text("outerRedirectionUrl")
        redirectionUrl = try reader.text("redirectionUrl")
        transactionContextData = try reader.text("transactionContextData")
        transactionContextVersion = try reader.text("transactionContextVersion")
        otherFields = reader.unread
    }

}

/// The answer of `getTransactionData`: the order's result after the provider's app.
public struct SipsGetTransactionDataResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The last day the payment can be captured.
    public var captureLimitDate: String?
    /// The original amount.
    public var originAmount: String?
    /// The transaction's status.
    public var transactionStatus: String?
    /// The order's fields, as in an order answer.
    public var order: SipsOrderResponse
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        order = try SipsOrderResponse(reader)
        captureLimitDate = try reader.text("captureLimitDate")
        originAmount = try reader.text("originAmount")
        transactionStatus = try reader.text("transactionStatus")
        // The order's members were read by `order`; only what neither knows is other.
        let orderOthers = order.otherFields
        otherFields = reader.unread.filter { orderOthers[$0.key] != nil }
        order.otherFields = [:]
    }

}

/// The answer of `paymentTokenGenerate`.
public struct SipsPaymentTokenResponse: Sendable, Hashable, Codable, SipsRedactedAnswer {
    /// The function's response code.
    public var inAppResponseCode: String?
    /// The request parameter at fault, when the call failed on one.
    public var errorFieldName: String?
    /// The payment token, when the call succeeded.
    public var paymentToken: String?
    /// Members the engine does not know, by name, as JSON text.
    public var otherFields: [String: String]

    init(_ reader: JSONObjectReader) throws(SipsError) {
        var reader = reader
        inAppResponseCode = try reader.text("inAppResponseCode")
        errorFieldName = try reader.text("errorFieldName")
        paymentToken = try reader.text("paymentToken")
        otherFields = reader.unread
    }

}
