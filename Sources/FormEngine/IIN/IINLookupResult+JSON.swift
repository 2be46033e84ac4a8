package import PaymentFormJSON

extension IINLookupResult {
    /// A server answer read from JSON: a `getIINdetails` answer as the Client API sends it
    /// (`paymentProductId`, `isAllowedInContext`, `countryCode`, `coBrands`, ...), or what
    /// `payform fetch iin` prints (the same members and our `status`).
    ///
    /// The status is the one `fetch iin` printed when it is one of ``IINStatus``'s names;
    /// otherwise it follows from the answer as a session derives it: no product is `unknown`, a
    /// product allowed in the context `supported`, one not allowed `existingButNotAllowed`. The
    /// Client API sends `isAllowedInContext` only for a lookup made with a payment context: an
    /// answer without it is allowed, as ``ClientSession/iinDetails(forPartialCardNumber:context:)``
    /// reads it without a context.
    ///
    /// - Throws: ``DefinitionError`` naming the JSON path of a member of the wrong type.
    package init(serverJSON json: JSONValue) throws(DefinitionError) {
        var diagnostics: [DefinitionDiagnostic] = []
        var details = try IINDetailsResponse(json: json, at: .root, diagnostics: &diagnostics)
        if details.paymentProductId != nil, json["isAllowedInContext"] == nil || json["isAllowedInContext"] == .null {
            details.isAllowedInContext = true
        }
        let derived: IINStatus = details.paymentProductId == nil ? .unknown : details.isAllowedInContext ? .supported : .existingButNotAllowed
        var status = derived
        if case .string(let name)? = json["status"], let printed = IINStatus(rawValue: name) { status = printed }
        self.init(status: status, source: .server, details: details.paymentProductId == nil && details.coBrands.isEmpty ? nil : details)
    }
}
