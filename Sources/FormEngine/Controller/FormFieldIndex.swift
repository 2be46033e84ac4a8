import PaymentFormValidation
/// Where each field of a ``PaymentFormController``'s form is, and which fields read another
/// field's value: what lets an event work on the fields it touches instead of on every field.
///
/// One field's state depends on its own value and flags, on the form's (the account on file,
/// whether it was submitted), and on one other field's value only: a
/// `boletoBancarioRequiredness` rule makes its field required by the length of `fiscalNumber`.
/// An event on a field therefore changes that field and, when it is the fiscal number, the
/// fields with such a rule; an event on the form changes every field.
struct FormFieldIndex: Sendable {
    /// Each field's position in display order, by id.
    private let positions: [String: Int]
    /// The ids in display order, for forms small enough that comparing ids one by one beats
    /// hashing one (a card form's ids are short, and compare as two machine words); empty for
    /// larger forms, which the dictionary serves.
    private let smallFormIds: [String]
    /// Up to how many fields ids are compared one by one.
    private static let linearLookupLimit = 16
    /// The card-number field: brand detection and the co-badge choice follow it.
    let cardNumber: Int?
    /// The fiscal-number field, which `boletoBancarioRequiredness` rules read.
    let fiscalNumber: Int?
    /// The fields whose requiredness reads the fiscal number, in display order.
    let fiscalNumberReaders: [Int]

    /// The index of `definitions` (the item's fields in display order).
    init(_ definitions: [PaymentProductField]) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(definitions.count)
        var readers: [Int] = []
        for index in definitions.indices {
            // Decoding refuses repeated ids; should one get here anyway, the first one wins, as
            // `PaymentItem.field(withId:)` and the request's lookups answer.
            if positions[definitions[index].id] == nil { positions[definitions[index].id] = index }
            if definitions[index].dataRestrictions.validators.contains(where: { $0.readsFiscalNumber }) { readers.append(index) }
        }
        self.positions = positions
        smallFormIds = definitions.count <= Self.linearLookupLimit ? definitions.map { $0.id } : []
        cardNumber = positions[PaymentRequest.cardNumberFieldId]
        fiscalNumber = positions[PaymentRequest.fiscalNumberFieldId]
        fiscalNumberReaders = fiscalNumber == nil ? [] : readers
    }

    /// The position of the field with id `fieldId`, or `nil` when the form has none.
    func position(of fieldId: String) -> Int? {
        // The first of repeated ids wins, as in the dictionary.
        if !smallFormIds.isEmpty { return smallFormIds.firstIndex(of: fieldId) }
        return positions[fieldId]
    }

    /// The fields an event on the field at `index` can change: the field itself and, for the
    /// fiscal number, the fields whose rules read it; in display order, each once.
    func affected(by index: Int) -> [Int] {
        guard index == fiscalNumber, !fiscalNumberReaders.isEmpty else { return [index] }
        var affected = fiscalNumberReaders
        if !affected.contains(index) {
            affected.append(index)
            affected.sort()
        }
        return affected
    }
}

extension Validator {
    /// Whether the rule reads the fiscal-number field's value (`boletoBancarioRequiredness`).
    var readsFiscalNumber: Bool {
        if case .boletoBancarioRequiredness = self { return true }
        return false
    }
}
