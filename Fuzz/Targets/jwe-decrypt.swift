// Fuzz target: JWE compact tokens into the decryptor, and arbitrary payloads through a round trip.
//
// The first byte picks the mode. Even: the rest is a token for the demo private key (from a
// hostile or broken client); it must be refused with an error or decrypt. Odd: the rest is a
// plaintext and key id, encrypted to the demo public key and decrypted again; both must survive.
import PaymentFormEngine
import PaymentFormSamples
import PaymentFormEngineTesting
import PaymentFormEncryption

private let privateKey: RSAPrivateKey? = Samples.demoPrivateKeyPEM
    .flatMap { try? RSAPrivateKey(pemRepresentation: String(decoding: $0, as: UTF8.self)) }
private let decryptionKey: DecryptionKey? = Samples.demoPrivateKeyPEM
    .flatMap { try? DecryptionKey(pemRepresentation: String(decoding: $0, as: UTF8.self)) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJWEDecrypt(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let privateKey, let decryptionKey else {
        check(false, "the demo key does not load")
        return 0
    }
    var input = FuzzInput(data, count: size)
    if input.byte() % 2 == 0 {
        let token = input.remainingString()
        _ = try? JWE.decrypt(token, with: privateKey)
        _ = try? DecryptedPayload(token: token, key: decryptionKey)
        return 0
    }
    let keyId = input.string(maximumBytes: 40)
    let plaintext = Array(input.remainingBytes())
    guard let token = try? JWE.encrypt(plaintext, for: privateKey.publicKey, keyId: keyId) else {
        check(false, "encryption to the demo key failed")
        return 0
    }
    let decrypted = try? JWE.decrypt(token, with: privateKey)
    check(decrypted?.plaintext == plaintext, "a round trip lost the plaintext")
    check(decrypted?.header.keyId == keyId, "a round trip lost the key id")
    _ = try? DecryptedPayload(token: token, key: decryptionKey)
    return 0
}
