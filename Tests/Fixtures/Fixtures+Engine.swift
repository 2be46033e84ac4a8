import PaymentFormCore
import PaymentFormTestSupport

/// The shipped samples and the demo key as the form engine's types, for the tests of the modules
/// at and above the core. (The leaf modules' tests read the same files as bytes through
/// `PaymentFormTestSupport`, which depends on nothing above them.)
extension Fixtures {
    /// A shipped sample product, decoded; throws when it is missing or does not decode.
    package static func sample(_ name: String) throws -> PaymentProduct {
        try PaymentProduct(jsonEncoded: sampleJSON(name))
    }

    /// The demo public key response, decoded.
    package static func demoPublicKeyResponse() throws -> PublicKeyResponse {
        try PublicKeyResponse(jsonEncoded: demoPublicKeyJSON())
    }

    /// The demo public key, ready to prepare requests with (public: never for real card data).
    package static func demoEncryptionKey() throws -> EncryptionKey {
        try EncryptionKey(demoPublicKeyResponse())
    }
}
