import Foundation
import PaymentFormEngine

extension DefinitionTexts {
    /// The served language an `Accept-Language` header prefers (`fr-CH, fr;q=0.9, en;q=0.8`):
    /// of its first 32 entries, the one with the highest weight (`q`, 1 by default; 0 and `*`
    /// are skipped; the first listed wins a tie) whose tags the tables have; `nil` when there is
    /// no header or none is served.
    package static func language(forAcceptLanguage header: String?) -> String? {
        guard let header else { return nil }
        var ranked: [(tag: String, weight: Double)] = []
        for entry in header.split(separator: ",", omittingEmptySubsequences: true).prefix(32) {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty, tag != "*", tag.count <= 35 else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? -1
            }
            guard weight > 0, weight <= 1 else { continue }
            ranked.append((tag, weight))
        }
        for entry in ranked.enumerated().sorted(by: { $0.element.weight != $1.element.weight ? $0.element.weight > $1.element.weight : $0.offset < $1.offset }) {
            // The tag and its shorter forms (`de-CH`, `de`), not a fallback to English.
            let parts = entry.element.tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
            for count in stride(from: parts.count, to: 0, by: -1) {
                let tag = parts.prefix(count).joined(separator: "-")
                if servedLanguages.contains(tag) { return tag }
            }
        }
        return nil
    }
}
