import Foundation
import PaymentFormEngine

/// The Sips and Saferpay form definitions that ship inside this module (the files of
/// `Resources/Processors`, embedded at build time by the package's plugin, so an app that adds
/// `PaymentFormProcessors` has them without a resource bundle).
///
/// Their home: ``SipsOperation/definition`` and ``SaferpayCardPost/definition`` read them for an
/// app; `payform`'s `sample:NAME`, the sandbox's Saferpay stand-in and the testing library's
/// samples look them up here by name.
package enum ProcessorForms {
    /// The names of the forms (file names without `.json`: `saferpay-card`, `sips-card-order`,
    /// ...), sorted.
    package static var names: [String] {
        EmbeddedResources.files.keys
            .filter { $0.hasPrefix(folder + "/") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst(folder.count + 1).dropLast(".json".count)) }
            .sorted()
    }

    /// The JSON of the form named `name`, or `nil` when there is none.
    package static func json(named name: String) -> Data? {
        EmbeddedResources.files["\(folder)/\(name).json"].map { Data($0.utf8) }
    }

    /// The form named `name`, read once per process; `nil` when there is none.
    package static func definition(named name: String) throws(DefinitionError) -> PaymentProduct? {
        guard let read = decoded[name] else { return nil }
        return try read.get()
    }

    /// Every form, read at first use.
    private static let decoded: [String: Result<PaymentProduct, DefinitionError>] = {
        var forms: [String: Result<PaymentProduct, DefinitionError>] = [:]
        for name in names {
            guard let data = json(named: name) else { continue }
            do throws(DefinitionError) {
                forms[name] = .success(try PaymentProduct(jsonEncoded: data))
            } catch {
                forms[name] = .failure(error)
            }
        }
        return forms
    }()

    /// The folder under `Resources/` the forms come from.
    private static let folder = "Processors"
}
