extension String {
    /// The index `offset` UTF-16 code units from the start, clamped to `0...utf16.count`.
    /// An offset inside a surrogate pair rounds down to the scalar's start.
    func index(atUTF16Offset offset: Int) -> String.Index {
        let clamped = Swift.max(0, offset)
        return utf16.index(utf16.startIndex, offsetBy: clamped, limitedBy: utf16.endIndex) ?? endIndex
    }

    /// The UTF-16 offset of `index`, clamped to the string (indices of other strings never trap).
    func utf16Offset(clamping index: String.Index) -> Int {
        if index >= endIndex { return utf16.count }
        if index <= startIndex { return 0 }
        return utf16.distance(from: utf16.startIndex, to: index)
    }
}
