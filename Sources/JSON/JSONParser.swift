/// A strict RFC 8259 JSON parser that keeps object member order and exact number text.
///
/// Bounded: documents over ``Limits/maximumBytes`` and nesting over ``Limits/maximumDepth`` are
/// rejected with a ``JSONSyntaxError`` instead of exhausting memory or the stack.
///
/// It reads the document's UTF-8 bytes in place (no per-character `String` work), creates each
/// string once from its bytes, shares repeated strings (keys, masks, labels of a product list)
/// and builds every array and object at its final size, so parsing costs about what reading the
/// bytes and allocating the tree cost.
///
/// ```swift
/// let value = try JSONParser().parse(Array(#"{"id": 1}"#.utf8))
/// ```
package struct JSONParser: Sendable {
    /// The bounds a document must stay within.
    package struct Limits: Sendable, Hashable {
        /// The deepest nesting of arrays and objects accepted.
        package var maximumDepth: Int
        /// The largest document accepted, in bytes.
        package var maximumBytes: Int

        /// 256 levels and 32 MiB: far beyond any Client API response, small enough to be safe.
        package static let standard = Limits(maximumDepth: 256, maximumBytes: 32 << 20)

        /// Limits with the given bounds.
        package init(maximumDepth: Int, maximumBytes: Int) {
            self.maximumDepth = maximumDepth
            self.maximumBytes = maximumBytes
        }
    }

    /// The bounds this parser enforces.
    package var limits: Limits
    /// Whether a key repeated within one object is a syntax error
    /// (``JSONSyntaxError/Reason/duplicateKey(_:)``, at the repetition) instead of a document
    /// whose lookups see the last occurrence. For inputs whose meaning must not depend on which
    /// occurrence a reader picks: a decrypted payload, a sealed message, an event.
    package var rejectsDuplicateKeys: Bool

    /// A parser with the given limits, refusing repeated keys or not (by default not).
    package init(limits: Limits = .standard, rejectsDuplicateKeys: Bool = false) {
        self.limits = limits
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// Parses one JSON document (surrounding whitespace allowed, nothing else).
    package func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        try parseDocument(bytes).root
    }

    /// Parses one JSON document and reports what it noticed beyond syntax (duplicate keys).
    package func parseDocument(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONDocument {
        // Checked before reading (or copying), so an oversized document costs nothing.
        if bytes.count > limits.maximumBytes {
            throw JSONSyntaxError(reason: .documentTooLarge(limit: limits.maximumBytes), offset: 0, line: 1, column: 1)
        }
        let maximumDepth = limits.maximumDepth, strict = rejectsDuplicateKeys
        let outcome = bytes.withContiguousStorageIfAvailable { Self.read($0, maximumDepth: maximumDepth, strict: strict) }
            ?? Array(bytes).withUnsafeBufferPointer { Self.read($0, maximumDepth: maximumDepth, strict: strict) }
        switch outcome {
        case .document(let document): return document
        case .failure(let error): throw error
        }
    }

    /// What one read gives. Not `Result<JSONDocument, JSONSyntaxError>`: passing that generic
    /// type through the unspecialised `withContiguousStorageIfAvailable` makes the runtime check
    /// `JSONSyntaxError: Error` by scanning every conformance record, about a tenth of a
    /// process's first decode.
    private enum ReadOutcome {
        case document(JSONDocument)
        case failure(JSONSyntaxError)
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int, strict: Bool) -> ReadOutcome {
        var reader = JSONReader(bytes, maximumDepth: maximumDepth, rejectsDuplicateKeys: strict)
        defer { reader.releaseScratch() }
        do {
            return .document(try reader.readDocument())
        } catch {
            return .failure(error)
        }
    }
}

/// A parsed JSON document and what the parser noticed besides its syntax.
package struct JSONDocument: Sendable {
    /// The document's value.
    package let root: JSONValue
    /// Whether some object in the document holds the same key more than once. Lookups take the
    /// last occurrence (as JavaScript does); a caller that must report duplicates walks the tree
    /// for them only when this is `true`, so documents without any pay nothing for the report.
    package let hasDuplicateKeys: Bool
}
