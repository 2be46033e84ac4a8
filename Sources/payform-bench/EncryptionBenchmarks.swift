import PaymentFormEncryption
import Foundation
import PaymentFormSamples

/// Encryption hot paths: the primitives, and a whole JWE as `prepare` produces it.
///
/// Uses the demo key pair shipped in Samples (NOT for production). When it cannot be read, the
/// key-dependent benchmarks are left out rather than crash.
func encryptionBenchmarks() -> BenchmarkGroup {
    let kibibyte = [UInt8](repeating: 0x61, count: 1024)
    let aesKey = [UInt8](repeating: 7, count: 32)
    let iv = [UInt8](repeating: 9, count: 16)
    var benchmarks = [
        Benchmark(id: "sha256.1k", name: "SHA-256 of 1 KiB") { blackHole(SHA256.hash(kibibyte)) },
        Benchmark(name: "HMAC-SHA-512 of 1 KiB") { blackHole(HMAC<SHA512>.authenticationCode(for: kibibyte, key: aesKey)) },
        // The same work as `openssl speed aes-256-cbc`: 64 whole blocks, no padding (ours still
        // expands the key and allocates the output on every call; OpenSSL's loop does neither).
        Benchmark(id: "aes256cbc.1k", name: "AES-256-CBC encrypt 1 KiB (64 blocks, as openssl speed)") {
            blackHole(try? AES256CBC.encrypt(kibibyte, key: aesKey, iv: iv, padding: .none))
        },
        // As a JWE uses it: PKCS#7 adds a 65th block to a whole number of blocks.
        Benchmark(id: "aes256cbc.1k.pkcs7", name: "AES-256-CBC encrypt 1 KiB with PKCS#7 padding (65 blocks)") {
            blackHole(try? AES256CBC.encrypt(kibibyte, key: aesKey, iv: iv))
        },
    ]

    struct Response: Decodable { let keyId: String; let publicKey: String }
    guard let responseData = Samples.demoPublicKeyResponse.map({ Data($0) }),
          let response = try? JSONDecoder().decode(Response.self, from: responseData),
          let publicKey = try? RSAPublicKey(base64DER: response.publicKey),
          let pemData = Samples.demoPrivateKeyPEM.map({ Data($0) }),
          let privateKey = try? RSAPrivateKey(pemRepresentation: String(decoding: pemData, as: UTF8.self))
    else {
        return BenchmarkGroup(name: "Encryption", benchmarks: benchmarks)
    }
    // About the size of a card payment request.
    let payload = Array((#"{"clientSessionId":"f1e2d3c4b5a6978877665544332211aa","nonce":"3F2504E0-4F89-41D3-9A0C-0305E82C3301","#
        + #""paymentProductId":1,"paymentValues":[{"key":"cardNumber","value":"4111111111111111"},"#
        + #"{"key":"expiryDate","value":"1228"},{"key":"cvv","value":"123"},{"key":"cardholderName","value":"Wile E. Coyote"}]}"#).utf8)
    let cek = [UInt8](repeating: 1, count: 64)
    let token = (try? JWE.encrypt(payload, for: publicKey, keyId: response.keyId)) ?? ""
    let wrappedKey = (try? RSAOAEP.encrypt(cek, for: publicKey, hash: SHA1.self)) ?? []
    let kibibyteCiphertext = (try? AES256CBC.encrypt(kibibyte, key: aesKey, iv: iv, padding: .none)) ?? []
    benchmarks += [
        Benchmark(id: "aes256cbc.decrypt.1k", name: "AES-256-CBC decrypt 1 KiB") { blackHole(try? AES256CBC.decrypt(kibibyteCiphertext, key: aesKey, iv: iv, padding: .none)) },
        // The public operation as the client uses it: RSA-OAEP (SHA-1) of a 64-byte content key.
        Benchmark(id: "rsa2048.public", name: "RSA-OAEP encrypt (2048-bit public op)") { blackHole(try? RSAOAEP.encrypt(cek, for: publicKey, hash: SHA1.self)) },
        // The private operation as a server uses it: blinded constant-time CRT, re-encryption
        // check, then OAEP decoding.
        Benchmark(id: "rsa2048.private", name: "RSA-OAEP decrypt (2048-bit private op)") { blackHole(try? RSAOAEP.decrypt(wrappedKey, with: privateKey, hash: SHA1.self)) },
        Benchmark(id: "key.parse", name: "Parse Client API public key (2048-bit)") { blackHole(try? RSAPublicKey(base64DER: response.publicKey)) },
        Benchmark(id: "jwe.encrypt", name: "JWE encrypt \(payload.count) B (2048-bit)") {
            blackHole(try? JWE.encrypt(payload, for: publicKey, keyId: response.keyId))
        },
        Benchmark(id: "jwe.decrypt", name: "JWE decrypt (2048-bit private key)") { blackHole(try? JWE.decrypt(token, with: privateKey)) },
    ]
    var group = BenchmarkGroup(name: "Encryption", benchmarks: benchmarks)
    group.external = {
        ExternalBaselines.openSSLSymmetric1K() + ExternalBaselines.openSSLRSA2048()
            + ExternalBaselines.joserfc(privateKeyPEM: pemData) + ExternalBaselines.cryptography(privateKeyPEM: pemData)
    }
    group.ratios = [
        ("sha256.1k", "openssl.sha256.1k"),
        ("aes256cbc.1k", "openssl.aes256cbc.1k"),
        ("rsa2048.public", "openssl.rsa2048.verify"),
        ("rsa2048.private", "openssl.rsa2048.sign"),
        ("jwe.encrypt", "joserfc.jwe.encrypt"),
        ("jwe.decrypt", "joserfc.jwe.decrypt"),
        ("jwe.encrypt", "cryptography.jwe.encrypt"),
        ("jwe.decrypt", "cryptography.jwe.decrypt"),
    ]
    return group
}
