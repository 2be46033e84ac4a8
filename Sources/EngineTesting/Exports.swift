// Decrypting what a client sent (DecryptionKey, DecryptedPayload) is part of the testing
// library's surface; it lives in its own module because the sandbox uses it too.
@_exported import PaymentFormDecryption
