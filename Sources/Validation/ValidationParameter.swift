/// A named numeric parameter of a ``ValidationError``, such as `minLength` or `maxValue`,
/// so a UI can fill in a message like "between {minLength} and {maxLength} characters".
public struct ValidationParameter: Sendable, Hashable {
    /// The Client API name of the parameter: `minLength`, `maxLength`, `minValue`, `maxValue` or
    /// `fiscalNumberLength`.
    public let name: String
    /// The parameter's value.
    public let value: Int

    /// Creates a parameter.
    package init(name: String, value: Int) {
        self.name = name
        self.value = value
    }
}
