import PaymentFormEngine

extension SipsResponse {
    /// A `getWalletData` answer's cards as accounts on file of a wallet form (`sips-wallet-order`,
    /// or `sips-delete-payment-mean` to remove one): the account's id is the card's
    /// `paymentMeanId`, which the form's `paymentMeanId` field takes read-only; the label shows the
    /// card's name, masked number and expiry (`My Visa 4111 11XX XXXX 1111 12/30`).
    ///
    /// Cards without an id are skipped (they cannot be paid with); any other answer has none.
    public func accountsOnFile(productId: String = "sips-wallet-order") -> [AccountOnFile] {
        objects(.walletPaymentMeanData).compactMap { item in
            guard let id = item.text(.paymentMeanId), !id.isEmpty else { return nil }
            var attributes = [AccountOnFileAttribute(key: "paymentMeanId", value: id, status: .readOnly)]
            if let alias = item.text(.paymentMeanAlias) {
                attributes.append(AccountOnFileAttribute(key: "paymentMeanAlias", value: alias, status: .readOnly))
            }
            if let pan = item.text(.maskedPan) { attributes.append(AccountOnFileAttribute(key: "maskedPan", value: pan, status: .readOnly)) }
            if let expiry = item.text(.panExpiryDate).flatMap(Self.shownExpiry) {
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
