import PaymentFormEngine
import PaymentFormJSON

/// The answer of one Sips In-App SDK function, every member the Sips guides document for it typed.
///
/// One type reads every function's answer (`OrderResponse`, `CardCheckEnrollmentResponse`,
/// `GetCardDataResponse`, …) and the containers inside them (`cardData`, `s10TransactionReference`,
/// the wallet's items): each function documents a closed set of members (``Field``), and each
/// member's documented type is checked while reading — text, an integer (`paymentMeanId`), a list
/// of texts, a container, a list of containers. Members the guides do not document for the
/// function are kept in ``otherFields``, so nothing is silently dropped.
///
/// ```swift
/// let response = try SipsResponse(.cardOrder, jsonEncoded: sdkAnswer)
/// response.text(.holderAuthentStatus)             // "3D_SUCCESS"
/// response.integer(.amount)                       // 1050
/// response.object(.cardData)?.text(.cardBrand)    // "VISA"
/// let result = SipsResult(response, form: cardOrderDefinition, localizer: localizer)
/// ```
///
/// Descriptions and dumps name the members present, never their values: answers carry masked card
/// numbers and tokens.
public struct SipsResponse: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The members the Sips In-App guides document in the SDK's answers and their containers, by
    /// JSON name. Which of them a function answers with is fixed by the function (the guides'
    /// response tables).
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The acquirer's response code.
        case acquirerResponseCode
        /// The amount in minor units (documented as text; Sips's JSON services send a number).
        case amount
        /// The ACS URL the customer's browser posts to (enrolment checks).
        case authentRedirectionUrl
        /// The exemptions the issuer applied (a list).
        case authentExemptionReasonList
        /// The acquirer's authorisation id.
        case authorisationId
        /// The label of the authorisation request type.
        case authorisationTypeLabel
        /// The identifier shared with the acquirer during authorisation.
        case authorMessageReference
        /// The capture delay in days.
        case captureDay
        /// The date from which the transaction goes to settlement (`getTransactionData`).
        case captureLimitDate
        /// The capture mode.
        case captureMode
        /// The card's brand (in a `cardData` container).
        case cardBrand
        /// Whether it is a corporate card.
        case cardCorporateIndicator
        /// The card's details (a `cardData` container).
        case cardData
        /// The card's details, one container per brand of a co-badged card (`getCardData`).
        case cardDataList
        /// Whether the card has an effective date (`Y`, `N`, empty).
        case cardEffectiveDateIndicator
        /// The card's expiry (`yyyyMM`).
        case cardExpiryDate
        /// The card product's code.
        case cardProductCode
        /// The card product's name.
        case cardProductName
        /// The card product's profile code.
        case cardProductProfile
        /// The product label printed on receipts.
        case cardProductUsageLabel
        /// The card's network.
        case cardScheme
        /// Whether the card has an issue number.
        case cardSeqNumberIndicator
        /// The ISO 4217 numeric currency code.
        case currencyCode
        /// The merchant's customer id.
        case customerId
        /// The request parameter at fault, when the call failed on one.
        case errorFieldName
        /// The payment guarantee level.
        case guaranteeIndicator
        /// The deadline of the payment guarantee.
        case guaranteeLimitDateTime
        /// The method that authenticated the holder.
        case holderAuthentMethod
        /// The authentication programme.
        case holderAuthentProgram
        /// Whether the issuer accepts the transfer of liability.
        case holderAuthentRelegationCode
        /// The authentication's response code.
        case holderAuthentResponseCode
        /// The result of cardholder authentication (`SUCCESS`, `3D_SUCCESS`, …).
        case holderAuthentStatus
        /// The 3-D Secure v2 authentication type.
        case holderAuthentType
        /// The function's response code (`00` success).
        case inAppResponseCode
        /// The invoice reference.
        case invoiceReference
        /// The issuer's code.
        case issuerCode
        /// The issuer's country.
        case issuerCountryCode
        /// The issuer's name.
        case issuerName
        /// The issuer's region.
        case issuerRegionCode
        /// What the wallet provider tells the merchant.
        case issuerWalletInformation
        /// The country the card was issued in.
        case issuingCountryCode
        /// The masked card number.
        case maskedPan
        /// The shop's Sips id.
        case merchantId
        /// The customer's wallet id.
        case merchantWalletId
        /// The order channel.
        case orderChannel
        /// The order id.
        case orderId
        /// The original amount (`getTransactionData`).
        case originAmount
        /// The URL that opens the payment provider's app (`paymentProviderOrder`).
        case outerRedirectionUrl
        /// The check applied to the card number: `L` Luhn, `N` none, `V`, empty.
        case panCheckAlgorithm
        /// How the card number was read.
        case panEntryMode
        /// A wallet card's expiry (`yyyyMM`).
        case panExpiryDate
        /// The longest card number for this card.
        case panLengthMax
        /// The shortest card number for this card.
        case panLengthMin
        /// The PaReq to post to the ACS (enrolment checks).
        case paReqMessage
        /// The name the customer gave a wallet card.
        case paymentMeanAlias
        /// The brand used.
        case paymentMeanBrand
        /// How the brand was selected.
        case paymentMeanBrandSelectionStatus
        /// The brands of a co-badged wallet card (a list).
        case paymentMeanCoBadgingBrandList
        /// A wallet card's id: an integer since the SDK 21.2.0 (older SDKs sent text).
        case paymentMeanId
        /// The payment method type.
        case paymentMeanType
        /// The type of payment (one-off, first of a series, …).
        case paymentPattern
        /// The payment token (`paymentTokenGenerate`).
        case paymentToken
        /// The enrolment status (`00`: go to the ACS).
        case redirectionStatusCode
        /// The URL of the next SDK service.
        case redirectionUrl
        /// The value the merchant sent back to itself.
        case returnContext
        /// The Sips 1.0 identification of the transaction (a container).
        case s10TransactionReference
        /// The Sips 1.0 transaction id.
        case s10TransactionId
        /// The Sips 1.0 transaction's date.
        case s10TransactionIdDate
        /// The reference on the cardholder's statement.
        case statementReference
        /// The card's token.
        case tokenPan
        /// The context to pass to the continuation call.
        case transactionContextData
        /// The version of that context.
        case transactionContextVersion
        /// When the transaction was processed.
        case transactionDateTime
        /// Where the transaction came from, as the merchant set it.
        case transactionOrigin
        /// The platform the transaction ran on.
        case transactionPlatform
        /// The transaction reference.
        case transactionReference
        /// The transaction's status (`getTransactionData`).
        case transactionStatus
        /// When the wallet last changed.
        case walletActionDateTime
        /// When the wallet was created.
        case walletCreationDateTime
        /// The wallet's cards (a list of containers).
        case walletPaymentMeanData
        /// The wallet type.
        case walletType
    }

    /// The function that answered (for a container, the function whose answer holds it).
    public let operation: SipsOperation
    /// Which documented object this is: the function's answer or one of its containers.
    let object: SipsAnswerObject
    /// The documented members present, typed.
    let members: [Field: SipsAnswerMember]
    /// The members not documented for the object, in document order.
    let others: JSONObject

    /// Reads the answer of `operation` (the SDK's response object as JSON).
    ///
    /// - Throws: ``SipsError`` when the bytes are not a JSON object, repeat a member, or hold a
    ///   documented member of another type (`cardData.panLengthMax: expected string, found object`).
    public init(_ operation: SipsOperation, jsonEncoded bytes: some Collection<UInt8>) throws(SipsError) {
        let what = "\(operation.rawValue) answer"
        let root = try ProcessorJSON.object(bytes, what: what)
        do {
            self = try SipsResponse(operation, object: SipsAnswerObject(answerOf: operation), node: root)
        } catch {
            throw SipsError(error, what: what)
        }
    }

    /// Reads `node` as `object`, checking each documented member's type.
    init(_ operation: SipsOperation, object: SipsAnswerObject, node: JSONObjectNode) throws(DefinitionError) {
        let types = object.fieldTypes
        var members: [Field: SipsAnswerMember] = [:]
        var others = JSONObject()
        for member in node.object.members {
            guard let field = Field(rawValue: member.key), let type = types[field] else {
                others.append(member.key, member.value)
                continue
            }
            if case .null = member.value { continue }
            members[field] = try type.read(JSONNode(member.value, parent: node.path, step: .key(member.key)), operation: operation)
        }
        self.operation = operation
        self.object = object
        self.members = members
        self.others = others
    }

    /// A member as text: a text member as sent (a number as written), an integer member in
    /// decimal; `nil` when absent or not a single value.
    public func text(_ field: Field) -> String? {
        switch members[field] {
        case .text(let text)?: text
        case .integer(let number)?: String(number)
        default: nil
        }
    }

    /// A member as an integer: an integer member (`paymentMeanId`), or a text member that holds
    /// one (`amount` `1050`, `panLengthMax` `19`); `nil` otherwise.
    public func integer(_ field: Field) -> Int? {
        switch members[field] {
        case .integer(let number)?: number
        case .text(let text)?: Int(text)
        default: nil
        }
    }

    /// A list member's texts (`authentExemptionReasonList`, `paymentMeanCoBadgingBrandList`);
    /// empty when absent.
    public func texts(_ field: Field) -> [String] {
        if case .texts(let texts)? = members[field] { return texts }
        return []
    }

    /// A container member (`cardData`, `s10TransactionReference`), read with its own documented
    /// members; `nil` when absent.
    public func object(_ field: Field) -> SipsResponse? {
        if case .object(let nested)? = members[field] { return nested }
        return nil
    }

    /// A list of containers (`cardDataList`, `walletPaymentMeanData`); empty when absent.
    public func objects(_ field: Field) -> [SipsResponse] {
        if case .objects(let list)? = members[field] { return list }
        return []
    }

    /// The documented members present, in the order of ``Field``.
    public var fields: [Field] {
        Field.allCases.filter { members[$0] != nil }
    }

    /// The members the guides do not document for this answer, by name, as JSON text (`"00"`
    /// for a string, `17` for a number).
    public var otherFields: [String: String] {
        var texts: [String: String] = [:]
        for member in others.members { texts[member.key] = JSONWriter().string(from: member.value) }
        return texts
    }

    /// The function's response code: `inAppResponseCode`, or for an enrolment check without one,
    /// `redirectionStatusCode`.
    public var responseCode: String? {
        text(.inAppResponseCode) ?? text(.redirectionStatusCode)
    }

    /// The function, the documented members present and how many others; never a value, nor the
    /// names of undocumented members (they come from the answer, like its values).
    public var description: String {
        var names = fields.map(\.rawValue)
        if !others.members.isEmpty { names.append("otherFields: \(others.members.count)") }
        return "SipsResponse(\(operation.rawValue): \(names.joined(separator: ", ")))"
    }

    /// Redacted for `dump` and debuggers: the names of the documented members present.
    public var customMirror: Mirror {
        Mirror(self, children: ["operation": operation, "present": fields.map(\.rawValue), "otherFields": others.members.count],
               displayStyle: .struct)
    }
}
