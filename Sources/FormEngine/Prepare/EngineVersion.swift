/// The engine's version: the one place it is written. `payform --version` prints it and the client
/// meta info's `sdkIdentifier` carries it (`SwiftPaymentFormEngine/v<version>`), so the platform
/// and a shell user see the same number.
package enum EngineVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    package static let current = "0.1.0"
}
