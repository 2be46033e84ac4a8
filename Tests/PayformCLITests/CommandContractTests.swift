import Foundation
import Testing
import PaymentFormEngine
@testable import PaymentFormCore
@testable import PaymentFormCards
@testable import PaymentFormValidation
@testable import PayformCLI
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormJSON
import PaymentFormTestSupport
import PayformCommands

/// The contract items a user hit (issue 23): command groups' help, `--version`, one shape for
/// exit-1 answers and one name per error code, a PEM file given to `--public-key`, and
/// `sips request --brand` against the card.
@Suite("payform contract: groups, version, exit-1 shape, PEM keys, Sips brand")
struct CommandContractTests {
    /// Every first word that starts more than one command: the CLI's command groups.
    static let groups: [String] = {
        var names: [String] = []
        for command in Payform.commands where command.name.contains(" ") {
            let first = String(command.name.split(separator: " ")[0])
            if !names.contains(first) { names.append(first) }
        }
        return names
    }()

    @Test("every group's --help lists its commands with one line each on stdout, exit 0")
    func groupHelp() throws {
        #expect(Self.groups == ["fetch", "sips", "saferpay"])
        for group in Self.groups {
            let commands = Payform.commands.filter { $0.name.hasPrefix(group + " ") }
            for arguments in [[group, "--help"], [group, "-h"], ["help", group], ["--help", group]] {
                let result = CLI.run(arguments)
                #expect(result.exitCode == 0, "\(arguments)")
                #expect(result.stderr.isEmpty)
                #expect(result.stdout.hasPrefix("Usage: payform \(group) "), "\(arguments): \(result.stdout)")
                for command in commands {
                    let line = result.stdout.split(separator: "\n").first { $0.hasPrefix("  \(command.name) ") }
                    #expect(line?.hasSuffix(command.summary) == true, "\(arguments): no line for \(command.name)")
                }
            }
        }
    }

    @Test("a group without a command stays a usage error (exit 2) whose message lists its commands")
    func groupAlone() throws {
        for group in Self.groups {
            let names = Payform.commands.filter { $0.name.hasPrefix(group + " ") }.map { String($0.name.dropFirst(group.count + 1)) }
            try CLI.expectUsableError(CLI.run([group]), code: "usage", mentioning: "\(group) needs a command: \(names.joined(separator: ", "))")
            try CLI.expectUsableError(CLI.run([group, "nonsense"]), code: "usage", mentioning: names.joined(separator: ", "))
        }
    }

    @Test("--version and version print the one version constant, exit 0; --help says so")
    func version() {
        for arguments in [["--version"], ["version"]] {
            let result = CLI.run(arguments)
            #expect(result.exitCode == 0)
            #expect(result.stdout == "payform \(EngineVersion.current)\n")
            #expect(result.stderr.isEmpty)
        }
        #expect(ClientMetaInfo.sdkIdentifier == "SwiftPaymentFormEngine/v\(EngineVersion.current)")
        #expect(CLI.run(["--help"]).stdout.contains("payform --version"))
    }

    // MARK: - Exit 1: one shape

    static let initialization = #"{"redirectionData": "RD", "redirectionUrl": "https://office.example/next", "redirectionVersion": "IR_MB_3.0", "publicKeyValue": "PK"}"#
    static let publicKey = Fixtures.demoPublicKeyPath
    static let privateKey = Fixtures.demoPrivateKeyPath
    static let saferpayValues = #"{"HolderName": "Zoë", "CardNumber": "4111 1111 1111 1111", "Expiry": "03/31", "VerificationCode": "123"}"#

    /// Checks the exit-1 shape: `valid` false, then `outcome` when `outcome` is given, then
    /// `errors`, an array of `{"fieldId", "errorId", ..., "message"}`.
    static func expectInvalidShape(_ result: CommandResult, outcome: String?, errorCount: Int? = nil, _ label: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.exitCode == 1, "\(label): \(result.stdout)", sourceLocation: sourceLocation)
        let object = try #require(CLI.json(result).objectValue, "\(label): not an object", sourceLocation: sourceLocation)
        let head = outcome == nil ? ["valid", "errors"] : ["valid", "outcome", "errors"]
        #expect(Array(object.keys.prefix(head.count)) == head, "\(label): \(object.keys)", sourceLocation: sourceLocation)
        #expect(object["valid"] == .bool(false), sourceLocation: sourceLocation)
        #expect(object["outcome"] == outcome.map(JSONValue.string), "\(label)", sourceLocation: sourceLocation)
        #expect(object["fieldErrors"] == nil, "\(label)", sourceLocation: sourceLocation)
        let errors = try #require(object["errors"]?.arrayValue, "\(label): no errors array", sourceLocation: sourceLocation)
        if let errorCount { #expect(errors.count == errorCount, "\(label)", sourceLocation: sourceLocation) }
        for error in errors {
            guard case .object(let members) = error else {
                Issue.record("\(label): an error is not an object", sourceLocation: sourceLocation)
                continue
            }
            #expect(members.keys.first == "fieldId" && members.keys.dropFirst().first == "errorId" && members.keys.last == "message",
                    "\(label): \(members.keys)", sourceLocation: sourceLocation)
            for key in ["fieldId", "errorId", "message"] {
                guard case .string(let text)? = members[key], !text.isEmpty else {
                    Issue.record("\(label): \(key) is not a text", sourceLocation: sourceLocation)
                    continue
                }
            }
        }
        #expect(!result.stdout.contains("4111111111111111") && !result.stdout.contains("4111 1111"), sourceLocation: sourceLocation)
    }

    @Test("validate, prepare, sips request, sips response, sips seal --check answer exit 1 in the validate shape")
    func exitOneShape() throws {
        let invalid = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1112", "expiryDate": "12/30", "cvv": "123"}"#)
        try Self.expectInvalidShape(CLI.run(["validate", "--product", "sample:visa", "--values", invalid, "--now", "2026-11"]),
                                    outcome: nil, errorCount: 1, "validate")
        try Self.expectInvalidShape(
            CLI.run(["prepare", "--product", "sample:visa", "--values", invalid, "--public-key", Self.publicKey, "--client-session-id", "s", "--now", "2026-11"]),
            outcome: nil, errorCount: 1, "prepare")
        let initFile = try CLI.temporaryFile(Self.initialization)
        try Self.expectInvalidShape(
            CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initFile, "--values", "-", "--now", "2026-11"],
                    stdin: #"{"cardNumber": "4111 1111 1111 1112", "cardExpiryDate": "12/30"}"#),
            outcome: nil, errorCount: 1, "sips request")
        try Self.expectInvalidShape(
            CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-"], stdin: #"{"inAppResponseCode": "12", "errorFieldName": "cardCSCValue"}"#),
            outcome: "failed", errorCount: 1, "sips response")
        let key = try CLI.temporaryFile("002001000000001_KEY1\n", name: UUID().uuidString + ".key")
        let sealed = try CLI.temporaryFile(#"{"a": "1", "seal": "00"}"#)
        try Self.expectInvalidShape(CLI.run(["sips", "seal", "--secret-key-file", key, "--json", sealed, "--check"]),
                                    outcome: nil, errorCount: 0, "sips seal --check")
        // Exit 0 of the same commands: the same members, valid true.
        let success = CLI.run(["sips", "response", "--operation", "cardOrder", "--response", "-"], stdin: #"{"inAppResponseCode": "00"}"#)
        #expect(success.exitCode == 0)
        #expect(try CLI.json(success)["valid"] == .bool(true))
        #expect(try CLI.json(success)["errors"] == [])
    }

    @Test("saferpay post: invalid values, and Saferpay's error answer over loopback, in the same shape with their outcome")
    func saferpayExitOneShape() async throws {
        let server = try LoopbackHTTPServer { _ in
            .answer(status: 402, headers: [("Content-Type", "application/json")],
                    body: Array(#"{"ErrorName": "VALIDATION_FAILED", "Behavior": "RETRY", "ErrorDetail": ["CardNumber", "ExpYear"]}"#.utf8))
        }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/saferpay/cardpost/t"
        let values = try CLI.temporaryFile(Self.saferpayValues)
        let answered = await CLI.execute(["saferpay", "post", "--redirect-url", url, "--values", values, "--timeout", "10"])
        try Self.expectInvalidShape(answered, outcome: "error", errorCount: 2, "saferpay post (answer)")
        let json = try CLI.json(answered)
        #expect(json["errors"] == [
            ["fieldId": "CardNumber", "errorId": "rejected", "message": json["errors"]?.element(0)?["message"] ?? .null],
            ["fieldId": "Expiry", "errorId": "rejected", "message": json["errors"]?.element(1)?["message"] ?? .null],
        ])
        #expect(json["errorName"] == "VALIDATION_FAILED")
        #expect(json["category"] == "RETRY")

        let invalid = try CLI.temporaryFile(#"{"HolderName": "Zoë", "CardNumber": "4111 1111 1111 1112", "Expiry": "03/31", "VerificationCode": "123"}"#)
        try Self.expectInvalidShape(await CLI.execute(["saferpay", "post", "--redirect-url", url, "--values", invalid, "--now", "2026-11"]),
                                    outcome: "invalid", errorCount: 1, "saferpay post (invalid values)")
    }

    @Test("a network failure is network_error in saferpay post and fetch alike")
    func networkErrorCode() async throws {
        // Port 1 on loopback, where nothing listens: the connection is refused. (A port a test
        // server just left may still accept for a moment, or be taken by a parallel test.)
        let port = 1
        let values = try CLI.temporaryFile(Self.saferpayValues)
        let post = await CLI.execute(["saferpay", "post", "--redirect-url", "http://127.0.0.1:\(port)/cardpost", "--values", values, "--timeout", "10"])
        try CLI.expectUsableError(post, code: "network_error", mentioning: "Saferpay")
        let fetch = await CLI.execute(["fetch", "public-key", "--client-api-url", "http://127.0.0.1:\(port)/client", "--customer-id", "c",
                                       "--client-session-id", "s", "--timeout", "10"])
        try CLI.expectUsableError(fetch, code: "network_error", mentioning: "could not connect")
    }

    // MARK: - --public-key with a PEM file

    /// The demo key's public half as PEM (SubjectPublicKeyInfo), from its Client API answer.
    static func publicKeyPEM() throws -> (pem: String, base64: String) {
        let answer = try JSONParser().parse(Array(try Data(contentsOf: URL(fileURLWithPath: publicKey))))
        guard case .string(let base64)? = answer["publicKey"] else { throw CocoaError(.fileReadCorruptFile) }
        var lines: [String] = []
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(64)))
            rest = rest.dropFirst(64)
        }
        return ("-----BEGIN PUBLIC KEY-----\n" + lines.joined(separator: "\n") + "\n-----END PUBLIC KEY-----\n", base64)
    }

    @Test("prepare and form: a PEM public key says which file is expected (or --key-id), never its contents; with --key-id it is used")
    func pemPublicKey() throws {
        let (pem, base64) = try Self.publicKeyPEM()
        let pemFile = try CLI.temporaryFile(pem, name: UUID().uuidString + ".pem")
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}"#)
        let prepare = ["prepare", "--product", "sample:visa", "--values", values, "--client-session-id", "s", "--now", "2026-11"]
        let refused = CLI.run(prepare + ["--public-key", pemFile])
        try CLI.expectUsableError(refused, code: "invalid_public_key", mentioning: "the file is a PEM public key")
        for text in ["--key-id", "payform fetch public-key", #"{\"keyId\": ..., \"publicKey\": ...}"#] {
            #expect(refused.stdout.contains(text), "\(text)")
        }
        let form = CLI.run(["form", "--product", "sample:visa", "--public-key", pemFile, "--client-session-id", "s"])
        try CLI.expectUsableError(form, code: "invalid_public_key", mentioning: "--key-id")
        let privateKey = CLI.run(prepare + ["--public-key", Self.privateKey])
        try CLI.expectUsableError(privateKey, code: "invalid_public_key", mentioning: "PEM private key")
        let privateText = try String(contentsOfFile: Self.privateKey, encoding: .utf8)
        for result in [refused, form, privateKey] {
            let output = result.stdout + result.stderr
            #expect(!output.contains(String(base64.prefix(40))) && !output.contains(String(base64.suffix(40))))
            for line in privateText.split(separator: "\n") where !line.hasPrefix("-----") {
                #expect(!output.contains(line))
            }
        }

        let prepared = CLI.run(prepare + ["--public-key", pemFile, "--key-id", "pem-key-1"])
        #expect(prepared.exitCode == 0, "\(prepared.stdout)")
        let token = try #require(CLI.json(prepared)["encryptedFields"]?.stringValue, "no token")
        let decrypted = CLI.run(["decrypt", "--private-key", Self.privateKey, "--token", token])
        #expect(decrypted.exitCode == 0)
        let header = try #require(token.split(separator: ".").first)
        var padded = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while padded.count % 4 != 0 { padded += "=" }
        let headerJSON = try JSONParser().parse(Array(try #require(Data(base64Encoded: padded))))
        #expect(headerJSON["kid"] == "pem-key-1")
        // --key-id is for PEM files only: the Client API's answer names its own key.
        try CLI.expectUsableError(CLI.run(prepare + ["--public-key", Self.publicKey, "--key-id", "x"]), code: "usage", mentioning: "--key-id")
    }

    // MARK: - sips request --brand

    @Test("sips request --brand refuses a brand the card is not (exit 2, naming --brand, not the number); CB on a Visa is fine", arguments: [
        ("4970 1000 0000 0006", "MASTERCARD", false), ("4970 1000 0000 0006", "CB", true), ("4970 1000 0000 0006", "cartes-bancaires", true),
        ("4970 1000 0000 0006", "VISA", true), ("5555 5555 5555 4444", "VISA", false), ("5555 5555 5555 4444", "CB", true),
    ])
    func sipsBrand(number: String, brand: String, accepted: Bool) throws {
        let initFile = try CLI.temporaryFile(Self.initialization)
        let result = CLI.run(["sips", "request", "--operation", "cardOrder", "--init", initFile, "--values", "-", "--brand", brand, "--now", "2026-11"],
                             stdin: #"{"cardNumber": "\#(number)", "cardExpiryDate": "01/28", "cardCSCValue": "123"}"#)
        if accepted {
            #expect(result.exitCode == 0, "\(result.stdout)")
            return
        }
        try CLI.expectUsableError(result, code: "invalid_value", mentioning: "--brand: '\(brand)' is not a brand the card number can carry")
        let digits = number.filter(\.isNumber)
        #expect(!result.stdout.contains(String(digits.prefix(6))) && !result.stderr.contains(String(digits.prefix(6))))
    }
}

extension JSONValue {
    /// The element at `index` of an array, or `nil`.
    fileprivate func element(_ index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
