// Experiment: size of the engine in WebAssembly.
import PaymentFormCore
import PaymentFormValidation
import PaymentFormMasking
import PaymentFormLocalization

@_cdecl("payform_alloc")
public func payformAlloc(_ count: Int32) -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 16)
}

@_cdecl("payform_free")
public func payformFree(_ pointer: UnsafeMutableRawPointer?) {
    pointer?.deallocate()
}

@_cdecl("payform_experiment")
public func payformExperiment(_ bytes: UnsafePointer<UInt8>, _ count: Int32) -> Int32 {
    let buffer = UnsafeBufferPointer(start: bytes, count: Int(count))
    guard let product = try? PaymentProduct(jsonEncoded: buffer) else { return -1 }
    var request = PaymentRequest(item: product)
    try? request.setValue("4111 1111 1111 1111", forField: "cardNumber")
    let report = request.validate(in: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
    var controller = PaymentFormController(item: product, localizer: Localizer(languageTag: "fr"), context: ValidationContext(now: YearMonth(year: 2026, month: 11)!))
    _ = try? controller.replace("cardNumber", range: 0..<0, with: "4111")
    return Int32(report.errors.count) + Int32(controller.fields.count * 100)
}
