/// The parameters of one Sips In-App SDK call, built from a validated form and the initialize
/// answer: what the app passes to the vendor's SDK function.
///
/// Parameters are in the SDK's own (alphabetical) order. They hold card data, so descriptions and
/// dumps list the names only.
public struct SipsCallParameters: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// One named parameter.
    public struct Parameter: Sendable, Hashable {
        /// The SDK's parameter name (`cardExpiryDate`).
        public var name: String
        /// Its value (`203012`).
        public var value: String

        /// Whether the SDK takes this parameter as an integer: `paymentMeanId`, an `NSInteger`
        /// since the SDK 21.2.0 (its value is then digits only; pass `Int(value)`).
        public var isInteger: Bool { SipsCallParameters.integerParameters.contains(name) }
    }

    /// The parameters the SDK takes as integers.
    static let integerParameters: Set<String> = ["paymentMeanId"]

    /// The SDK function.
    public let operation: SipsOperation
    /// The parameters, in the SDK's order.
    public let parameters: [Parameter]

    /// A set of parameters; they are sorted by name.
    package init(operation: SipsOperation, parameters: [Parameter]) {
        self.operation = operation
        self.parameters = parameters.sorted { $0.name < $1.name }
    }

    /// The value of a parameter, or `nil` when the call does not carry it.
    public subscript(name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The operation and the parameter names; never the values.
    public var description: String {
        "SipsCallParameters(\(operation.rawValue): \(parameters.map(\.name).joined(separator: ", ")))"
    }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// Redacted for `dump` and debuggers.
    public var customMirror: Mirror {
        Mirror(self, children: ["operation": operation, "parameterNames": parameters.map(\.name)], displayStyle: .struct)
    }
}
