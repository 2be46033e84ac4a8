extension String {
    /// The text without leading and trailing whitespace and newlines.
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return Substring(scalars[start...end])
    }
}
