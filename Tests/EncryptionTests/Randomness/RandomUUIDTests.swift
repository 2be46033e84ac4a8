import Testing
@testable import PaymentFormEncryption
import PaymentFormTestSupport

struct RandomUUIDTests {
    @Test func formatIsVersion4UpperCase() {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<200 {
            let uuid = RandomUUID.make(using: &generator)
            let characters = Array(uuid)
            #expect(characters.count == 36)
            #expect([8, 13, 18, 23].allSatisfy { characters[$0] == "-" })
            #expect(characters[14] == "4")
            #expect("89AB".contains(characters[19]))
            #expect(uuid.allSatisfy { $0 == "-" || ("0"..."9").contains($0) || ("A"..."F").contains($0) })
        }
    }

    @Test func seededGeneratorsAreReproducibleAndSystemOnesDiffer() {
        var a = SeededGenerator(seed: 9), b = SeededGenerator(seed: 9)
        #expect(RandomUUID.make(using: &a) == RandomUUID.make(using: &b))
        #expect(RandomUUID.make() != RandomUUID.make())
    }

    @Test func randomBytesUseEveryGeneratorByte() {
        var generator = SeededGenerator(seed: 5)
        let bytes = RandomBytes.make(count: 13, using: &generator)
        var replay = SeededGenerator(seed: 5)
        let first = replay.next(), second = replay.next()
        let expected = (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * UInt64($0))) }
            + (0..<5).map { UInt8(truncatingIfNeeded: second >> (8 * UInt64($0))) }
        #expect(bytes == expected)
    }
}
