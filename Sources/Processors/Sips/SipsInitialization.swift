import PaymentFormEngine

/// What the merchant's server gets back from a Sips *initialize* service and hands to the app:
/// the four values every SDK call takes, and the status of the initialisation.
///
/// ```swift
/// let initialization = try SipsInitialization(jsonEncoded: answerFromMyServer)
/// ```
public struct SipsInitialization: Sendable, Hashable, CustomStringConvertible {
    /// The transaction's context, passed back to the SDK as is.
    public var redirectionData: String?
    /// The URL of the next SDK service to call.
    public var redirectionUrl: String
    /// The interface version of that service.
    public var redirectionVersion: String
    /// The key the SDK encrypts card data with (its format is the SDK's business).
    public var publicKeyValue: String
    /// The shop's Sips identifier, which the token call takes; the initialize answer does not carry
    /// it, so a server passing it on adds it beside the other values.
    public var merchantId: String?
    /// `00` when the transaction was initialised.
    public var redirectionStatusCode: String?

    /// The values of an initialize answer, for a server that already read them (else
    /// ``init(jsonEncoded:)`` reads the answer).
    public init(
        redirectionData: String?, redirectionUrl: String, redirectionVersion: String, publicKeyValue: String,
        merchantId: String? = nil, redirectionStatusCode: String? = nil
    ) {
        self.redirectionData = redirectionData
        self.redirectionUrl = redirectionUrl
        self.redirectionVersion = redirectionVersion
        self.publicKeyValue = publicKeyValue
        self.merchantId = merchantId
        self.redirectionStatusCode = redirectionStatusCode
    }

    /// Reads the initialize answer (JSON). `redirectionUrl`, `redirectionVersion` and
    /// `publicKeyValue` are required; `redirectionData` is required by every call but the token one.
    public init(jsonEncoded bytes: some Collection<UInt8>) throws(SipsError) {
        let what = "initialize answer"
        let object = try ProcessorJSON.object(bytes, what: what)
        do throws(DefinitionError) {
            func text(_ key: String) throws(DefinitionError) -> String? { try object.optional(key)?.text() }
            func required(_ key: String) throws(DefinitionError) -> String {
                let text = try object.required(key).text()
                guard !text.isEmpty else { throw DefinitionError(path: object.path.appending(key), kind: .missingKey) }
                return text
            }
            redirectionData = try text("redirectionData")
            redirectionUrl = try required("redirectionUrl")
            redirectionVersion = try required("redirectionVersion")
            publicKeyValue = try required("publicKeyValue")
            merchantId = try text("merchantId")
            redirectionStatusCode = try text("redirectionStatusCode")
        } catch {
            throw SipsError(error, what: what)
        }
    }

    /// Names the status and service only.
    public var description: String {
        "SipsInitialization(redirectionStatusCode: \(redirectionStatusCode ?? "nil"), redirectionVersion: \(redirectionVersion))"
    }
}
