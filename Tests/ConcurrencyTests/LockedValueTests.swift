import Dispatch
import Testing
@testable import PaymentFormConcurrency

@Suite("LockedValue (Concurrency)")
struct LockedValueTests {
    @Test("increments from many threads at once are none of them lost")
    func concurrentIncrements() {
        let counter = LockedValue(0)
        let threads = 8, increments = 10_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test("withLock returns what its body returns, after the body's changes")
    func returnsTheBodysValue() {
        let names = LockedValue<[String]>([])
        let count = names.withLock { names in
            names.append("visa")
            return names.count
        }
        #expect(count == 1)
        #expect(names.withLock { $0 } == ["visa"])
    }

    private struct Refused: Error, Equatable {}

    @Test("a body that throws passes its error on and leaves the lock free")
    func throwingBodyReleasesTheLock() {
        let value = LockedValue(1)
        #expect(throws: Refused.self) {
            try value.withLock { (number: inout Int) throws(Refused) in
                number = 2
                throw Refused()
            }
        }
        // A lock left held would hang here.
        #expect(value.withLock { $0 } == 2)
    }
}
