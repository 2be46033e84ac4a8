import Foundation
import Testing
@testable import PayformCLI

/// The command-line tool's side of the secrets audit (FormEngineTests has the library's): card
/// data passed in arguments or stdin never comes back in output or error messages, except where
/// printing it is the command's job (`mask`, `edit`, `decrypt`).
@Suite("Secrets audit (payform)")
struct CLISecretsAuditTests {
    static let pan = "4929518637402760"
    static let needles = [pan, "4929 5186 3740 2760", "492951863740", "7391", "0831", "08/31"]

    @Test("validate, render, prepare and brand never echo card data", arguments: [
        ["validate", "--product", CLI.product("visa"), "--now", "2026-11",
         "--value", "cardNumber=\(pan)1", "--value", "expiryDate=08319", "--value", "cvv=73919"],
        ["validate", "--product", CLI.product("visa"), "--value", "noSuchField=\(pan)"],
        ["validate", "--product", CLI.product("visa"), "--value", pan],
        ["validate", "--product", CLI.product("visa"), "--values", "-"],
        ["validate", "--product", CLI.product("visa"), "--values", "-", "--locale", "fr"],
        ["render", "--product", CLI.product("visa"), pan],
        ["prepare", "--product", CLI.product("visa"), "--public-key", "/nonexistent", "--client-session-id", "x",
         "--value", "cardNumber=\(pan)", "--value", "cvv=7391", "--value", "expiryDate=0831"],
        ["prepare", "--product", CLI.product("visa"), "--client-session-id", "x", "--now", "2026-11",
         "--public-key", CLI.product("visa"), "--value", "cardNumber=\(pan)", "--value", "cvv=7391", "--value", "expiryDate=0831"],
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
