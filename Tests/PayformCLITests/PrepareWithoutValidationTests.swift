import Foundation
import Testing
import PaymentFormEngine
@testable import PayformCLI

/// `payform prepare --without-validation-for-tests`: any values, encrypted as given, with a warning.
@Suite("payform prepare --without-validation-for-tests")
struct PrepareWithoutValidationTests {
    static let flag = "--without-validation-for-tests"

    @Test("the values are encrypted exactly as given (masked, invalid, unknown fields); stderr warns; exit 0")
    func asGiven() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "1a23", "pin": "0000"}"#)
        let prepared = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", PrepareDecryptCommandTests.publicKey,
                                "--client-session-id", "s-1", "--account-on-file", "7", Self.flag])
        #expect(prepared.exitCode == 0, "\(prepared.stdout) \(prepared.stderr)")
        #expect(prepared.stderr.contains(Self.flag) && prepared.stderr.contains("without validation"))
        guard case .string(let token)? = try CLI.json(prepared)["encryptedFields"] else {
            Issue.record("no encryptedFields in \(prepared.stdout)")
            return
        }
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", PrepareDecryptCommandTests.privateKey, "--token", token]))
        #expect(payload["paymentValues"] == [
            ["key": "cardNumber", "value": "4111 1111 1111 1111"], ["key": "cvv", "value": "1a23"],
            ["key": "expiryDate", "value": "12/30"], ["key": "pin", "value": "0000"],
        ])
        #expect(payload["paymentProductId"] == 1 && payload["accountOnFileId"] == 7 && payload["clientSessionId"] == "s-1")
    }

    @Test("without the option, prepare reads the values through the mask: 1a23 never reaches a server")
    func validatedByDefault() throws {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111111111111111", "expiryDate": "1235", "cvv": "1a23"}"#)
        let result = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--public-key", PrepareDecryptCommandTests.publicKey,
                              "--client-session-id", "s"])
        #expect(result.exitCode == 0)
        guard case .string(let token)? = try CLI.json(result)["encryptedFields"] else {
            Issue.record("no encryptedFields in \(result.stdout)")
            return
        }
        let payload = try CLI.json(CLI.run(["decrypt", "--private-key", PrepareDecryptCommandTests.privateKey, "--token", token]))
        guard case .array(let entries)? = payload["paymentValues"] else {
            Issue.record("no paymentValues")
            return
        }
        #expect(entries.contains(["key": "cvv", "value": "123"]))
    }

    @Test("a group, a non-numeric account id and --help: the option's rules")
    func rules() throws {
        let group = CLI.run(["prepare", "--product", CLI.products.deletingLastPathComponent().appendingPathComponent("Groups/cards.json").path,
                             "--value", "cvv=1", "--public-key", PrepareDecryptCommandTests.publicKey, "--client-session-id", "s", Self.flag])
        #expect(group.exitCode == 2 && group.stdout.contains("product_group"))
        let account = CLI.run(["prepare", "--product", "sample:visa", "--value", "cvv=1", "--public-key", PrepareDecryptCommandTests.publicKey,
                               "--client-session-id", "s", "--account-on-file", "x", Self.flag])
        #expect(account.exitCode == 2 && account.stdout.contains("non_numeric_account_on_file_id"))
        let help = CLI.run(["prepare", "--help"])
        #expect(help.stdout.contains(Self.flag) && help.stdout.contains("TEST ONLY"))
    }
}
