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
    /// The private key's modulus is larger than ``RSAKeyPolicy/maximumPrivateModulusBits``:
    /// each decryption with it would take too long.
    case privateModulusTooLarge(bits: Int)
    /// The private key's parts do not fit together; the case says which check failed.
    case inconsistentPrivateKey(PrivateKeyInconsistency)
}

/// Which of the private key checks failed (the checks OpenSSL's `RSA_check_key` makes). A key
/// that fails one would decrypt nothing, so it is refused when it is read.
package enum PrivateKeyInconsistency: Sendable, Hashable {
    /// The modulus is not the product of prime1 and prime2.
    case modulusIsNotProductOfPrimes
    /// prime1 or prime2 is not prime (Miller–Rabin).
    case primeIsComposite
    /// d·e is not 1 modulo λ(n): the private exponent does not belong to the public exponent.
    case privateExponentMismatch
    /// prime1 and prime2 appear in the wrong order: exponent1, exponent2 and the coefficient
    /// belong to the other order.
    case primesSwapped
    /// exponent1 is not d mod (p − 1).
    case firstExponentMismatch
    /// exponent2 is not d mod (q − 1).
    case secondExponentMismatch
    /// The coefficient is not q⁻¹ mod p.
    case coefficientMismatch
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
    /// Something other than blank lines follows the END line: a second block (two keys), or
    /// anything else. A key file holds one key; which of two was meant would be a guess.
    case textAfterEndLine
}
