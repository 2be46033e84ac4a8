import Testing
@testable import PaymentFormCards

/// The shipped detector, loaded on first use from many tasks at once and then shared, gives the
/// serial answers. Run under ThreadSanitizer by Scripts/test/tsan.sh (its filter is "Concurrency").
@Suite("Brand detection concurrency")
struct BrandConcurrencyTests {
    static let numbers = ["4571 0000 0000 0001", "457", "3782 822463 10005", "", "6508370", "65083700", "1", "7", "6703"]

    @Test("many tasks load and use the shared detector at once")
    func sharedDetector() async throws {
        let answers = try await withThrowingTaskGroup(of: [BrandDetection].self) { group in
            for _ in 0..<16 {
                group.addTask {
                    var choice = BrandChoice()
                    return try Self.numbers.map { number in
                        let detection = try BrandDetector.shipped.detect(number)
                        choice.update(with: detection)
                        _ = CardNumberLayout(detection: detection).grouped(number)
                        return detection
                    }
                }
            }
            var all: [[BrandDetection]] = []
            for try await answer in group { all.append(answer) }
            return all
        }
        let serial = try Self.numbers.map { try BrandDetector.shipped.detect($0) }
        #expect(answers.count == 16)
        #expect(answers.allSatisfy { $0 == serial })
        #expect(serial[0].brandIds == ["dankort", "visa"])
    }
}
