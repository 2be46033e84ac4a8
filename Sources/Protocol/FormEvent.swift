import PaymentFormCards
import PaymentFormCore
import PaymentFormJSON
import PaymentFormLocalization
import PaymentFormMasking
import PaymentFormValidation

/// One event of the form protocol: a line of `payform form`, a page's `form.event`.
package enum FormEvent {
    case edit(field: String, selection: Range<Int>, TextEdit)
    case replace(field: String, range: Range<Int>, string: String)
    case set(field: String, value: String)
    case select(field: String, selection: Range<Int>)
    case focus(field: String)
    case blur(field: String)
    case selectAccountOnFile(id: String?)
    case selectProduct(id: String)
    case selectBrand(id: String?)
    case iin(IINLookupResult)
    case submit

    /// Reads an event; errors name the member at fault, never a value.
    package init(_ json: JSONValue) throws(FormProtocolError) {
        guard case .object = json else { throw Self.bad("an event is a JSON object such as {\"event\":\"submit\"}") }
        guard case .string(let name)? = json["event"] else { throw Self.bad("\"event\" must be a string naming the event") }
        switch name {
        case "edit":
            let field = try Self.field(json)
            let selection = try Self.selection(json)
            let edit: TextEdit
            switch (json["insert"], json["delete"]) {
            case (.string(let text)?, nil): edit = .insert(text)
            case (nil, .string("backward")?): edit = .deleteBackward
            case (nil, .string("forward")?): edit = .deleteForward
            case (nil, _?): throw Self.bad("\"delete\" must be \"backward\" or \"forward\"")
            case (_?, nil): throw Self.bad("\"insert\" must be a string")
            case (nil, nil), (_?, _?): throw Self.bad("an edit has exactly one of \"insert\" (a string) or \"delete\"")
            }
            self = .edit(field: field, selection: selection, edit)
        case "replace":
            let field = try Self.field(json)
            let range = try Self.pair(json, "range")
            guard range.0 >= 0, range.1 >= 0 else { throw Self.bad("\"range\" is [location, length], both at least 0") }
            guard case .string(let string)? = json["string"] else { throw Self.bad("\"string\" must be a string (\"\" deletes)") }
            let (end, overflow) = range.0.addingReportingOverflow(range.1)
            guard !overflow else { throw Self.bad("\"range\" is too large") }
            self = .replace(field: field, range: range.0..<end, string: string)
        case "set":
            let field = try Self.field(json)
            guard case .string(let value)? = json["value"] else { throw Self.bad("\"value\" must be a string") }
            self = .set(field: field, value: value)
        case "select":
            self = .select(field: try Self.field(json), selection: try Self.selection(json))
        case "focus": self = .focus(field: try Self.field(json))
        case "blur": self = .blur(field: try Self.field(json))
        case "selectAccountOnFile": self = .selectAccountOnFile(id: try Self.identifier(json, "id", nullable: true))
        case "selectProduct":
            guard let id = try Self.identifier(json, "id", nullable: false) else { throw Self.bad("\"id\" must name a product") }
            self = .selectProduct(id: id)
        case "selectBrand": self = .selectBrand(id: try Self.identifier(json, "brand", nullable: true))
        case "iin":
            guard let result = json["result"], case .object = result else {
                throw Self.bad("\"result\" must be a getIINdetails answer (a JSON object), or payform fetch iin's output")
            }
            do {
                self = .iin(try IINLookupResult(serverJSON: result))
            } catch {
                throw Self.bad("\"result\": \(error)")
            }
        case "submit": self = .submit
        default:
            // ASCII letters only (read from the bytes: every byte a letter means every character one).
            let isWord = name.utf8.count <= 40 && name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
            let shown = isWord ? "'\(name)'" : "this event"
            throw Self.bad("unknown event \(shown) (edit, replace, set, select, focus, blur, selectAccountOnFile, selectProduct, selectBrand, iin, submit)")
        }
    }

    /// Applies the event and answers it.
    package func apply(to controller: inout PaymentFormController, preparation: FormPreparation?) throws(FormProtocolError) -> JSONValue {
        try checkRange(in: controller)
        switch self {
        case .edit(let field, let selection, let edit):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.edit(field, selection: selection, edit) }, field: field, controller)
        case .replace(let field, let range, let string):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.replace(field, range: range, with: string) }, field: field, controller)
        case .set(let field, let value):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.set(field, value: value) }, field: field, controller)
        case .select(let field, let selection):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.select(field, selection: selection) }, field: field, controller)
        case .focus(let field):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.focus(field) }, field: field, controller)
        case .blur(let field):
            return Self.fieldAnswer(try Self.event { () throws(PaymentRequestError) in try controller.blur(field) }, field: field, controller)
        case .selectAccountOnFile(let id):
            return Self.formAnswer(try Self.event { () throws(PaymentRequestError) in try controller.selectAccountOnFile(id: id) }, controller)
        case .selectProduct(let id):
            return Self.formAnswer(try Self.event { () throws(PaymentRequestError) in try controller.selectProduct(id: id) }, controller)
        case .selectBrand(let id):
            return Self.formAnswer(try Self.event { () throws(PaymentRequestError) in try controller.selectBrand(id) }, controller)
        case .iin(let result):
            let update = controller.applyIINLookup(result)
            return Self.formAnswer(update, controller, outcome: update.outcome)
        case .submit:
            let submission: FormSubmission
            #if PAYFORM_WEB_PAGE
            // The page's engine carries no encryption: its page encrypts with WebCrypto what the
            // web engine hands it (WebForms), so a session there never has a preparation.
            submission = controller.submit()
            #else
            if let preparation {
                do {
                    submission = try controller.submit(clientSessionId: preparation.clientSessionId, key: preparation.key,
                                                       metaInfo: preparation.metaInfo)
                } catch {
                    throw FormProtocolError(code: "bad_event", message: "the form is valid but cannot be prepared: \(error.description)")
                }
            } else {
                submission = controller.submit()
            }
            #endif
            return submissionAnswer(submission, controller.localizer)
        }
    }

    /// A controller call whose refusal (an unknown field, a range past the text) is a `bad_event`.
    private static func event<T>(_ call: () throws(PaymentRequestError) -> T) throws(FormProtocolError) -> T {
        do {
            return try call()
        } catch {
            throw FormProtocolError(code: "bad_event", message: error.description)
        }
    }

    /// Refuses a selection or range that ends past the field's text: a driver that sends one is
    /// out of step with the form, and a silently clamped edit would land somewhere else than it
    /// meant. (An unknown field is left to the controller, which names it.)
    private func checkRange(in controller: PaymentFormController) throws(FormProtocolError) {
        let field: String, range: Range<Int>, name: String
        switch self {
        case .edit(let id, let selection, _), .select(let id, let selection): (field, range, name) = (id, selection, "selection")
        case .replace(let id, let replaced, _): (field, range, name) = (id, replaced, "range")
        default: return
        }
        guard let state = controller[field: field], range.upperBound > state.text.utf16.count else { return }
        throw Self.bad("\"\(name)\" goes past the end of the field's text (positions are UTF-16 offsets into it)")
    }

    // MARK: - Answers

    package static func fieldAnswer(_ update: FormUpdate, field: String, _ controller: PaymentFormController) -> JSONValue {
        guard let state = update[field] ?? controller[field: field], case .object(var object) = fieldJSON(state, update: update)
        else { return .null }
        // The card number carries the co-badge choice, which follows it.
        if state.brands != nil { appendBrandChoice(to: &object, controller) }
        // The card number named another product: the whole form is new.
        if update.itemChanged {
            object.append("itemChanged", .bool(true))
            object.append("product", .string(controller.item.id))
            if state.brands == nil { appendBrandChoice(to: &object, controller) }
            object.append("fields", .array(update.fields.map { fieldJSON($0, update: nil) }))
        }
        return .object(object)
    }

    /// `"brand"` (the co-badge brand that pays, or null) and `"brandOptions"`.
    private static func appendBrandChoice(to object: inout JSONObject, _ controller: PaymentFormController) {
        let choice = controller.brandChoice
        object.append("brand", .optional(controller.selectedBrandId))
        object.append("brandOptions", .array(choice.options.map { brand in
            .object(JSONObject([
                (key: "brand", value: .string(brand.id)),
                (key: "paymentProductId", value: choice.paymentProductId(forBrandId: brand.id).map { .integer($0) } ?? .null),
            ]))
        }))
    }

    package static func fieldJSON(_ state: FormFieldState, update: FormUpdate?) -> JSONValue {
        var object = JSONObject([
            (key: "field", value: .string(state.id)),
            (key: "text", value: .string(state.text)),
            (key: "cursor", value: .integer(state.cursor)),
            (key: "value", value: .string(state.value)),
            (key: "state", value: .string(state.state.rawValue)),
            (key: "message", value: .optional(state.message)),
            (key: "errorId", value: .optional(state.error?.errorId)),
            (key: "complete", value: .bool(state.complete)),
        ])
        if let update {
            object.append("advance", .bool(update.advance))
            object.append("next", .optional(update.next))
            object.append("outcome", .string(update.outcome.rawValue))
        }
        if let brands = state.brandIds {
            object.append("brands", .array(brands.map { .string($0) }))
        }
        return .object(object)
    }

    package static func formAnswer(_ update: FormUpdate, _ controller: PaymentFormController, outcome: EditOutcome? = nil) -> JSONValue {
        var object = JSONObject([
            (key: "valid", value: .bool(update.isValid)),
            (key: "product", value: .string(controller.item.id)),
            (key: "accountOnFile", value: .optional(controller.accountOnFile?.id)),
        ])
        appendBrandChoice(to: &object, controller)
        if update.itemChanged { object.append("itemChanged", .bool(true)) }
        if let outcome { object.append("outcome", .string(outcome.rawValue)) }
        object.append("fields", .array(update.fields.map { fieldJSON($0, update: nil) }))
        return .object(object)
    }

    package func submissionAnswer(_ submission: FormSubmission, _ localizer: Localizer) -> JSONValue {
        let prepared: JSONValue = submission.prepared.map { prepared in
            .object(JSONObject([
                (key: "encryptedFields", value: .string(prepared.encryptedFields)),
                (key: "encodedClientMetaInfo", value: .string(prepared.encodedClientMetaInfo)),
            ]))
        } ?? .null
        return .object(JSONObject([
            (key: "valid", value: .bool(submission.isValid)),
            (key: "errors", value: .array(submission.errors.map { $0.jsonValue(localizer: localizer) })),
            (key: "paymentProductId", value: .optional(submission.paymentProductId)),
            (key: "prepared", value: prepared),
        ]))
    }

    // MARK: - Reading members

    package static func bad(_ message: String) -> FormProtocolError {
        FormProtocolError(code: "bad_event", message: message)
    }

    package static func field(_ json: JSONValue) throws(FormProtocolError) -> String {
        guard case .string(let field)? = json["field"] else { throw bad("\"field\" must be a string naming the field") }
        return field
    }

    package static func pair(_ json: JSONValue, _ name: String) throws(FormProtocolError) -> (Int, Int) {
        guard case .array(let elements)? = json[name], elements.count == 2,
              case .number(let first) = elements[0], case .number(let second) = elements[1],
              let start = Int(first), let end = Int(second)
        else { throw bad("\"\(name)\" must be an array of two integers") }
        return (start, end)
    }

    /// `"selection": [start, end]` with 0 <= start <= end: an inverted or negative selection is
    /// refused, never reordered.
    package static func selection(_ json: JSONValue) throws(FormProtocolError) -> Range<Int> {
        let (start, end) = try pair(json, "selection")
        guard start >= 0, start <= end else { throw bad("\"selection\" is [start, end] with 0 <= start <= end") }
        return start..<end
    }

    package static func identifier(_ json: JSONValue, _ name: String, nullable: Bool) throws(FormProtocolError) -> String? {
        switch json[name] {
        case .string(let id)?: return id
        case .number(let id)? where Int(id) != nil: return id
        case .null? where nullable, nil where nullable: return nil
        default: throw bad("\"\(name)\" must be a string\(nullable ? " or null" : "")")
        }
    }
}
