import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormProtocol
import PaymentFormValidation
#if !PAYFORM_WEB_FORM_ONLY
import PaymentFormSamples
#endif

#if hasFeature(Embedded)
/// A page's `form.open` request read into the form's options: its members are typed values,
/// and a member that is wrong is named in the error as the page wrote it (`"now"`,
/// `products[1]: fields[0].id: ...`), never as a command-line flag.
///
/// The members: `product` (a Client API product or product group, a JSON object), `products`
/// (more products the form may switch to: on a card form, the merchant's other card products,
/// among which the card number picks), `accountOnFile` (an id), `preferredBrand` (the co-badge
/// brand to pre-select), `locale` (a language tag), `texts` (`{TAG:
/// {KEY: TEXT}}`: the texts of a language this module does not carry, or a merchant's own
/// wording, layered over the module's tables), `now` (`YYYY-MM`, required: the module has no
/// clock), `publicKey` (the Client API's public-key answer `{"keyId", "publicKey"}`) with
/// `clientSessionId`, and `appIdentifier`. The full module (`payform-engine.wasm`) also takes
/// `"sample:NAME"` for a product and `"sample:demo"` for the key: the shipped samples, in the
/// form's language as the platform would serve them.
enum WebFormRequest {
    /// What `submit` encrypts with: the page's WebCrypto does RSA-OAEP, AES-256-CBC and
    /// HMAC-SHA-512; the engine checks the key as the native engine does, writes the token's
    /// protected header and the payload, and says which key parameters to use.
    struct Encryption {
        /// The key's id (the token's `kid`).
        let keyId: String
        /// The key's modulus and public exponent, big-endian.
        let modulus: [UInt8], exponent: [UInt8]
        /// The client session id the payload carries.
        let clientSessionId: String
        /// The meta info sent beside the token.
        let metaInfo: ClientMetaInfo
    }

    static func options(_ request: JSONValue) throws(WebRequestError) -> (FormOptions, Encryption?) {
        let localizer = Localizer(languageTag: try string(request, "locale") ?? "en", overrides: try texts(request))
        guard let first = request["product"] else { throw .usage("\"product\" must be \(productShape)") }
        let item = try definition(first, at: "product", localizer: localizer)
        var others: [AnyPaymentItem] = []
        switch request["products"] {
        case .array(let items)?:
            for (index, item) in items.enumerated() {
                others.append(try definition(item, at: "products[\(index)]", localizer: localizer))
            }
        case nil, .null?: break
        default: throw .usage("\"products\" must be an array of Client API products")
        }
        let accountOnFile: String?
        switch request["accountOnFile"] {
        case .string(let id)?: accountOnFile = id
        case .number(let id)?: accountOnFile = id
        case nil, .null?: accountOnFile = nil
        default: throw .usage("\"accountOnFile\" must be a string")
        }
        guard let nowText = try string(request, "now") else {
            throw .usage("\"now\" (the current month, YYYY-MM) is required: the module has no clock")
        }
        guard let now = YearMonth(parsing: nowText) else { throw .usage("\"now\" must be YYYY-MM with a month from 01 to 12") }
        let preferredBrand = try string(request, "preferredBrand")
        let encryption = try self.encryption(request)
        let options = FormOptions(item: item, otherItems: others, accountOnFile: accountOnFile, localizer: localizer,
                                  validation: ValidationContext(now: now), preferredBrand: preferredBrand)
        return (options, encryption)
    }

    #if PAYFORM_WEB_FORM_ONLY
    private static let productShape = "a Client API product or product group (a JSON object)"
    #else
    private static let productShape = "a Client API product or product group (a JSON object) or \"sample:NAME\""
    #endif

    /// The product or group at `path` of the request (a group is told apart as the Client API
    /// sends one: no `paymentMethod`, an id that is not a number).
    private static func definition(_ json: JSONValue, at path: String, localizer: Localizer) throws(WebRequestError) -> AnyPaymentItem {
        var decoding = json
        switch json {
        case .object: break
        #if !PAYFORM_WEB_FORM_ONLY
        case .string(let name) where name.hasPrefix("sample:"):
            let sample = String(name.dropFirst("sample:".count))
            if let bytes = Samples.product(named: sample), let parsed = try? JSONParser().parse(bytes) {
                // In the form's language, as the platform serves a product for a request's locale.
                decoding = DefinitionTexts.product(parsed, locale: localizer.languageTag)
            } else if let bytes = Samples.group(withId: sample), let parsed = try? JSONParser().parse(bytes) {
                decoding = parsed
            } else {
                throw .usage("\(path): no such sample (samples: \(Samples.productNames.joined(separator: ", ")))")
            }
        #endif
        default: throw .usage("\"\(path)\" must be \(productShape)")
        }
        do {
            var diagnostics: [DefinitionDiagnostic] = []
            return try AnyPaymentItem.decode(json: decoding, diagnostics: &diagnostics)
        } catch {
            throw WebRequestError(code: error.code, message: "\(path): \(error)")
        }
    }

    /// What `submit` encrypts with: `publicKey` and `clientSessionId`, both or neither.
    private static func encryption(_ request: JSONValue) throws(WebRequestError) -> Encryption? {
        let clientSessionId = try string(request, "clientSessionId")
        let appIdentifier = try string(request, "appIdentifier")
        let response: PublicKeyResponse
        switch request["publicKey"] {
        case nil, .null?:
            guard clientSessionId == nil else { throw .usage("give \"publicKey\" and \"clientSessionId\" together") }
            return nil
        case .object?:
            guard let json = request["publicKey"] else { return nil }
            do {
                response = try PublicKeyResponse.decode(from: json).value
            } catch {
                throw WebRequestError(code: error.code, message: "publicKey: \(error)")
            }
        #if !PAYFORM_WEB_FORM_ONLY
        case .string("sample:demo")?:
            guard let bytes = Samples.demoPublicKeyResponse, let demo = try? PublicKeyResponse.decode(from: bytes).value else {
                throw .usage("publicKey: the demo key is missing from this module")
            }
            response = demo
        #endif
        default:
            throw .usage("\"publicKey\" must be the Client API's public-key answer {\"keyId\", \"publicKey\"}")
        }
        guard let clientSessionId else { throw .usage("give \"publicKey\" and \"clientSessionId\" together") }
        let key: (modulus: [UInt8], exponent: [UInt8])
        do {
            key = try EncryptionKey.components(of: response)
        } catch {
            throw WebRequestError(code: error.code, message: "publicKey: \(error)")
        }
        return Encryption(keyId: response.keyId, modulus: key.modulus, exponent: key.exponent, clientSessionId: clientSessionId,
                          metaInfo: ClientMetaInfo(platformIdentifier: "WebAssembly", appIdentifier: appIdentifier ?? "UNKNOWN"))
    }

    /// `texts`: `{TAG: {KEY: TEXT}}`.
    private static func texts(_ request: JSONValue) throws(WebRequestError) -> [String: [String: String]] {
        let shape = WebRequestError.usage("\"texts\" must map language tags to objects of texts ({\"fr\": {\"gc.app.paymentProductDetails.payButton\": \"Payer\"}})")
        switch request["texts"] {
        case nil, .null?: return [:]
        case .object(let languages)?:
            var texts: [String: [String: String]] = [:]
            for language in languages.members {
                guard case .object(let table) = language.value else { throw shape }
                var strings: [String: String] = [:]
                for entry in table.members {
                    guard case .string(let text) = entry.value else { throw shape }
                    strings[entry.key] = text
                }
                texts[language.key] = strings
            }
            return texts
        default: throw shape
        }
    }

    /// A string member, `nil` when absent or `null`.
    private static func string(_ request: JSONValue, _ member: String) throws(WebRequestError) -> String? {
        switch request[member] {
        case .string(let text)?: return text
        case nil, .null?: return nil
        default: throw .usage("\"\(member)\" must be a string")
        }
    }
}
#endif
