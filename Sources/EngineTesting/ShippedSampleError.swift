import PaymentFormEngine

/// Why ``ShippedSamples`` could not hand out a sample.
///
/// ```swift
/// do {
///     _ = try ShippedSamples.product(named: "vsia")
/// } catch {
///     print(error)   // no shipped sample product named 'vsia' (samples: amex, ...)
/// }
/// ```
public enum ShippedSampleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no sample of that name (or group of that id); the names that exist ride along.
    case noSuchSample(String, available: [String])
    /// The sample exists but does not read as its type (a build with a damaged sample).
    case unreadable(String, DefinitionError)

    /// What went wrong, naming the sample.
    public var description: String {
        switch self {
        case .noSuchSample(let name, let available):
            "no shipped sample named '\(name)' (samples: \(available.joined(separator: ", ")))"
        case .unreadable(let name, let error):
            "the shipped sample '\(name)' cannot be read: \(error)"
        }
    }
}
