/// Chooses which validation message text fits an error and its bounds.
///
/// Validation reports `length` and `range` with whatever bounds the definition gave; a message
/// that names a bound the rule does not have ("between 0 and 19 characters") reads wrong, and
/// one whose placeholder goes unfilled shows `{maxLength}` to the user. So each variant names
/// exactly the bounds it is given.
enum ValidationMessageId {
    /// The message id to look up for `errorId` with `parameters`; `nil` when there is no fitting text.
    static func resolve(errorId: String, parameters: [String: Int]) -> String? {
        switch errorId {
        case "length":
            // A minimum length of 0 constrains nothing, so it is not worth mentioning.
            let minimum = parameters["minLength"].flatMap { $0 > 0 ? $0 : nil }
            let maximum = parameters["maxLength"]
            switch (minimum, maximum) {
            case let (min?, max?) where min == max: return "length.exact"
            case (_?, _?): return "length.between"
            case (nil, _?): return "length.max"
            case (_?, nil): return "length.min"
            case (nil, nil): return nil
            }
        case "range":
            // Unlike a length, a range minimum of 0 is a real bound ("0 to 99").
            switch (parameters["minValue"], parameters["maxValue"]) {
            case (_?, _?): return "range"
            case (_?, nil): return "range.min"
            case (nil, _?): return "range.max"
            case (nil, nil): return nil
            }
        default:
            return errorId
        }
    }

    /// The message ids to try for an error, most specific first: the error id with its reason
    /// (`expirationDate.expired`, `length.tooShort`), then the variant ``resolve(errorId:parameters:)``
    /// picks (`length.between`, `luhn`).
    ///
    /// ```swift
    /// ValidationMessageId.candidates(errorId: "length", reason: "tooShort", parameters: ["minLength": 13, "maxLength": 19])
    /// // ["length.tooShort", "length.between"]
    /// ```
    static func candidates(errorId: String, reason: String?, parameters: [String: Int]) -> [String] {
        var ids: [String] = []
        if let reason, !reason.isEmpty { ids.append(errorId + "." + reason) }
        if let resolved = resolve(errorId: errorId, parameters: parameters) { ids.append(resolved) }
        return ids
    }

    /// The parameter whose number decides the grammar of a message's text (its plural form):
    /// the bound a `length` variant names last; `nil` for the others.
    static func countParameter(of messageId: String) -> String? {
        switch messageId {
        case "length.min": "minLength"
        case "length.exact", "length.max", "length.between": "maxLength"
        default: nil
        }
    }

    /// The message ids whose texts have plural forms (``countParameter(of:)``).
    static let counted = ["length.between", "length.exact", "length.max", "length.min"]

    /// The id whose text is shown for an error nobody wrote a message for.
    static let unknown = "unknown"
}
