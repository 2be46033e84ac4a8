import Foundation
import PaymentFormEngine
import PaymentFormSandbox
import PaymentFormProcessors
import PaymentFormSamples
import PaymentFormSandboxClientAPI

/// The sample definitions and the demo key pair that ship inside the package, for an app's or a
/// backend's tests: no file path into the package's checkout is needed.
///
/// ```swift
/// import PaymentFormEngineTesting
///
/// let visa = try ShippedSamples.product(named: "visa")
/// var controller = PaymentFormController(item: visa, localizer: Localizer(languageTag: "en"),
///                                        context: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
/// ```
///
/// The demo key pair is public (its private half ships in the package): it is for tests and
/// demos only and must never protect real card data.
public enum ShippedSamples {
    /// The names of the sample products, sorted: `amex`, `apple-pay`, `cartes-bancaires`,
    /// `google-pay`, `ideal`, `mastercard-accounts-on-file`,
    /// `saferpay-card`, `sepa-direct-debit`, the Sips forms (`sips-card-order`, ...), `visa`, and any
    /// added later. (The Sips and Saferpay forms are `PaymentFormProcessors`' own, listed here too.)
    public static var productNames: [String] { SampleDefinitions.names }

    /// The sample product of that name, read as a Client API answer would be.
    ///
    /// - Throws: ``ShippedSampleError/noSuchSample(_:available:)`` for a name that is not in
    ///   ``productNames``.
    public static func product(named name: String) throws(ShippedSampleError) -> PaymentProduct {
        guard let data = productData(named: name) else { throw .noSuchSample(name, available: productNames) }
        do {
            return try PaymentProduct(jsonEncoded: data)
        } catch {
            throw .unreadable(name, error)
        }
    }

    /// The sample product's Client API JSON (what `GET products/{id}` answers), to serve from a
    /// test's own server; `nil` when there is no such sample.
    public static func productJSON(named name: String) -> [UInt8]? {
        productData(named: name).map { Array($0) }
    }

    /// The JSON of the sample product or processor form of that name (`payform`'s `sample:NAME`).
    package static func productData(named name: String) -> Data? {
        SampleDefinitions.json(named: name)
    }

    /// The ids of the sample product groups (`cards`), sorted.
    public static var groupIds: [String] { Samples.groupIds }

    /// The sample product group with that id.
    ///
    /// - Throws: ``ShippedSampleError/noSuchSample(_:available:)`` for an id that is not in
    ///   ``groupIds``.
    public static func group(withId id: String) throws(ShippedSampleError) -> PaymentProductGroup {
        guard let data = Samples.group(withId: id) else { throw .noSuchSample(id, available: groupIds) }
        do {
            return try PaymentProductGroup(jsonEncoded: data)
        } catch {
            throw .unreadable(id, error)
        }
    }

    /// The demo public key as the Client API's `GET crypto/publickey` answers it (not for
    /// production).
    public static func demoPublicKey() throws(DefinitionError) -> PublicKeyResponse {
        try PublicKeyResponse(jsonEncoded: Samples.demoPublicKeyResponse ?? [])
    }

    /// The private half of the demo key pair, to decrypt what was prepared with
    /// ``demoPublicKey()`` (not for production).
    public static func demoDecryptionKey() throws(DecryptionError) -> DecryptionKey {
        try DecryptionKey(pemRepresentation: String(decoding: Samples.demoPrivateKeyPEM ?? [], as: UTF8.self))
    }
}
