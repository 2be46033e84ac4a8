extension String {
    /// The UTF-16 offset of the first occurrence of `needle`, or `nil` when there is none (the
    /// standard library's substring search lives in modules Embedded Swift does not have).
    package func utf16Offset(of needle: String) -> Int? {
        let haystack = Array(utf16), pattern = Array(needle.utf16)
        guard !pattern.isEmpty else { return 0 }
        guard pattern.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if haystack[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
        }
        return nil
    }
}
