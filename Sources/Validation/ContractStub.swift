// TEMPORARY contract stub so FormEngine compiles before the Validation branch merges. Deleted at merge.
public enum Validator: Sendable, Hashable {
    case length(minLength: Int, maxLength: Int?)
    case range(minValue: Int?, maxValue: Int?)
    case luhn, expirationDate
    case regularExpression(RegularExpression)
    case emailAddress
    case fixedList(allowedValues: [String])
    case iban, termsAndConditions, residentIdNumber
    case boletoBancarioRequiredness(fiscalNumberLength: Int)
    case unknown(name: String)
    public var name: String { "" }
    public func validate(_ value: String, in context: ValidationContext) -> ValidationError? { nil }
    public func inputState(of partial: String, in context: ValidationContext) -> InputState { .valid }
    public func makesFieldRequired(fiscalNumber: String?) -> Bool { false }
}
public struct RegularExpression: Sendable, Hashable {
    public let pattern: String
    public init(_ pattern: String) throws(RegularExpressionError) { self.pattern = pattern }
    public func matchesWhole(_ value: String) -> Bool { true }
}
public struct RegularExpressionError: Error, Sendable, Hashable { public let pattern: String; public let reason: String }
public struct ValidationContext: Sendable { public init(now: YearMonth) {} }
public struct YearMonth: Sendable, Hashable, Comparable {
    public let year: Int; public let month: Int
    public init?(year: Int, month: Int) { self.year = year; self.month = month }
    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }
}
public struct ValidationParameter: Sendable, Hashable { public let name: String; public let value: Int }
public struct ValidationError: Error, Sendable, Hashable {
    public let id: String; public let parameters: [ValidationParameter]
    public static let required = ValidationError(id: "required", parameters: [])
}
public enum InputState: String, Sendable { case valid, invalid, incomplete }
