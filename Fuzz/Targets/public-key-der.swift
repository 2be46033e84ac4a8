// Fuzz target: DER public and private keys (SubjectPublicKeyInfo, PKCS#1, PKCS#8), as bytes and as
// the base64 text a public-key response carries.
//
// Invariants beyond "never crash": an accepted key re-encodes to DER that parses to the same key,
// and encrypting to an accepted public key works.
import PaymentFormEncryption

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPublicKeyDER(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let bytes = input.remainingBytes()

    if let key = try? RSAPublicKey(derRepresentation: bytes) {
        let again = try? RSAPublicKey(derRepresentation: key.derRepresentation)
        check(again == key, "a public key does not round-trip through its DER")
        check((try? RSAPublicKey(base64DER: Base64.encode(bytes))) == key, "base64 DER disagrees with DER")
        check((try? RSAPublicKey(pemRepresentation: key.pemRepresentation)) == key, "PEM disagrees with DER")
        // Encrypting exercises the big-number arithmetic with whatever modulus was accepted.
        check((try? RSAOAEP.encrypt([1, 2, 3], for: key, hash: SHA256.self)) != nil, "cannot encrypt to an accepted key")
    }
    _ = try? RSAPrivateKey(derRepresentation: bytes)
    _ = try? RSAPublicKey(base64DER: String(decoding: bytes, as: UTF8.self))
    return 0
}
