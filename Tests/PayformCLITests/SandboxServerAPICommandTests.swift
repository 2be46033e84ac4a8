import Foundation
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PayformCLI
import PayformCommands

/// `payform sandbox`'s Server API options, its first line's `serverApi`, `--help`'s test cards and
/// the refusals of issue 32 (`--allow-origin null`, bad credentials and host names).
@Suite("payform sandbox: Server API options")
struct SandboxServerAPICommandTests {
    @Test("serverApi in the first line: the endpoint, the merchant, the key id, the secret from a file")
    func firstLine() async throws {
        let secret = try CLI.temporaryFile("a-test-secret\n")
        let sandbox = try await SandboxCommandTests.Running(["--merchant-id", "shop-42", "--api-key-id", "key-1", "--secret-api-key-file", secret])
        let line = try await sandbox.firstLineJSON()
        let api = try #require(line["serverApi"] as? [String: String])
        let url = try #require(line["clientApiUrl"] as? String)
        #expect(api["apiEndpoint"] == String(url.dropLast("/client".count)))
        #expect(api["merchantId"] == "shop-42" && api["apiKeyId"] == "key-1" && api["secretApiKey"] == "a-test-secret")
        #expect(await sandbox.stop()?.exitCode == 0)
    }

    @Test("--webhook-url adds the webhook key id and secret to the first line")
    func webhooks() async throws {
        let sandbox = try await SandboxCommandTests.Running(["--webhook-url", "http://127.0.0.1:9/hooks"])
        let hooks = try #require(try await sandbox.firstLineJSON()["webhooks"] as? [String: String])
        #expect(hooks == ["url": "http://127.0.0.1:9/hooks", "keyId": "sandbox-webhook-key-NOT-FOR-PRODUCTION",
                          "secretKey": "sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000"])
        #expect(await sandbox.stop()?.exitCode == 0)
    }

    @Test("the defaults are the documented test values")
    func defaults() async throws {
        let sandbox = try await SandboxCommandTests.Running([])
        let api = try #require(try await sandbox.firstLineJSON()["serverApi"] as? [String: String])
        #expect(api["merchantId"] == "sandbox-merchant")
        #expect(api["apiKeyId"] == "sandbox-api-key-NOT-FOR-PRODUCTION")
        #expect(api["secretApiKey"] == "sandbox-secret-NOT-FOR-PRODUCTION-0000000000000000")
        #expect(await sandbox.stop()?.exitCode == 0)
    }

    @Test("refused before listening, exit 2 naming the flag: null origin, bad merchant, key id, secret, host, settlement", arguments: [
        (["--allow-origin", "null"], "--allow-origin null"),
        (["--allow-origin", "NULL"], "--allow-origin null"),
        (["--merchant-id", "a/b"], "--merchant-id"),
        (["--api-key-id", "a:b"], "--api-key-id"),
        (["--secret-api-key", " "], "--secret-api-key"),
        (["--allowed-host", "http://shop.test"], "--allowed-host"),
        (["--secret-api-key", "x", "--secret-api-key-file", "-"], "--secret-api-key"),
        (["--webhook-url", "ftp://shop.test/hook"], "--webhook-url"),
        (["--webhook-url", "/relative"], "--webhook-url"),
        (["--settle", "later"], "--settle must be immediate, manual or after:SECONDS"),
        (["--settle", "after:-1"], "--settle"),
    ])
    func refusals(arguments: [String], mentions: String) async {
        let result = await Payform.execute(["sandbox"] + arguments, context: CommandContext(readStandardInput: { Data() }, environment: [:]))
        #expect(result.exitCode == 2)
        #expect(result.stdout.contains("\"usage\""), "\(result.stdout)")
        #expect(result.stderr.contains(mentions), "\(result.stderr)")
    }

    @Test("--help prints the test-card table and the Server API")
    func help() async {
        let help = await Payform.execute(["sandbox", "--help"], context: CommandContext(environment: [:]))
        for text in ["4012001775445550", "4012003360932265", "4012000000003002", "4012000000009009", "any other valid card",
                     "--merchant-id", "--secret-api-key-file", "--allowed-host", "NOT FOR PRODUCTION", "/v1|v2/MERCHANT/payments",
                     "--webhook-url", "--web-dist", "X-GCS-Signature", "4012000000006005", "4012000000007003", "15 minutes",
                     "sandbox-webhook-secret-NOT-FOR-PRODUCTION-00000000", "--settle", "CAPTURE_REQUESTED", "/sandbox/v1/clock/advance",
                     "requiresApproval false"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }
}
