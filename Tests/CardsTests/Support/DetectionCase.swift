import PaymentFormCards
import Testing

/// One expected answer of the detector: an input and the brands (ids) it must give.
struct DetectionCase: Sendable, CustomTestStringConvertible {
    let input: String
    let brandIds: [String]
    let isAmbiguous: Bool
    /// Why the case is there (shown in test names).
    let note: String

    static func resolved(_ input: String, _ ids: String..., note: String = "") -> DetectionCase {
        DetectionCase(input: input, brandIds: ids, isAmbiguous: false, note: note)
    }

    static func ambiguous(_ input: String, _ ids: String..., note: String = "") -> DetectionCase {
        DetectionCase(input: input, brandIds: ids, isAmbiguous: true, note: note)
    }

    static func unknown(_ input: String, note: String = "") -> DetectionCase {
        DetectionCase(input: input, brandIds: [], isAmbiguous: false, note: note)
    }

    var testDescription: String {
        let answer = brandIds.isEmpty ? "unknown" : (isAmbiguous ? "ambiguous " : "") + brandIds.joined(separator: "+")
        return "\(input.isEmpty ? "(empty)" : input) → \(answer)\(note.isEmpty ? "" : " (\(note))")"
    }
}
