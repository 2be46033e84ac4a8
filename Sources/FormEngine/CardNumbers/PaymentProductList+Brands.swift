import PaymentFormCards

extension PaymentProductList {
    /// The Client API product ids on offer in this list for `brands`: brand by brand in the order
    /// given, each brand's ids in the brand table's order, each id once.
    ///
    /// ```swift
    /// // A list offering products 1 (Visa) and 123 (Dankort):
    /// list.paymentProductIds(for: try BrandDetector.shipped.detect("4571").brands)   // [123, 1]
    /// ```
    package func paymentProductIds(for brands: [Brand]) -> [Int] {
        let offered = Set(paymentProducts.map { $0.id })
        var result: [Int] = []
        for brand in brands {
            for id in brand.paymentProductIds where offered.contains(String(id)) && !result.contains(id) {
                result.append(id)
            }
        }
        return result
    }

    /// The brands among `brands` that have at least one product on offer, in the order given:
    /// a co-badge choice should only offer brands the merchant can take.
    package func offeredBrands(among brands: [Brand]) -> [Brand] {
        let offered = Set(paymentProducts.map { $0.id })
        return brands.filter { brand in brand.paymentProductIds.contains { offered.contains(String($0)) } }
    }
}

extension BrandDetection {
    /// One Client API product per detected brand, brand by brand, without repeats: the first of
    /// each brand's products (the brand table's order, most common first) that is in `offered`
    /// (any, when `offered` is `nil`). What an offline IIN answer names: `4571` (Dankort + Visa)
    /// with both offered gives `[123, 1]`.
    package func paymentProductIds(offered: Set<Int>?) -> [Int] {
        var result: [Int] = []
        for brand in brands {
            if let id = brand.paymentProductIds.first(where: { offered?.contains($0) ?? true }), !result.contains(id) {
                result.append(id)
            }
        }
        return result
    }
}
