/// PEM armour (RFC 7468): `-----BEGIN LABEL-----`, base64 body, `-----END LABEL-----`.
struct PEMBlock {
    let label: String
    let der: [UInt8]

    /// Reads the one PEM block in `text`. Explanatory text before the BEGIN line is ignored
    /// (RFC 7468 §2); after the END line only blank lines may follow, so a file with two keys, or
    /// a key followed by anything, is refused. The body may wrap at any width.
    ///
    /// Works on the text's UTF-8 bytes in place: lines are found as ranges, the body is decoded
    /// straight from the text, so the only buffer allocated is the DER itself (three quarters of
    /// the body). Base64 error offsets count from the start of the body.
    init(parsing text: String) throws(KeyError) {
        var utf8 = text.utf8
        let parsed: Result<(String, [UInt8]), KeyError>? = utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(KeyError) in try Self.parse(bytes) }
        }
        let result: Result<(String, [UInt8]), KeyError>
        if let parsed {
            result = parsed
        } else {
            // Not contiguous UTF-8 (a bridged string): make it native first.
            var copy = text
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            result = utf8.withContiguousStorageIfAvailable { bytes in
                Result { () throws(KeyError) in try Self.parse(bytes) }
            } ?? .failure(.invalidPEMArmor(.missingBeginLine))
        }
        switch result {
        case .success(let (label, der)):
            self.label = label
            self.der = der
        case .failure(let error):
            throw error
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(KeyError) -> (String, [UInt8]) {
        let begin = Array("-----BEGIN ".utf8), end = Array("-----END ".utf8), dashes = Array("-----".utf8)
        var lines = LineRanges(bytes)
        // The BEGIN line.
        var label: Range<Int>?
        var bodyStart = 0
        while let line = lines.next() {
            let trimmed = trim(line, in: bytes)
            if starts(bytes, trimmed, with: begin), ends(bytes, trimmed, with: dashes), trimmed.count >= begin.count + dashes.count {
                label = (trimmed.lowerBound + begin.count)..<(trimmed.upperBound - dashes.count)
                bodyStart = lines.position
                break
            }
        }
        guard let label else { throw .invalidPEMArmor(.missingBeginLine) }
        // The END line: the first line after it that starts with -----END.
        var bodyEnd: Int?
        var endLine: Range<Int>?
        while let line = lines.next() {
            let trimmed = trim(line, in: bytes)
            if starts(bytes, trimmed, with: end) {
                bodyEnd = line.lowerBound
                endLine = trimmed
                break
            }
        }
        guard let bodyEnd, let endLine else { throw .invalidPEMArmor(.missingEndLine) }
        while let line = lines.next() {
            guard trim(line, in: bytes).isEmpty else { throw .invalidPEMArmor(.textAfterEndLine) }
        }
        let expectedEnd = end + Array(bytes[label]) + dashes
        guard endLine.count == expectedEnd.count, bytes[endLine].elementsEqual(expectedEnd) else {
            throw .invalidPEMArmor(.mismatchedLabels)
        }
        let body = UnsafeBufferPointer(rebasing: bytes[bodyStart..<max(bodyStart, bodyEnd)])
        guard !body.contains(UInt8(ascii: ":")) else { throw .invalidPEMArmor(.unsupportedHeaders) }
        guard body.contains(where: { !isSpace($0) }) else { throw .invalidPEMArmor(.emptyBody) }
        let der: [UInt8]
        do {
            der = try Base64.decode(utf8: body, ignoringWhitespace: true)
        } catch {
            throw .invalidBase64(error)
        }
        return (String(decoding: bytes[label], as: UTF8.self), der)
    }

    /// The label shortened for an error message (labels are not secret, but input is unbounded).
    var displayLabel: String {
        label.count <= 40 ? label : String(label.prefix(40)) + "…"
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    private static func trim(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func starts(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with prefix: [UInt8]) -> Bool {
        range.count >= prefix.count && bytes[range.lowerBound..<(range.lowerBound + prefix.count)].elementsEqual(prefix)
    }

    private static func ends(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, with suffix: [UInt8]) -> Bool {
        range.count >= suffix.count && bytes[(range.upperBound - suffix.count)..<range.upperBound].elementsEqual(suffix)
    }

    /// The lines of a text as ranges of its bytes, split at LF, CR and CR LF (the separators are
    /// not part of a line; a line's range ends where its separator starts).
    private struct LineRanges {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next line, without its separator; ``position`` is then past the separator.
        mutating func next() -> Range<Int>? {
            guard position < bytes.count else { return nil }
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
                position += 1
            }
            let lineEnd = position
            if position < bytes.count {
                if bytes[position] == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n") {
                    position += 2
                } else {
                    position += 1
                }
            }
            return start..<lineEnd
        }
    }
}
