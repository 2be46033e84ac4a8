import Foundation
import PaymentFormSamples
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// Small JSON builders for the form engine's tests, beside the shared samples and keys of
/// `Fixtures` (Tests/TestSupport).
extension Fixtures {
    static func decode<Model: JSONModel>(_ type: Model.Type, _ json: String) throws(DefinitionError) -> Decoded<Model> {
        try Model.decode(from: Array(json.utf8))
    }

    /// A minimal valid product around the given fields JSON.
    static func product(fields: String) -> String {
        #"{"id": 1, "paymentMethod": "card", "displayHints": {"logo": "x"}, "fields": \#(fields)}"#
    }

    /// A minimal valid field with the given extra members.
    static func field(id: String = "f", _ extra: String = "") -> String {
        #"{"id": "\#(id)", "displayHints": {"formElement": {"type": "text"}}\#(extra.isEmpty ? "" : ", " + extra)}"#
    }
}
