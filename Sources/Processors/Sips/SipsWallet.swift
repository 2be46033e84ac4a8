import PaymentFormEngine

extension SipsGetWalletDataResponse {
    /// The wallet's cards as accounts on file of the wallet-order form: the account's id is the
    /// card's `paymentMeanId`, which the form's `paymentMeanId` field takes read-only; the label
    /// shows the card's name, masked number and expiry (`My Visa 4111 11XX XXXX 1111 12/30`).
    ///
    /// Cards without an id are skipped (they cannot be paid with).
    public func accountsOnFile(productId: String = "sips-wallet-order") -> [AccountOnFile] {
        walletPaymentMeanData.compactMap { item in
            guard let id = item.paymentMeanId, !id.isEmpty else { return nil }
            var attributes = [AccountOnFileAttribute(key: "paymentMeanId", value: id, status: .readOnly)]
            if let alias = item.paymentMeanAlias { attributes.append(AccountOnFileAttribute(key: "paymentMeanAlias", value: alias, status: .readOnly)) }
            if let pan = item.maskedPan { attributes.append(AccountOnFileAttribute(key: "maskedPan", value: pan, status: .readOnly)) }
            if let expiry = item.panExpiryDate.flatMap(Self.shownExpiry) {
                attributes.append(AccountOnFileAttribute(key: "expiryDate", value: expiry, status: .readOnly))
            }
            return AccountOnFile(
                id: id, paymentProductId: productId,
                labelTemplate: [
                    LabelTemplateItem(attributeKey: "paymentMeanAlias"), LabelTemplateItem(attributeKey: "maskedPan"),
                    LabelTemplateItem(attributeKey: "expiryDate"),
                ],
                attributes: attributes)
        }
    }

    /// `yyyyMM` as `MM/YY`; other shapes as sent.
    static func shownExpiry(_ value: String) -> String? {
        let digits = Array(value.utf8)
        guard digits.count == 6, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return value.isEmpty ? nil : value
        }
        return String(decoding: digits[4..<6] + [UInt8(ascii: "/")] + digits[2..<4], as: UTF8.self)
    }
}

/// One brand the customer may choose for a co-badged card.
public struct SipsBrandChoice: Sendable, Hashable, Codable {
    /// The brand's Sips name, sent as `paymentMeanBrand` (`CB`).
    public var sipsName: String
    /// The engine's brand id (`cartes-bancaires`), when it has one.
    public var brandId: String?

    /// A choice.
    public init(sipsName: String, brandId: String?) {
        self.sipsName = sipsName
        self.brandId = brandId
    }
}

extension SipsGetCardDataResponse {
    /// The brands of the card, in the order Sips listed them, without repeats: more than one means
    /// a co-badged card, whose brand the customer chooses (none is pre-selected).
    public var brandChoices: [SipsBrandChoice] {
        var seen = Set<String>()
        var choices: [SipsBrandChoice] = []
        for data in cardDataList {
            guard let name = data.cardBrand?.uppercased(), !name.isEmpty, seen.insert(name).inserted else { continue }
            choices.append(SipsBrandChoice(sipsName: name, brandId: SipsBrand.brandId(forSipsName: name)))
        }
        return choices
    }
}
