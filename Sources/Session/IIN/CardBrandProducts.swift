/// Which Client API payment products carry a card brand, for detectors that do not say (the
/// engine's `BrandDetector` does, from its table, with the same ids): `visa` → 1 (Visa), 114 (Visa Debit),
/// 122 (Visa Electron); `mastercard` → 3, 119; `american-express` → 2; ... (Connect's product
/// ids for card brands).
///
/// An offline answer names one product per brand, the first of the brand's products that is
/// offered (the session filters by the product list it fetched last).
package enum CardBrandProducts {
    /// Product ids by brand id, most common product first.
    package static let productIds: [String: [Int]] = [
        "visa": [1, 114, 122],
        "american-express": [2],
        "mastercard": [3, 119],
        "maestro": [117],
        "uatp": [120, 3008],
        "dankort": [123],
        "jcb": [125],
        "discover": [128],
        "cartes-bancaires": [130],
        "diners-club": [132],
        "naranja": [136],
        "elo": [147],
        "hipercard": [148],
        "hiper": [163],
        "mir": [164],
        "troy": [188, 189],
        "bancontact": [3012],
        "rupay": [4001, 4002],
        "unionpay": [56, 430, 869],
    ]

    /// The first product of `brand` that is offered (any, when `offered` is `nil`).
    package static func productId(forBrand brand: String, offered: Set<Int>?) -> Int? {
        productIds[brand]?.first { offered?.contains($0) ?? true }
    }

    /// One product per brand of `brands` that has one offered, in order, without repeats.
    package static func productIds(for brands: [String], offered: Set<Int>?) -> [Int] {
        productIds(for: OfflineBrandDetection(brands: brands, isAmbiguous: false), offered: offered)
    }

    /// One product per brand of `detection` that has one offered, in order, without repeats: from
    /// the detection's own product ids, else from ``productIds``.
    package static func productIds(for detection: OfflineBrandDetection, offered: Set<Int>?) -> [Int] {
        var result: [Int] = []
        for brand in detection.brands {
            let candidates = detection.paymentProductIds[brand] ?? productIds[brand] ?? []
            if let id = candidates.first(where: { offered?.contains($0) ?? true }), !result.contains(id) { result.append(id) }
        }
        return result
    }
}
