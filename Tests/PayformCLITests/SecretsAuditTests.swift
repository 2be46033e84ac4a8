import Foundation
import Testing
@testable import PayformCLI
import PaymentFormTestSupport

/// The command-line tool's side of the secrets audit (CoreTests has the library's): card
/// data passed in arguments or stdin never comes back in output or error messages, except where
/// printing it is the command's job (`mask`, `edit`, `decrypt`).
@Suite("Secrets audit (payform)")
struct CLISecretsAuditTests {
    static let pan = "4929518637402760"
    static let needles = [pan, "4929 5186 3740 2760", "492951863740", "7391", "0831", "08/31"]

    @Test("validate, render, prepare and brand never echo card data", arguments: [
        ["validate", "--product", Fixtures.samplePath("visa"), "--now", "2026-11",
         "--value", "cardNumber=\(pan)1", "--value", "expiryDate=08319", "--value", "cvv=73919"],
        ["validate", "--product", Fixtures.samplePath("visa"), "--value", "noSuchField=\(pan)"],
        ["validate", "--product", Fixtures.samplePath("visa"), "--value", pan],
        ["validate", "--product", Fixtures.samplePath("visa"), "--values", "-"],
        ["validate", "--product", Fixtures.samplePath("visa"), "--values", "-", "--locale", "fr"],
        ["render", "--product", Fixtures.samplePath("visa"), pan],
        ["prepare", "--product", Fixtures.samplePath("visa"), "--public-key", "/nonexistent", "--client-session-id", "x",
         "--value", "cardNumber=\(pan)", "--value", "cvv=7391", "--value", "expiryDate=0831"],
        ["prepare", "--product", Fixtures.samplePath("visa"), "--client-session-id", "x", "--now", "2026-11",
         "--public-key", Fixtures.samplePath("visa"), "--value", "cardNumber=\(pan)", "--value", "cvv=7391", "--value", "expiryDate=0831"],
        ["brand", "--number", "\(pan)x"],
        ["brand", "--number", "-"],
        ["brand", "--number", pan, "--products", "/nonexistent"],
        ["brand", pan],
    ])
    func neverEchoed(arguments: [String]) {
        let result = CLI.run(arguments, stdin: #"{"cardNumber": "\#(Self.pan)", "cvv": "7391", "expiryDate": 0831}"#)
        #expect(result.exitCode != 0 || arguments.first == "render")
        for needle in Self.needles where result.stdout.contains(needle) || result.stderr.contains(needle) {
            Issue.record("payform \(arguments[0]) echoed a secret (\(needle.count) characters): \(result.stderr)")
        }
    }
}
