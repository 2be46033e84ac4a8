import Foundation
import Testing
@testable import PayformCLI
import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// `payform decrypt` and `DecryptedPayload` refuse tokens over the library's 256 KiB cap with a
/// sentence, before decoding them; surrounding white space does not count.
@Suite("decrypt: token size cap")
struct DecryptTokenSizeTests {
    static let privateKey = PrepareDecryptCommandTests.privateKey

    @Test func cliRefusesAnOversizedToken() throws {
        let huge = String(repeating: "A", count: 262_145)
        let file = try CLI.temporaryFile(huge)
        let result = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token-file", file])
        #expect(result.exitCode == 2)
        try CLI.expectUsableError(result, code: "invalid_token", mentioning: "262145 bytes")
        #expect(result.stderr.contains("at most 262144"))
    }

    @Test func payloadDecryptionHonoursTheCapAfterTrimming() throws {
        let key = try DecryptionKey(pemRepresentation: String(contentsOfFile: Self.privateKey, encoding: .utf8))
        #expect(throws: DecryptionError.invalidToken(reason: "the token has 262145 bytes; at most 262144 are accepted")) {
            try DecryptedPayload(token: String(repeating: "A", count: 262_145), key: key)
        }
        // White space around a token at the cap is trimmed first: the token is then read (and
        // rejected for its shape, not its size).
        let padded = "\n  " + String(repeating: "A", count: 262_144) + " \n"
        #expect(throws: DecryptionError.invalidToken(reason: "a compact JWE has 5 dot-separated parts; this token has 1")) {
            try DecryptedPayload(token: padded, key: key)
        }
    }
}
