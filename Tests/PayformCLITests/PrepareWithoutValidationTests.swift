import Foundation
import Testing
import PaymentFormEngine
@testable import PayformCLI
import PayformCommands
import PaymentFormTestSupport

/// `payform prepare --without-validation-for-tests`: any values, encrypted as given, with a warning.
@Suite("payform prepare --without-validation-for-tests")
struct PrepareWithoutValidationTests {
    static let flag = "--without-validation-for-tests"

    @Test("the values are encrypted exactly as given (masked, invalid, unknown fields); stderr warns; exit 0")
    func asGiven() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "1a23", "pin": "0000"}"#)
        let prepared = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", Fixtures.demoPublicKeyPath,
                                "--client-session-id", "s-1", "--account-on-file", "7", Self.flag])
        #expect(prepared.exitCode == 0, "\(prepared.stdout) \(prepared.stderr)")
        #expect(prepared.stderr.contains(Self.flag) && prepared.stderr.contains("without validation"))
        let token = try #require(try CLI.json(prepared)["encryptedFields"]?.stringValue, "no encryptedFields in \(prepared.stdout)")
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", Fixtures.demoPrivateKeyPath, "--token", token]))
        #expect(payload["paymentValues"] == [
            ["key": "cardNumber", "value": "4111 1111 1111 1111"], ["key": "cvv", "value": "1a23"],
            ["key": "expiryDate", "value": "12/30"], ["key": "pin", "value": "0000"],
        ])
        #expect(payload["paymentProductId"] == 1 && payload["accountOnFileId"] == 7 && payload["clientSessionId"] == "s-1")
    }

    @Test("without the option, prepare reads the values through the mask: 1a23 never reaches a server")
    func validatedByDefault() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "1a23"}"#)
        let result = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", Fixtures.demoPublicKeyPath,
                              "--client-session-id", "s"])
        #expect(result.exitCode == 0)
        let token = try #require(try CLI.json(result)["encryptedFields"]?.stringValue, "no encryptedFields in \(result.stdout)")
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", Fixtures.demoPrivateKeyPath, "--token", token]))
        let entries = try #require(payload["paymentValues"]?.arrayValue, "no paymentValues")
        #expect(entries.contains(["key": "cvv", "value": "123"]))
    }

    @Test("a group, a non-numeric account id and --help: the option's rules")
    func rules() throws {
        let group = CLI.run(["prepare", "--product", Fixtures.groupPath("cards"),
                             "--value", "cvv=1", "--public-key", Fixtures.demoPublicKeyPath, "--client-session-id", "s", Self.flag])
        #expect(group.exitCode == 2 && group.stdout.contains("product_group"))
        let account = CLI.run(["prepare", "--product", "sample:visa", "--value", "cvv=1", "--public-key", Fixtures.demoPublicKeyPath,
                               "--client-session-id", "s", "--account-on-file", "x", Self.flag])
        #expect(account.exitCode == 2 && account.stdout.contains("non_numeric_account_on_file_id"))
        let help = CLI.run(["prepare", "--help"])
        #expect(help.stdout.contains(Self.flag) && help.stdout.contains("TEST ONLY"))
    }
}
