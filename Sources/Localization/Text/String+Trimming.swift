import PaymentFormJSON

extension String {
    /// The text without leading and trailing whitespace and newlines (Unicode's `White_Space`).
    var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !UnicodeWhiteSpace.contains($0) }),
              let end = scalars.lastIndex(where: { !UnicodeWhiteSpace.contains($0) })
        else { return "" }
        return Substring(scalars[start...end])
    }
}
