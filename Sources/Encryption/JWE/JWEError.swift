/// Why a JWE could not be produced or opened. Cases say which part was wrong; none carries key
/// bytes or plaintext.
package enum JWEError: Error, Sendable, Hashable {
    /// The token is longer than ``JWE/maximumTokenLength`` UTF-8 bytes; nothing was decoded.
    case tokenTooLarge(length: Int)
    /// A compact JWE has exactly 5 dot-separated segments; this many were found.
    case malformedToken(segmentCount: Int)
    /// A segment is not strict unpadded base64url.
    case invalidBase64URL(segment: JWESegment, Base64Error)
    /// The protected header is not a JSON object of the expected shape.
    case invalidHeader
    /// The header names a parameter twice (RFC 7515 §4 requires unique names). The name is
    /// echoed, shortened.
    case duplicateHeaderParameter(String)
    /// The header has no `alg` or no `enc`.
    case missingHeaderParameter(String)
    /// `alg` is not RSA-OAEP or RSA-OAEP-256 (the value is echoed, shortened).
    case unsupportedKeyManagementAlgorithm(String)
    /// `enc` is not A256CBC-HS512 (the value is echoed, shortened).
    case unsupportedContentEncryption(String)
    /// The header uses a parameter this implementation must understand but does not (`zip`, `crit`).
    case unsupportedHeaderParameter(String)
    /// A segment has the wrong size: the IV must be 16 bytes, the tag 32, the ciphertext a
    /// non-empty multiple of 16.
    case invalidSegmentLength(segment: JWESegment, length: Int)
    /// The tag does not match. Also what a wrong key or an altered encrypted key gives: key
    /// unwrapping failures are not reported separately (RFC 7516 §11.5), so the decryptor is no
    /// oracle for the RSA padding.
    case authenticationFailed
    /// The tag matched but the padding did not: the sender's encryption was faulty.
    case invalidPadding
    /// The header could not be encoded as JSON.
    case headerEncodingFailed
    /// The content-encryption key could not be wrapped with this public key.
    case keyWrapFailed(RSAOAEPError)
}

/// The five parts of a compact JWE, in order.
package enum JWESegment: String, Sendable, Hashable, CaseIterable {
    /// BASE64URL(UTF8(protected header)).
    case header
    /// The wrapped content-encryption key.
    case encryptedKey
    /// The initialization vector.
    case initializationVector
    /// The ciphertext.
    case ciphertext
    /// The authentication tag.
    case authenticationTag
}
