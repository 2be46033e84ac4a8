/// Why a key could not be read or is unfit for use. Each case names what is wrong and, for DER,
/// the byte offset where it was found; none carries key material.
package enum KeyError: Error, Sendable, Hashable {
    /// The base64 text of the key (Client API `publicKey`, or a PEM body) is not valid base64.
    case invalidBase64(Base64Error)
    /// The PEM text is not a well-formed `-----BEGIN …-----` / `-----END …-----` block.
    case invalidPEMArmor(PEMArmorProblem)
    /// The PEM block holds something other than a supported key (for example
    /// `ENCRYPTED PRIVATE KEY` or `CERTIFICATE`). The label is echoed; it is not secret.
    case unsupportedPEMLabel(String)
    /// The DER ends inside the element that starts at this offset.
    case truncated(offset: Int)
    /// A DER element at this offset has the wrong tag (for example an INTEGER where a SEQUENCE
    /// was expected).
    case unexpectedTag(expected: UInt8, found: UInt8, offset: Int)
    /// A DER length at this offset is indefinite, not minimal, or absurdly large.
    case invalidLength(offset: Int)
    /// A DER INTEGER at this offset is empty, negative or not minimally encoded.
    case invalidInteger(offset: Int)
    /// Bytes follow the end of the structure, starting at this offset.
    case trailingBytes(offset: Int)
    /// The key's algorithm is not rsaEncryption (1.2.840.113549.1.1.1); the OID found is given
    /// in dotted form.
    case unsupportedAlgorithm(oid: String)
    /// The rsaEncryption algorithm parameters at this offset are not the required NULL.
    case invalidAlgorithmParameters(offset: Int)
    /// The SubjectPublicKeyInfo BIT STRING at this offset is empty or has unused bits.
    case invalidBitString(offset: Int)
    /// The modulus has fewer than 2048 bits.
    case modulusTooSmall(bits: Int)
    /// The modulus has more than 16384 bits (refused to bound the work an input can cause).
    case modulusTooLarge(bits: Int)
    /// The modulus is even, so it cannot be a product of two odd primes.
    case evenModulus
    /// The public exponent is 1 (encryption would be the identity) or 0.
    case publicExponentTooSmall
    /// The public exponent is even, so it has no inverse modulo φ(n).
    case evenPublicExponent
    /// The public exponent is not smaller than the modulus, or is wider than 64 bits.
    case publicExponentTooLarge
    /// The private key structure has a version other than 0 (multi-prime keys are not supported).
    case unsupportedVersion(Int)
    /// The private key's parts do not fit together (p·q ≠ n, or a CRT value out of range).
    case inconsistentPrivateKey
}

/// What is wrong with PEM armour (RFC 7468).
package enum PEMArmorProblem: Sendable, Hashable {
    /// No `-----BEGIN <label>-----` line.
    case missingBeginLine
    /// No `-----END <label>-----` line after the BEGIN line.
    case missingEndLine
    /// The END label differs from the BEGIN label.
    case mismatchedLabels
    /// The body has `Name: value` headers (legacy encrypted PEM), which are not supported.
    case unsupportedHeaders
    /// The body between the lines is empty.
    case emptyBody
}
