import PaymentFormCards
import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormSamples
import PaymentFormValidation
import PayformCommands
import PaymentFormProtocol

#if hasFeature(Embedded)
/// The forms mounted in a page: each is a ``FormSession`` (the state `payform form` keeps between
/// its lines) kept here between calls, under a number the page holds.
///
/// - `{"op": "form.open", "product": DEFINITION, "products": [DEFINITION...], "accountOnFile": ID,
///   "locale": TAG, "now": "YYYY-MM", "publicKey": KEY, "clientSessionId": ID, "appIdentifier": TEXT}`
///   → `{"form": N, "view": VIEW}`. A DEFINITION is a Client API product (a JSON object) or
///   `"sample:NAME"`; KEY is the Client API's public-key answer `{"keyId", "publicKey"}` or
///   `"sample:demo"`. Errors are `payform form`'s (`usage`, `invalid_product`, ...).
/// - `{"op": "form.event", "form": N, "event": EVENT}` → `payform form`'s answer to the event,
///   with `"valid"` (whether the whole form validates now) on field events too.
/// - `{"op": "form.view", "form": N}` → VIEW: the form as drawn now (after `selectProduct` or
///   `selectAccountOnFile`): `render --format json`'s shape with each field's state, plus the
///   language, the product's accounts on file and the page's texts.
/// - `{"op": "form.brands", "form": N}` → `{"brands": [{"id", "name", "productIds"}...]}`: the
///   brands the engine detects, named in the form's language, with their products (for logos).
/// - `{"op": "form.close", "form": N}` → `{}`.
/// - `{"op": "card.lookupPrefix", "number": TEXT}` → `{"prefix": DIGITS | null}`: what an IIN
///   lookup sends for the number typed so far (the engine's rule: 8 digits, else 6).
enum WebForms {
    /// One mounted form. A reference on purpose: an event mutates the session where it is kept.
    /// Held by value in the dictionary, each event copied the session out and back, so the
    /// controller's arrays were shared during the event and copied on every write, and the module
    /// carried the code to copy and destroy the whole session (some 25 KB).
    private final class MountedForm {
        var session: FormSession
        init(_ session: FormSession) { self.session = session }
    }

    nonisolated(unsafe) private static var sessions: [Int: MountedForm] = [:]
    nonisolated(unsafe) private static var lastNumber = 0

    static func open(_ request: JSONValue) -> JSONValue {
        var files: [String: [UInt8]] = [:]
        var arguments: [String] = []
        func definition(_ json: JSONValue, _ member: String) -> String? {
            switch json {
            case .string(let name) where name.hasPrefix("sample:"): return name
            case .object:
                let path = member == "products" ? "products[\(files.count)]" : member
                files[path] = JSONWriter().bytes(from: json)
                return path
            default: return nil
            }
        }
        guard let first = request["product"], let product = definition(first, "product") else {
            return WebRequests.failure("usage", "\"product\" must be a Client API product (a JSON object) or \"sample:NAME\"")
        }
        arguments += ["--product", product]
        switch request["products"] {
        case .array(let others)?:
            for other in others {
                guard let path = definition(other, "products") else {
                    return WebRequests.failure("usage", "\"products\" must hold Client API products or \"sample:NAME\" names")
                }
                arguments += ["--product", path]
            }
        case nil, .null?: break
        default: return WebRequests.failure("usage", "\"products\" must be an array")
        }
        for (member, option) in [("accountOnFile", "--account-on-file"), ("locale", "--locale"), ("now", "--now"),
                                 ("clientSessionId", "--client-session-id"), ("appIdentifier", "--app-identifier")] {
            switch request[member] {
            case .string(let text)?: arguments += [option, text]
            case .number(let text)? where member == "accountOnFile": arguments += [option, text]
            case nil, .null?: break
            default: return WebRequests.failure("usage", "\"\(member)\" must be a string")
            }
        }
        guard request["now"] != nil else {
            return WebRequests.failure("usage", "\"now\" (the current month, YYYY-MM) is required: the module has no clock")
        }
        switch request["publicKey"] {
        case .string("sample:demo")?: arguments += ["--public-key", "sample:demo"]
        case .object?:
            guard let key = request["publicKey"], let path = definition(key, "publicKey") else { break }
            arguments += ["--public-key", path]
        case nil, .null?: break
        default: return WebRequests.failure("usage", "\"publicKey\" must be the Client API's public-key answer {\"keyId\", \"publicKey\"} or \"sample:demo\"")
        }
        let pageFiles = files
        let samples = CommandContext.SampleProducts(names: Samples.productNames, product: { Samples.product(named: $0) })
        let context = CommandContext(
            readStandardInput: { [] }, readFile: { path in pageFiles[path].map { .bytes($0) } ?? .missing },
            fileExists: { pageFiles[$0] != nil }, environment: [:], writeStandardOutput: { _ in true },
            writeStandardError: { _ in true }, now: { YearMonth.fallback },
            clientMetaInfo: { ClientMetaInfo(platformIdentifier: "WebAssembly", appIdentifier: $0) }, samples: samples)
        let session: FormSession
        do throws(CLIError) {
            session = try FormCommand.session(ParsedArguments<FormCommand.Option>(arguments), context, localizesSamples: true).0
        } catch {
            // The command's option names mean nothing to a page: name the request's members.
            var message = error.message
            for option in ["--product ", "--public-key "] where message.hasPrefix(option) {
                message = String(message.dropFirst(option.count))
            }
            return WebRequests.failure(error.code, message)
        }
        lastNumber += 1
        let form = MountedForm(session)
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
            return answer
        } catch {
            return WebRequests.failure(error.code, CLIError(code: error.code, message: error.message).message)
        }
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
        let definitions = controller.item.product
        var byId: [String: FormFieldState] = [:]
        for state in controller.fields { byId[state.id] = state }
        let account: JSONValue = form.accountOnFile.map {
            .object(JSONObject([(key: "id", value: .string($0.id)), (key: "label", value: .string($0.label)),
                                (key: "logo", value: $0.logo.map { .string($0) } ?? .null)]))
        } ?? .null
        let accounts: [JSONValue] = controller.item.accountsOnFile.map { account in
            .object(JSONObject([(key: "id", value: .string(account.id)), (key: "label", value: .string(account.label))]))
        }
        let texts = JSONObject([
            (key: "pay", value: .string(localizer.payButtonTitle)),
            (key: "brandChoice", value: .string(localizer.string(forKey: "gc.app.webForm.brandChoice") ?? "Card brand to use")),
            (key: "detectedBrand", value: .string(localizer.string(forKey: "gc.app.webForm.detectedBrand") ?? "Card brand: {brand}")),
            (key: "savedCard", value: .string(localizer.string(forKey: "gc.app.webForm.savedCard") ?? "Saved card")),
            (key: "otherCard", value: .string(localizer.string(forKey: "gc.app.webForm.otherCard") ?? "Another card")),
            (key: "invalidForm", value: .string(localizer.string(forKey: "gc.app.webForm.invalidForm") ?? "Please check the highlighted fields.")),
        ])
        return .object(JSONObject([
            (key: "lang", value: .string(localizer.languageTag)),
            (key: "product", value: .object(JSONObject([
                (key: "id", value: .string(form.productId)), (key: "label", value: .string(form.productLabel)),
                (key: "logo", value: form.logo.map { .string($0) } ?? .null),
            ]))),
            (key: "accountOnFile", value: account),
            (key: "accountsOnFile", value: .array(accounts)),
            (key: "fields", value: .array(form.fields.map { $0.jsonValue(definition: definitions?.field(withId: $0.id), state: byId[$0.id]) })),
            (key: "brand", value: controller.selectedBrandId.map { .string($0) } ?? .null),
            (key: "texts", value: .object(texts)),
        ]))
    }
}
#endif
