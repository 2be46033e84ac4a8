import Testing
@testable import PaymentFormEncryption

struct Base64URLTests {
    /// RFC 4648 §10 test vectors (identical in the URL alphabet, padding removed).
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"),
        ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648(plain: String, encoded: String) throws {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(try Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func usesTheURLAlphabet() throws {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(try Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func allBytesRoundTrip() throws {
        let bytes = (0..<256).map { UInt8($0) }
        for length in 0...bytes.count {
            #expect(try Base64URL.decode(Base64URL.encode(bytes.prefix(length))) == Array(bytes.prefix(length)))
        }
    }

    @Test(arguments: [
        ("Zg==", Base64Error.invalidCharacter(offset: 2)),
        ("Zm+v", .invalidCharacter(offset: 2)),
        ("Zm/v", .invalidCharacter(offset: 2)),
        ("Zm 9v", .invalidCharacter(offset: 2)),
        ("Zm9v\n", .invalidCharacter(offset: 4)),
        ("Zm9vé", .invalidCharacter(offset: 4)),
        ("Z", .invalidLength(count: 1)),
        ("Zm9vY", .invalidLength(count: 5)),
        ("Zh", .nonZeroTrailingBits(offset: 1)),      // "f" is Zg; Zh sets an unused bit
        ("Zm9", .nonZeroTrailingBits(offset: 2)),
    ])
    func strictDecodingRejects(text: String, error: Base64Error) {
        #expect(throws: error) { try Base64URL.decode(text) }
    }
}

struct Base64Tests {
    @Test func encodesWithPadding() {
        #expect(Base64.encode(Array("f".utf8)) == "Zg==")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        #expect(Base64.encode([0xFB, 0xFF]) == "+/8=")
    }

    @Test func tolerantDecodeIgnoresWhitespaceAndLineBreaks() throws {
        #expect(try Base64.decode(" Zm9v\r\nYmFy\n\tZg==\n") == Array("foobarf".utf8))
        #expect(try Base64.decode("Zm8") == Array("fo".utf8))      // missing padding accepted
        #expect(try Base64.decode("+/8=") == [0xFB, 0xFF])
    }

    @Test(arguments: [
        ("Zm9v!", Base64Error.invalidCharacter(offset: 4)),
        ("Zg=a", .invalidCharacter(offset: 3)),
        ("Zg===", .invalidCharacter(offset: 4)),
        ("Zm9=", .nonZeroTrailingBits(offset: 2)),
        ("Zm9vY===", .invalidCharacter(offset: 7)),
        ("Zg=", .invalidLength(count: 3)),
        ("-_8=", .invalidCharacter(offset: 0)),
    ])
    func rejects(text: String, error: Base64Error) {
        #expect(throws: error) { try Base64.decode(text) }
    }

    @Test func strictModeRejectsWhitespace() {
        #expect(throws: Base64Error.invalidCharacter(offset: 4)) { try Base64.decode("Zm9v\nYmFy", ignoringWhitespace: false) }
    }
}
