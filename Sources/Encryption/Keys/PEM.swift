/// PEM armour (RFC 7468): `-----BEGIN LABEL-----`, base64 body, `-----END LABEL-----`.
struct PEMBlock {
    let label: String
    let der: [UInt8]

    /// Reads the first PEM block in `text`. Explanatory text before the BEGIN line and after the
    /// END line is ignored (RFC 7468 §2); the body may wrap at any width.
    init(parsing text: String) throws(KeyError) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { $0.trimmingASCIIWhitespace() }
        guard let beginIndex = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") && $0.hasSuffix("-----") }) else {
            throw .invalidPEMArmor(.missingBeginLine)
        }
        let beginLine = lines[beginIndex]
        let label = String(beginLine.dropFirst("-----BEGIN ".count).dropLast("-----".count))
        guard let endIndex = lines[(beginIndex + 1)...].firstIndex(where: { $0.hasPrefix("-----END ") }) else {
            throw .invalidPEMArmor(.missingEndLine)
        }
        guard lines[endIndex] == "-----END \(label)-----" else { throw .invalidPEMArmor(.mismatchedLabels) }
        let body = lines[(beginIndex + 1)..<endIndex]
        guard !body.contains(where: { $0.contains(":") }) else { throw .invalidPEMArmor(.unsupportedHeaders) }
        let joined = body.joined()
        guard !joined.isEmpty else { throw .invalidPEMArmor(.emptyBody) }
        do {
            der = try Base64.decode(joined, ignoringWhitespace: true)
        } catch {
            throw .invalidBase64(error)
        }
        self.label = label
    }

    /// The label shortened for an error message (labels are not secret, but input is unbounded).
    var displayLabel: String {
        label.count <= 40 ? label : String(label.prefix(40)) + "…"
    }
}

extension Substring {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        var slice = self[...]
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
