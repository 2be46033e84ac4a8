import PaymentFormEngine

extension SipsCallParameters {
    /// Refuses a chosen brand (`sipsName`, as sent) the request's card number cannot carry, so a
    /// `paymentMeanBrand` never contradicts the card: Sips would route the payment by a brand the
    /// card does not have. `given` is the brand as the caller wrote it, quoted in the error when it
    /// is a plain name (a value that could be anything else is not repeated).
    static func checkBrand(_ sipsName: String, given: String, of request: PaymentRequest) throws(SipsError) {
        guard let possible = request.possibleBrands() else { return }
        let names = possible.map { SipsBrand.sipsName(for: $0.id) }
        guard !names.contains(sipsName) else { return }
        let isPlainName = given.count <= 32 && given.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_" || $0 == " ") }
        let shown = isPlainName ? "'\(given)'" : "the brand given"
        var unique: [String] = []
        for name in names where !unique.contains(name) { unique.append(name) }
        throw .invalidField("brand", reason: "\(shown) is not a brand the card number can carry (it can be \(unique.joined(separator: ", ")))")
    }
}
