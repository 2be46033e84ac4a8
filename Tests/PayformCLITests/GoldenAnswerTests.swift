import Foundation
import Testing
import PaymentFormEngineTesting
import PaymentFormEncryption
import PaymentFormJSON
import PaymentFormTestSupport
import PayformCommands

/// The command-line contract pinned as text: each file of Tests/Golden/cli holds one `payform`
/// command line (`arguments`, `stdin` or `stdinLines`) and the answer it gets (`exitCode`,
/// `stdout`, `stderr`), so a change of contract shows as a diff of that file in review.
///
/// To add a case, write a file with `about`, `arguments` and `stdin` (or `stdinLines`: one JSON
/// event or text per line), then regenerate the answers:
///
///     PAYFORM_UPDATE_GOLDEN=1 swift test --filter GoldenAnswerTests
///
/// Answers are written by the native tool only; under `PAYFORM_CLI_UNDER_TEST` (the WebAssembly
/// engine through Web/bin/payform-wasm, in CI) the same files must hold. `prepare`'s token is
/// random: it is pinned by its shape (the header, each part's size, the decrypted payload with
/// every value replaced by its length), and the client meta info's platform by a placeholder.
/// No answer may hold a card number.
@Suite("Golden answers of payform's commands")
struct GoldenAnswerTests {
    static let folder = "Tests/Golden/cli"
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: PackageFiles.url(folder).path)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()
    /// Members a golden file's author writes; the others are the answer, regenerated.
    static let inputMembers: Set<String> = ["about", "arguments", "stdin", "stdinLines"]
    static var updating: Bool {
        ProcessInfo.processInfo.environment["PAYFORM_UPDATE_GOLDEN"] == "1" && CLI.programUnderTest == nil
    }

    @Test("the answer is the golden file's", arguments: names)
    func answerIsGolden(name: String) throws {
        let path = Self.folder + "/" + name
        let text = try PackageFiles.text(path)
        let golden = try JSONParser().parse(Array(text.utf8))
        let listed = try #require(golden["arguments"]?.arrayValue, "\(name): no arguments")
        let arguments = listed.compactMap { $0.stringValue }
        #expect(arguments.count == listed.count, "\(name): every argument is a string")
        let stdin = try Self.standardInput(golden, name: name)
        let result = CLI.run(arguments, stdin: stdin)

        var rewritten = JSONObject()
        for member in try #require(golden.objectValue, "\(name) is not an object") where Self.inputMembers.contains(member.key) {
            rewritten.append(member.key, member.value)
        }
        rewritten.append("exitCode", .integer(Int(result.exitCode)))
        let (key, stdout) = try Self.answer(result.stdout, command: arguments.first ?? "")
        rewritten.append(key, stdout)
        rewritten.append("stderr", .string(result.stderr))
        let expected = JSONWriter(prettyPrinted: true).string(from: .object(rewritten)) + "\n"

        let answer = JSONWriter().string(from: stdout) + result.stderr
        #expect(Self.longestDigitRun(answer) < 12, "\(name): the answer holds what looks like a card number")
        if Self.updating {
            try Data(expected.utf8).write(to: PackageFiles.url(path))
            #expect(try PackageFiles.text(path) == expected)
            return
        }
        #expect(text == expected, """
            \(path) differs from what payform answers now (first difference at line \(Self.firstDifference(text, expected))); \
            if the change is meant, regenerate with PAYFORM_UPDATE_GOLDEN=1 swift test --filter GoldenAnswerTests \
            and review the diff.
            """)
    }

    @Test("every portable command and --version has a golden answer")
    func everyCommandIsPinned() throws {
        var pinned: Set<String> = []
        for name in Self.names {
            let golden = try JSONParser().parse(Array(try PackageFiles.text(Self.folder + "/" + name).utf8))
            if let command = golden["arguments"]?.arrayValue?.first?.stringValue { pinned.insert(command) }
        }
        let wanted = Set(PortableCommands.specs.map(\.name)).union(["--version"])
        #expect(wanted.subtracting(pinned).isEmpty, "no golden answer for \(wanted.subtracting(pinned).sorted())")
    }

    // MARK: -

    /// What the case sends on standard input: `stdin`, or `stdinLines` (a JSON value written
    /// compactly, a string as is) one per line.
    static func standardInput(_ golden: JSONValue, name: String) throws -> String {
        if let lines = golden["stdinLines"]?.arrayValue {
            return lines.map { line in line.stringValue ?? JSONWriter().string(from: line) }.map { $0 + "\n" }.joined()
        }
        return golden["stdin"]?.stringValue ?? ""
    }

    /// The answer as a golden file keeps it: `stdout` for one JSON document, `stdoutLines` for
    /// one JSON value per line, `stdoutText` (the lines) for text.
    static func answer(_ stdout: String, command: String) throws -> (String, JSONValue) {
        if let value = try? JSONParser().parse(Array(stdout.utf8)) {
            return ("stdout", command == "prepare" ? try preparedShape(value) : value)
        }
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let body = lines.last == "" ? Array(lines.dropLast()) : lines
        let values = body.map { try? JSONParser().parse(Array($0.utf8)) }
        if !body.isEmpty, values.allSatisfy({ $0 != nil }) {
            return ("stdoutLines", .array(values.compactMap { $0 }))
        }
        return ("stdoutText", .array(lines.map { .string($0) }))
    }

    /// A prepared request without what changes from run to run: the token's header, its parts'
    /// sizes and its payload with every value replaced by its length; the client meta info with
    /// the platform's name replaced.
    static func preparedShape(_ prepared: JSONValue) throws -> JSONValue {
        var shaped = JSONObject()
        for (key, value) in try #require(prepared.objectValue) {
            switch key {
            case "encryptedFields": shaped.append(key, try tokenShape(try #require(value.stringValue)))
            case "encodedClientMetaInfo":
                let bytes = try Base64.decode(try #require(value.stringValue))
                var info = JSONObject()
                for (name, member) in try #require(try JSONParser().parse(bytes).objectValue) {
                    info.append(name, name == "platformIdentifier" ? "<the platform>" : member)
                }
                shaped.append(key, ["base64 of": .object(info)])
            default: shaped.append(key, value)
            }
        }
        return .object(shaped)
    }

    static func tokenShape(_ token: String) throws -> JSONValue {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 5, "a JWE compact token has five parts, not \(parts.count)")
        guard parts.count == 5 else { return .string("<not a JWE compact token: \(parts.count) parts>") }
        let header = try JSONParser().parse(try Base64URL.decode(parts[0]))
        let sizes = try parts.dropFirst().map { try Base64URL.decode($0).count }
        let key = try DecryptionKey(pemRepresentation: Fixtures.demoPrivateKeyPEM())
        let payload = try DecryptedPayload(token: token, key: key).json
        return [
            "protected header": header,
            "encrypted key bytes": .integer(sizes[0]), "initialization vector bytes": .integer(sizes[1]),
            "ciphertext bytes": .integer(sizes[2]), "tag bytes": .integer(sizes[3]),
            "payload, values replaced by their length": valueShape(payload, keeping: ["clientSessionId", "key"]),
        ]
    }

    /// `value` with every string replaced by its length, but the members named in `keeping`.
    static func valueShape(_ value: JSONValue, keeping: Set<String>) -> JSONValue {
        switch value {
        case .string(let text): return .string("<\(text.count) characters>")
        case .array(let elements): return .array(elements.map { valueShape($0, keeping: keeping) })
        case .object(let object):
            var shaped = JSONObject()
            for (key, member) in object {
                shaped.append(key, keeping.contains(key) ? member : valueShape(member, keeping: keeping))
            }
            return .object(shaped)
        default: return value
        }
    }

    static func longestDigitRun(_ text: String) -> Int {
        var longest = 0, run = 0
        for character in text where character != " " {
            run = character.isASCII && character.isNumber ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    static func firstDifference(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false), right = b.split(separator: "\n", omittingEmptySubsequences: false)
        return (zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(left.count, right.count)) + 1
    }
}
