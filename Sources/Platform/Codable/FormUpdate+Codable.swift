import Foundation
import PaymentFormCore
import PaymentFormMasking

extension FormUpdate: Codable {
    private enum CodingKeys: String, CodingKey {
        case fields, outcome, advance, next, isValid, itemChanged
    }

    /// Decodes what the synthesized encoding writes; each field state is checked as
    /// ``FormFieldState/init(from:)`` checks it, and a field may appear once.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fields = try container.decode([FormFieldState].self, forKey: .fields)
        guard FormFieldState.idsAreUnique(fields) else {
            throw DecodingError.dataCorruptedError(forKey: .fields, in: container, debugDescription: "a field appears once")
        }
        self.init(fields: fields, outcome: try container.decode(EditOutcome.self, forKey: .outcome),
                  advance: try container.decode(Bool.self, forKey: .advance), next: try container.decodeIfPresent(String.self, forKey: .next),
                  isValid: try container.decode(Bool.self, forKey: .isValid),
                  itemChanged: try container.decodeIfPresent(Bool.self, forKey: .itemChanged) ?? false)
    }

    /// Encodes `{"fields": [...], "outcome": "changed", "advance": false, "next": "cvv",
    /// "isValid": false}` (`next` only when there is one, `"itemChanged": true` only when the
    /// event switched the item), the fields as ``FormFieldState`` encodes them: card data included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fields, forKey: .fields)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(advance, forKey: .advance)
        try container.encodeIfPresent(next, forKey: .next)
        try container.encode(isValid, forKey: .isValid)
        if itemChanged { try container.encode(true, forKey: .itemChanged) }
    }
}
