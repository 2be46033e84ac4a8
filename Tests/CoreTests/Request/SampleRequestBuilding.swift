@testable import PaymentFormCore
import PaymentFormTestSupport
import PaymentFormFixtures

/// What the request tests build on: a shipped sample's request with values set (and an account on
/// file selected), and a report's errors as `fieldId.errorId`, for comparing whole lists.
protocol SampleRequestBuilding {}

extension SampleRequestBuilding {
    func request(_ sample: String, account: String? = nil, _ values: [String: String]) throws -> PaymentRequest {
        var request = PaymentRequest(product: try Fixtures.sample(sample))
        try request.selectAccountOnFile(withId: account)
        for (field, value) in values { try request.setValue(value, forField: field) }
        return request
    }

    func errors(_ report: ValidationReport) -> [String] {
        report.errors.map { "\($0.fieldId).\($0.errorId)" }
    }
}
