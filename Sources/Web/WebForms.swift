import PaymentFormCards
import PaymentFormCore
import PaymentFormEncryption
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormProtocol
import PaymentFormValidation

#if hasFeature(Embedded)
/// The forms mounted in a page: each is a ``FormSession`` (the state `payform form` keeps between
/// its lines) kept here between calls, under a number the page holds.
///
/// - `{"op": "form.open", "product": DEFINITION, "products": [DEFINITION...], "accountOnFile": ID,
///   "locale": TAG, "texts": {TAG: {KEY: TEXT}}, "now": "YYYY-MM", "publicKey": KEY,
///   "clientSessionId": ID, "appIdentifier": TEXT}` → `{"form": N, "view": VIEW}`
///   (``WebFormRequest`` reads the members). Errors name the member (`usage`, `type_mismatch`,
///   `missing_key`, ...).
/// - `{"op": "form.event", "form": N, "event": EVENT}` → `payform form`'s answer to the event,
///   with `"valid"` (whether the whole form validates now) on field events too. A valid submit of
///   a form opened with a key answers `"prepared": null` and `"encrypt"`: what the page's
///   WebCrypto encrypts into the token (``encryptionInput(_:_:)``).
/// - `{"op": "form.view", "form": N}` → VIEW: the form as drawn now (after `selectProduct` or
///   `selectAccountOnFile`): `render --format json`'s shape with each field's state, plus the
///   language the texts are in (`lang`) and its direction (`dir`: `ltr` or `rtl`), the
///   product's accounts on file and the page's texts.
/// - `{"op": "form.brands", "form": N}` → `{"brands": [{"id", "name", "productIds"}...]}`: the
///   brands the engine detects, named in the form's language, with their products (for logos).
/// - `{"op": "form.close", "form": N}` → `{}`.
/// - `{"op": "card.lookupPrefix", "number": TEXT}` → `{"prefix": DIGITS | null}`: what an IIN
///   lookup sends for the number typed so far (the engine's rule: 8 digits, else 6).
/// - `{"op": "form.work", "form": N}` → `{"patternSteps": S, "patternCutOffs": K}`: what the
///   form's last event spent on patterns outside the linear matcher, in the backtracking matcher's
///   steps (at most 6,000,000 an event, `docs/limits.md`), and how many of its matches were
///   stopped by that budget (for tests and benchmarks of the bound).
enum WebForms {
    /// One mounted form. A reference on purpose: an event mutates the session where it is kept.
    /// Held by value in the dictionary, each event copied the session out and back, so the
    /// controller's arrays were shared during the event and copied on every write, and the module
    /// carried the code to copy and destroy the whole session (some 25 KB).
    private final class MountedForm {
        var session: FormSession
        /// What `submit` encrypts with, when the page gave a key.
        let encryption: WebFormRequest.Encryption?
        init(_ session: FormSession, encryption: WebFormRequest.Encryption?) {
            self.session = session
            self.encryption = encryption
        }
    }

    nonisolated(unsafe) private static var sessions: [Int: MountedForm] = [:]
    nonisolated(unsafe) private static var lastNumber = 0

    static func open(_ request: JSONValue) -> JSONValue {
        let session: FormSession
        let encryption: WebFormRequest.Encryption?
        do throws(WebRequestError) {
            let options: FormOptions
            (options, encryption) = try WebFormRequest.options(request)
            do {
                session = try FormSession(options)
            } catch {
                throw WebRequestError(code: error.code, message: "accountOnFile: \(error.description)")
            }
        } catch {
            return WebRequests.failure(error.code, error.message)
        }
        lastNumber += 1
        let form = MountedForm(session, encryption: encryption)
        sessions[lastNumber] = form
        return .object(JSONObject([(key: "form", value: .number(String(lastNumber))), (key: "view", value: view(of: form.session))]))
    }

    static func event(_ request: JSONValue) -> JSONValue {
        guard let number = formNumber(request), let form = sessions[number] else { return unknownForm() }
        guard let event = request["event"] else { return WebRequests.failure("bad_event", "\"event\" must be an event of the form protocol") }
        do throws(FormProtocolError) {
            var answer = try form.session.answer(event)
            // Field events answer as `payform form` does; the page also wants the form's validity.
            if case .object(var object) = answer, object["valid"] == nil {
                object.append("valid", .bool(form.session.controller.isValid))
                answer = .object(object)
            }
            if case .string("submit")? = event["event"], let encryption = form.encryption,
               case .object(var object) = answer, case .bool(true)? = object["valid"] {
                object.append("encrypt", try Self.encryptionInput(form.session.controller, encryption))
                answer = .object(object)
            }
            return answer
        } catch {
            return WebRequests.failure(error.code, error.message)
        }
    }

    /// What the page encrypts for a valid form (``WebFormRequest/Encryption``): `{"alg", "header",
    /// "key": {"n", "e"}, "payload", "encodedClientMetaInfo"}`, the token then being `header`, the
    /// wrapped key, the IV, the ciphertext and the tag, BASE64URL, joined by dots.
    private static func encryptionInput(_ controller: PaymentFormController, _ encryption: WebFormRequest.Encryption)
        throws(FormProtocolError) -> JSONValue {
        var generator = BulkSystemRandomNumberGenerator()
        defer { generator.wipe() }
        let payload: [UInt8], header: String
        do {
            payload = try controller.request.payload(clientSessionId: encryption.clientSessionId, in: controller.context, using: &generator)
        } catch {
            throw FormProtocolError(code: "bad_event", message: "the form is valid but cannot be prepared: \(error.description)")
        }
        do {
            header = try JWE.protectedHeader(keyId: encryption.keyId)
        } catch {
            throw FormProtocolError(code: "bad_event", message: "the form is valid but cannot be prepared: \(error.description)")
        }
        return .object(JSONObject([
            (key: "alg", value: .string("RSA-OAEP")),
            (key: "header", value: .string(header)),
            (key: "key", value: .object(JSONObject([
                (key: "n", value: .string(Base64URL.encode(encryption.modulus))), (key: "e", value: .string(Base64URL.encode(encryption.exponent))),
            ]))),
            (key: "payload", value: .string(String(decoding: payload, as: UTF8.self))),
            (key: "encodedClientMetaInfo", value: .string(encryption.metaInfo.encoded)),
        ]))
    }

    static func currentView(_ request: JSONValue) -> JSONValue {
        guard let number = formNumber(request), let form = sessions[number] else { return unknownForm() }
        return view(of: form.session)
    }

    static func close(_ request: JSONValue) -> JSONValue {
        guard let number = formNumber(request), sessions.removeValue(forKey: number) != nil else { return unknownForm() }
        return .object(JSONObject())
    }

    /// The brands of the shipped table with their names in the form's language and the products
    /// they belong to (for logos). Apart from the view: the table is read the first time a number
    /// is detected or this is asked, so a page draws its form first and asks in idle time.
    static func brands(_ request: JSONValue) -> JSONValue {
        guard let number = formNumber(request), let form = sessions[number] else { return unknownForm() }
        let localizer = form.session.controller.localizer
        let brands: [JSONValue] = BrandDetector.shipped.table.brands.map { brand in
            .object(JSONObject([
                (key: "id", value: .string(brand.id)), (key: "name", value: .string(brand.displayName(localizer))),
                (key: "productIds", value: .array(brand.paymentProductIds.map { .number(String($0)) })),
            ]))
        }
        return .object(JSONObject([(key: "brands", value: .array(brands))]))
    }

    static func work(_ request: JSONValue) -> JSONValue {
        guard let number = formNumber(request), let form = sessions[number] else { return unknownForm() }
        let budget = form.session.controller.lastEventBudget
        return .object(JSONObject([
            (key: "patternSteps", value: .number(String(budget.spentSteps))),
            (key: "patternCutOffs", value: .number(String(budget.cutOffMatches))),
        ]))
    }

    static func lookupPrefix(_ request: JSONValue) -> JSONValue {
        guard case .string(let number)? = request["number"] else { return WebRequests.failure("usage", "\"number\" must be a string") }
        let prefix = CardNumberDigits.digits(of: number).flatMap { CardNumberDigits.lookupPrefix(of: $0) }
        return .object(JSONObject([(key: "prefix", value: prefix.map { .string($0) } ?? .null)]))
    }

    private static func formNumber(_ request: JSONValue) -> Int? {
        guard case .number(let text)? = request["form"] else { return nil }
        return Int(text)
    }

    private static func unknownForm() -> JSONValue {
        WebRequests.failure("usage", "\"form\" must be the number form.open answered, of a form not closed")
    }

    /// The form as drawn now, with what a page needs besides the fields.
    static func view(of session: FormSession) -> JSONValue {
        let controller = session.controller
        let form = controller.form
        let localizer = controller.localizer
        let account: JSONValue = form.accountOnFile.map {
            .object(JSONObject([(key: "id", value: .string($0.id)), (key: "label", value: .string($0.label)),
                                (key: "logo", value: $0.logo.map { .string($0) } ?? .null)]))
        } ?? .null
        let accounts: [JSONValue] = controller.item.accountsOnFile.map { account in
            .object(JSONObject([(key: "id", value: .string(account.id)), (key: "label", value: .string(account.label))]))
        }
        // The page's own texts, from the language files (written once, in Resources/Localization).
        let texts = JSONObject(localizer.webFormTexts.map { (key: $0.id, value: JSONValue.string($0.text)) })
        let choice = controller.brandChoice
        let brandOptions: [JSONValue] = choice.options.map { brand in
            .object(JSONObject([
                (key: "brand", value: .string(brand.id)),
                (key: "paymentProductId", value: choice.paymentProductId(forBrandId: brand.id).map { .number(String($0)) } ?? .null),
            ]))
        }
        return .object(JSONObject([
            // The language the texts are in (a language without texts falls back to English).
            (key: "lang", value: .string(localizer.textLanguageTag)),
            // Its direction: what the form's `dir` attribute says (English texts on a
            // right-to-left page read left to right).
            (key: "dir", value: .string(localizer.textDirection.rawValue)),
            (key: "product", value: .object(JSONObject([
                (key: "id", value: .string(form.productId)), (key: "label", value: .string(form.productLabel)),
                (key: "logo", value: form.logo.map { .string($0) } ?? .null),
                (key: "kind", value: .string(controller.item.kind.rawValue)),
            ]))),
            (key: "accountOnFile", value: account),
            (key: "accountsOnFile", value: .array(accounts)),
            (key: "fields", value: .array(form.fieldJSONValues(definitions: controller.item.fields, states: controller.fields))),
            (key: "brand", value: controller.selectedBrandId.map { .string($0) } ?? .null),
            (key: "brandOptions", value: .array(brandOptions)),
            (key: "texts", value: .object(texts)),
        ]))
    }
}
#endif
