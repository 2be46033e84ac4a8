import PaymentFormJSON
import PaymentFormRendering

/// What the sandbox serves for a logo or tooltip image a definition names: a small drawing
/// (SVG) with the product's name as text, so a page shows which brand it detected, where the
/// platform would serve its artwork. Not the brands' own marks: a labelled badge.
package struct SandboxBadge: Sendable, Hashable {
    /// What the image stands for.
    package enum Kind: Sendable, Hashable {
        /// A product's, group's or account's logo: a badge with the name.
        case logo
        /// A field's tooltip image (where the CVV is, say): a card with the text on it.
        case tooltip
    }

    /// The text drawn.
    package let label: String
    package let kind: Kind

    package init(label: String, kind: Kind) {
        self.label = label
        self.kind = kind
    }

    /// The SVG document (UTF-8): 64 × 40 for a logo, 96 × 60 for a tooltip image.
    package var svg: [UInt8] {
        let text = HTMLEscaping.escape(label)
        let document: String
        switch kind {
        case .logo:
            // A long name goes on two lines; the longer the line, the smaller its letters, so the
            // name stays legible at the height a form shows a logo (about 24 pixels).
            let lines = Self.lines(of: label)
            let longest = lines.map(\.count).max() ?? 0
            let size = lines.count == 1 ? (longest <= 4 ? 18 : longest <= 6 ? 15 : longest <= 9 ? 11 : 8)
                : (longest <= 6 ? 13 : longest <= 9 ? 11 : 9)
            let baselines = lines.count == 1 ? [20 + size / 3] : [19 - size / 6, 20 + size * 5 / 6]
            let (fill, ink) = Self.colors(for: label)
            let spans = zip(lines, baselines).map { line, baseline in
                "<tspan x=\"32\" y=\"\(baseline)\">\(HTMLEscaping.escape(line))</tspan>"
            }.joined()
            document = """
                <svg xmlns="http://www.w3.org/2000/svg" width="64" height="40" viewBox="0 0 64 40" role="img" aria-label="\(text)">\
                <rect x="0.5" y="0.5" width="63" height="39" rx="6" fill="\(fill)" stroke="#00000033"/>\
                <text text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="\(size)" \
                font-weight="700" fill="\(ink)">\(spans)</text></svg>
                """
        case .tooltip:
            document = """
                <svg xmlns="http://www.w3.org/2000/svg" width="96" height="60" viewBox="0 0 96 60" role="img" aria-label="\(text)">\
                <rect x="0.5" y="0.5" width="95" height="59" rx="6" fill="#e8ebef" stroke="#00000033"/>\
                <rect x="0" y="10" width="96" height="12" fill="#3a3f47"/>\
                <rect x="10" y="30" width="50" height="12" fill="#ffffff"/>\
                <text x="78" y="40" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="11" \
                font-weight="700" fill="#b00020">\(text)</text></svg>
                """
        }
        return Array(document.utf8)
    }

    /// The name on one line, or on two split at the space nearest its middle (`American` /
    /// `Express`) when it is longer than 9 characters and has one.
    private static func lines(of label: String) -> [String] {
        let characters = Array(label)
        guard characters.count > 9 else { return [label] }
        let spaces = characters.indices.filter { characters[$0] == " " }
        guard let split = spaces.min(by: { abs($0 - characters.count / 2) < abs($1 - characters.count / 2) }) else { return [label] }
        return [String(characters[..<split]), String(characters[(split + 1)...])]
    }

    /// A background and a text colour with enough contrast, the same for a name every time.
    private static func colors(for label: String) -> (fill: String, ink: String) {
        let palette: [(String, String)] = [
            ("#1a1f71", "#ffffff"), ("#eb001b", "#ffffff"), ("#2e77bc", "#ffffff"), ("#0b3b60", "#ffffff"),
            ("#cc0066", "#ffffff"), ("#00695c", "#ffffff"), ("#f2f2f2", "#1a1a1a"), ("#4a148c", "#ffffff"),
        ]
        var hash: UInt32 = 2_166_136_261
        for byte in label.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return palette[Int(hash % UInt32(palette.count))]
    }
}
