import Foundation
import PaymentFormProcessors
import PaymentFormSamples

/// The definitions `sample:NAME` names in `payform` and `ShippedSamples` lists: the sample
/// products and the processors' forms (Sips, Saferpay), one list.
package enum SampleDefinitions {
    /// Their names, sorted.
    package static var names: [String] { (Samples.productNames + ProcessorForms.names).sorted() }

    /// The JSON of the sample product or processor form of that name, or `nil`.
    package static func json(named name: String) -> Data? {
        Samples.product(named: name).map { Data($0) } ?? ProcessorForms.json(named: name)
    }
}
