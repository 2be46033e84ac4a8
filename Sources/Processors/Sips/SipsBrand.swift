/// Card brands as Sips names them (`paymentMeanBrand`, `cardBrand`): upper-case names such as
/// `CB`, `VISA`, `MASTERCARD`, `AMEX`, `BCMC`.
public enum SipsBrand {
    /// The Sips name for an engine brand id (`cartes-bancaires` → `CB`, `diners-club` → `DINERS`);
    /// a name that is already a Sips name (`CB`) is kept; another brand id is sent in upper case
    /// without dashes or spaces (`union-pay` → `UNIONPAY`).
    public static func sipsName(for brand: String) -> String {
        if let name = ProcessorDecisions.sipsBrandNames[brand] { return name }
        if brand.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "_" }) { return brand }
        return brand.uppercased().filter { $0 != "-" && $0 != " " }
    }

    /// The engine brand id for a Sips name (`CB` → `cartes-bancaires`), or `nil` when the name has
    /// no engine id.
    public static func brandId(forSipsName name: String) -> String? {
        let upper = name.uppercased()
        return ProcessorDecisions.sipsBrandNames.first { $0.value == upper }?.key
    }
}
