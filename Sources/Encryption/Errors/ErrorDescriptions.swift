// Sentences for the encryption errors: what was wrong and where (a byte offset, a segment, a
// size), never key material, plaintext or the offending text itself. The CLI and the public
// errors of the core module quote these sentences.

extension Base64Error: CustomStringConvertible {
    package var description: String {
        switch self {
        case .invalidCharacter(let offset): "a character outside the base64 alphabet at byte \(offset)"
        case .invalidLength(let count): "\(count) base64 characters cannot encode whole bytes"
        case .nonZeroTrailingBits(let offset): "the base64 character at byte \(offset) has unused bits set (not a canonical encoding)"
        }
    }
}

extension PEMArmorProblem: CustomStringConvertible {
    package var description: String {
        switch self {
        case .missingBeginLine: "there is no -----BEGIN ...----- line"
        case .missingEndLine: "there is no -----END ...----- line after the BEGIN line"
        case .textAfterEndLine: "something other than blank lines follows the END line (a second key?): a PEM file must hold exactly one key"
        case .mismatchedLabels: "the END line's label differs from the BEGIN line's"
        case .unsupportedHeaders: "the PEM body has headers (legacy encrypted PEM is not supported)"
        case .emptyBody: "the PEM body is empty"
        }
    }
}

extension KeyError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .invalidBase64(let error): "the key is not valid base64: \(error)"
        case .invalidPEMArmor(let problem): "the PEM text is malformed: \(problem)"
        case .unsupportedPEMLabel(let label): "a PEM block labelled '\(label.prefix(40))' is not a supported key"
        case .truncated(let offset): "the DER ends inside the element at byte \(offset) (truncated key?)"
        case .unexpectedTag(let expected, let found, let offset):
            "the DER element at byte \(offset) has tag 0x\(hex(found)), expected 0x\(hex(expected))"
        case .invalidLength(let offset): "the DER length at byte \(offset) is indefinite, not minimal or too large"
        case .invalidInteger(let offset): "the DER INTEGER at byte \(offset) is empty, negative or not minimally encoded"
        case .trailingBytes(let offset): "unexpected bytes follow the key, from byte \(offset)"
        case .unsupportedAlgorithm(let oid): "the key's algorithm \(oid.prefix(64)) is not rsaEncryption"
        case .invalidAlgorithmParameters(let offset): "the rsaEncryption parameters at byte \(offset) are not NULL"
        case .invalidBitString(let offset): "the key's BIT STRING at byte \(offset) is empty or has unused bits"
        case .modulusTooSmall(let bits): "the modulus has \(bits) bits; at least 2048 are required"
        case .modulusTooLarge(let bits): "the modulus has \(bits) bits; at most 16384 are accepted"
        case .evenModulus: "the modulus is even, so it is not an RSA modulus"
        case .publicExponentTooSmall: "the public exponent is 0 or 1"
        case .evenPublicExponent: "the public exponent is even"
        case .publicExponentTooLarge: "the public exponent is not smaller than the modulus, or is wider than 64 bits"
        case .unsupportedVersion(let version): "the private key has version \(version); only two-prime keys (version 0) are supported"
        case .privateModulusTooLarge(let bits):
            "the private key's modulus has \(bits) bits; at most \(RSAKeyPolicy.maximumPrivateModulusBits) are accepted for decryption"
        case .inconsistentPrivateKey(let problem): "the private key's parts do not fit together: \(problem)"
        }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

extension PrivateKeyInconsistency: CustomStringConvertible {
    package var description: String {
        switch self {
        case .modulusIsNotProductOfPrimes: "the modulus is not the product of prime1 and prime2"
        case .primeIsComposite: "prime1 or prime2 is not prime"
        case .privateExponentMismatch: "the private exponent d is not the inverse of the public exponent e modulo λ(n)"
        case .primesSwapped: "prime1 and prime2 are swapped (exponent1, exponent2 and the coefficient belong to the other order)"
        case .firstExponentMismatch: "exponent1 is not d mod (prime1 − 1)"
        case .secondExponentMismatch: "exponent2 is not d mod (prime2 − 1)"
        case .coefficientMismatch: "the coefficient is not the inverse of prime2 modulo prime1"
        }
    }
}

extension JWESegment: CustomStringConvertible {
    package var description: String {
        switch self {
        case .header: "protected header"
        case .encryptedKey: "encrypted key"
        case .initializationVector: "initialization vector"
        case .ciphertext: "ciphertext"
        case .authenticationTag: "authentication tag"
        }
    }
}

extension RSAOAEPError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .messageTooLong(let maximum): "the message is longer than the key allows (at most \(maximum) bytes)"
        case .decryptionFailed: "the RSA-OAEP ciphertext did not decrypt"
        }
    }
}

extension JWEError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .tokenTooLarge(let length): "the token has \(length) bytes; at most \(JWE.maximumTokenLength) are accepted"
        case .malformedToken(let count): "a compact JWE has 5 dot-separated parts; this token has \(count)"
        case .invalidBase64URL(let segment, let error): "the token's \(segment) is not base64url: \(error)"
        case .invalidHeader: "the token's protected header is not a JSON object of the expected shape"
        case .duplicateHeaderParameter(let name): "the token's header names '\(name.prefix(32))' more than once"
        case .missingHeaderParameter(let name): "the token's header has no '\(name)'"
        case .unsupportedKeyManagementAlgorithm(let alg): "the token's alg '\(alg.prefix(32))' is not RSA-OAEP or RSA-OAEP-256"
        case .unsupportedContentEncryption(let enc): "the token's enc '\(enc.prefix(32))' is not A256CBC-HS512"
        case .unsupportedHeaderParameter(let name): "the token's header uses '\(name.prefix(32))', which is not supported"
        case .invalidSegmentLength(let segment, let length): "the token's \(segment) has a length of \(length) bytes, which is not allowed"
        case .authenticationFailed: "the token failed authentication (wrong key, or altered token)"
        case .invalidPadding: "the token's padding is malformed"
        case .headerEncodingFailed: "the header could not be encoded"
        case .keyWrapFailed(let error): "the content key could not be wrapped: \(error)"
        }
    }
}

extension SymmetricCipherError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .invalidKeyLength(let count): "the key has \(count) bytes; AES-256 needs 32"
        case .invalidBlockLength(let count): "a block has \(count) bytes; AES blocks have 16"
        case .invalidIVLength(let count): "the initialization vector has \(count) bytes; it needs 16"
        case .invalidInputLength(let count): "\(count) bytes is not a whole number of blocks"
        case .authenticationFailed: "authentication failed"
        case .invalidPadding: "the padding is malformed"
        }
    }
}
