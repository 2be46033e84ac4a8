// Fuzz target: PEM text for public and private keys (armour, base64 body, DER inside).
//
// Invariant beyond "never crash": an accepted public key writes PEM that reads back to itself.
import PaymentFormEncryption

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPEM(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, count: size)
    let text = input.remainingString()
    if let key = try? RSAPublicKey(pemRepresentation: text) {
        check((try? RSAPublicKey(pemRepresentation: key.pemRepresentation)) == key, "public key PEM does not round-trip")
    }
    if let key = try? RSAPrivateKey(pemRepresentation: text) {
        _ = key.publicKey.pemRepresentation
    }
    return 0
}
