import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PaymentFormMasking
@testable import PaymentFormLocalization
import PaymentFormTestSupport

/// The Client API's string enumerations: every known case's name leads back to it, an unknown
/// name is kept as itself and reported, and names match exactly as the API spells them.
@Suite("Open enumerations")
struct OpenEnumerationTests {
    /// Every known case of each enumeration. The `exhaustive` switches below stop compiling when
    /// a case is added, so this list cannot silently fall behind.
    static let fieldTypes: [FieldType] = [.string, .integer, .expiryDate, .numericString, .boolean, .date]
    static let formElementTypes: [FormElementType] = [.text, .list, .currency, .date, .boolean]
    static let inputTypes: [PreferredInputType] = [.string, .integer, .emailAddress, .phoneNumber, .date]
    static let attributeStatuses: [AccountOnFileAttribute.Status] = [.readOnly, .canWrite, .mustWrite]
    static let cardTypes: [IINDetailsResponse.CardType] = [.credit, .debit, .prepaid]
    static let thirdPartyStatuses: [ThirdPartyStatusResponse.Status] = [.waiting, .initialized, .authorized, .completed]

    static func exhaustive(_ value: FieldType) {
        switch value { case .string, .integer, .expiryDate, .numericString, .boolean, .date, .other: break }
    }
    static func exhaustive(_ value: FormElementType) {
        switch value { case .text, .list, .currency, .date, .boolean, .other: break }
    }
    static func exhaustive(_ value: PreferredInputType) {
        switch value { case .string, .integer, .emailAddress, .phoneNumber, .date, .other: break }
    }
    static func exhaustive(_ value: AccountOnFileAttribute.Status) {
        switch value { case .readOnly, .canWrite, .mustWrite, .other: break }
    }
    static func exhaustive(_ value: IINDetailsResponse.CardType) {
        switch value { case .credit, .debit, .prepaid, .other: break }
    }
    static func exhaustive(_ value: ThirdPartyStatusResponse.Status) {
        switch value { case .waiting, .initialized, .authorized, .completed, .other: break }
    }

    func roundTrips<Value: OpenEnumeration>(_ known: [Value]) {
        #expect(Set(known.map(\.name)).count == known.count, "two cases share a name")
        for value in known {
            #expect(Value(name: value.name) == value, "\(value.name)")
            #expect(Value.known(named: value.name) == value)
            #expect(value.isKnown)
        }
        let unknown = Value(name: "somethingNew")
        #expect(unknown == .other("somethingNew"))
        #expect(!unknown.isKnown)
        #expect(unknown.name == "somethingNew")
        // A known name carried as `.other` (built by hand, never by decoding) is not the known case.
        if let first = known.first { #expect(!Value.other(first.name).isKnown) }
    }

    @Test("every known case's name leads back to it; unknown names are kept")
    func everyCaseRoundTrips() {
        roundTrips(Self.fieldTypes)
        roundTrips(Self.formElementTypes)
        roundTrips(Self.inputTypes)
        roundTrips(Self.attributeStatuses)
        roundTrips(Self.cardTypes)
        roundTrips(Self.thirdPartyStatuses)
    }

    @Test("names match as the API spells them, not case-insensitively", arguments: [
        ("expirydate", true), ("expiryDate", false), ("EXPIRYDATE", false), ("numericstring", true), ("numericString", false),
        ("", false), (" string", false),
    ])
    func exactSpelling(name: String, known: Bool) {
        #expect(FieldType(name: name).isKnown == known)
    }

    @Test("an unknown value decodes as itself and is reported at its path")
    func unknownValueIsReported() throws {
        let json = Fixtures.product(fields: #"[{"id": "x", "type": "hologram", "displayHints": {"formElement": {"type": "slider"}}}]"#)
        let decoded = try Fixtures.decode(PaymentProduct.self, json)
        let field = try #require(decoded.value.fields.first)
        #expect(field.type == .other("hologram"))
        #expect(field.displayHints.formElement.type == .other("slider"))
        #expect(decoded.diagnostics.map(\.kind) == [.unknownValue("hologram"), .unknownValue("slider")])
        #expect(decoded.diagnostics.map(\.path.description) == ["fields[0].type", "fields[0].displayHints.formElement.type"])
    }
}
