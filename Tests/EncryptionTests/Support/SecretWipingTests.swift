import Testing
@testable import PaymentFormEncryption

@Suite("Wiping key material")
struct SecretWipingTests {
    @Test func clearsTheBufferInPlace() {
        var key: [UInt8] = Array(1...64)
        let address = key.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        wipe(&key)
        #expect(key == [UInt8](repeating: 0, count: 64))
        // In place: the buffer that held the key is the one cleared, not a fresh copy.
        #expect(key.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } == address)
    }

    @Test func encryptionMaterialIsClearedAfterUse() {
        var generator = SystemRandomNumberGenerator()
        var material = JWE.ContentMaterial(using: &generator)
        #expect(material.contentEncryptionKey.contains { $0 != 0 })
        material.wipe()
        #expect(material.contentEncryptionKey == [UInt8](repeating: 0, count: 64))
    }
}
