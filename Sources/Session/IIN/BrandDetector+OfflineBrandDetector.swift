
/// The engine's offline card-brand detector (`PaymentFormBrands`) answers a session's IIN
/// lookups at once; ``ClientSessionConfiguration`` uses the shipped table by default.
extension BrandDetector: OfflineBrandDetector {
    /// The detected brand ids (`visa`, `dankort`, ...), whether more digits are needed, and each
    /// brand's product ids from the table; no brands for input the detector refuses.
    package func detectBrands(inDigits digits: String) -> OfflineBrandDetection {
        guard let detection = try? detect(digits) else { return OfflineBrandDetection(brands: [], isAmbiguous: false) }
        var productIds: [String: [Int]] = [:]
        for brand in detection.brands { productIds[brand.id] = brand.paymentProductIds }
        return OfflineBrandDetection(brands: detection.brandIds, isAmbiguous: detection.isAmbiguous, paymentProductIds: productIds)
    }
}
