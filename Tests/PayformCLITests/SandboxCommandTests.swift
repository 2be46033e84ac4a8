import Foundation
import Testing
import PaymentFormEngine
import PayformCLI
import PaymentFormTestSupport
import PayformCommands

/// `payform sandbox` options as a user gives them: the printed URL and `--allow-origin`.
@Suite("payform sandbox options", .timeLimit(.minutes(10)))
struct SandboxCommandTests {
    /// A `payform sandbox` running in-process until `stop()`, and its first line.
    final class Running: Sendable {
        private let output = Shared("")
        private let errors = Shared("")
        private let stopped = Shared(false)
        let task: Task<CommandResult, Never>

        init(_ arguments: [String]) async throws {
            let output = output, errors = errors, stopped = stopped
            let context = CommandContext(
                readStandardInput: { Data() }, environment: [:],
                writeStandardOutput: { text in output.withLock { $0 += text }; return true },
                writeStandardError: { text in errors.withLock { $0 += text }; return true },
                waitForTermination: { while !stopped.value { try? await Task.sleep(nanoseconds: 5_000_000) } })
            task = Task { await Payform.execute(["sandbox"] + arguments, context: context) }
        }

        /// The first stdout line's string members (waits up to 5 s).
        func firstLine() async throws -> [String: String] {
            try await firstLineJSON().compactMapValues { $0 as? String }
        }

        /// The first stdout line as a JSON object (waits up to 5 s).
        func firstLineJSON() async throws -> [String: Any] {
            for _ in 0..<1_000 {
                if let line = output.withLock({ output in output.firstIndex(of: "\n").map { String(output[..<$0]) } }) {
                    return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                }
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            throw CancellationError()
        }

        /// The start-up line on stderr (waits up to 5 s).
        func startUpLine() async throws -> String {
            for _ in 0..<1_000 {
                if let line = errors.withLock({ $0.split(separator: "\n").first { $0.contains("stop with Ctrl-C") } }) { return String(line) }
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            throw CancellationError()
        }

        func stop() async -> CommandResult? {
            stopped.set(true)
            return await task.value
        }
    }

    @Test("the printed clientApiUrl is http://127.0.0.1:PORT/client, without a version, and the calls answer below it")
    func printedURL() async throws {
        let sandbox = try await Running([])
        let line = try await sandbox.firstLine()
        let url = try #require(line["clientApiUrl"])
        #expect(url.range(of: #"^http://127\.0\.0\.1:[0-9]+/client$"#, options: .regularExpression) != nil, "\(url)")
        let customer = try #require(line["customerId"]), session = try #require(line["clientSessionId"])
        let answer = try await URLSessionTransport().send(ClientAPIRequest(
            method: "GET", url: try #require(URL(string: "\(url)/v1/\(customer)/crypto/publickey")),
            headers: [HTTPHeaderField("Authorization", "GCS v1Client:\(session)")]))
        #expect(answer.statusCode == 200)
        #expect(await sandbox.stop()?.exitCode == 0)
    }

    @Test("the start-up line says where the hosted checkout page's web form comes from, or what it lacks")
    func startUpLineNamesTheWebForm() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-web-dist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("payform-form.mjs"))
        let partial = try await Running(["--web-dist", folder.path])
        let lacking = try await partial.startUpLine()
        #expect(lacking.contains("hosted checkout pages UNAVAILABLE (\(folder.path) lacks payform-engine.mjs, payform-form-engine.wasm, payform-form.css;"), "\(lacking)")
        #expect(lacking.contains("Scripts/build/build-web.sh builds Web/dist, or give --web-dist DIR"))
        #expect(await partial.stop()?.exitCode == 0)
        for name in ["payform-engine.mjs", "payform-form-engine.wasm", "payform-form.css"] {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        let complete = try await Running(["--web-dist", folder.path])
        #expect(try await complete.startUpLine().contains("; hosted checkout pages from the web form in \(folder.path); stop with Ctrl-C"))
        #expect(await complete.stop()?.exitCode == 0)
    }

    @Test("--allow-origin restricts the pages that may call it; a value that is no origin is a usage error")
    func allowOrigin() async throws {
        let sandbox = try await Running(["--allow-origin", "http://localhost:9000/", "--allow-origin", "http://127.0.0.1:8123"])
        let line = try await sandbox.firstLine()
        let url = try #require(line["clientApiUrl"]), customer = try #require(line["customerId"])
        func preflight(_ origin: String) async throws -> ClientAPIResponse {
            try await URLSessionTransport().send(ClientAPIRequest(
                method: "OPTIONS", url: try #require(URL(string: "\(url)/v1/\(customer)/products")),
                headers: [HTTPHeaderField("Origin", origin), HTTPHeaderField("Access-Control-Request-Method", "GET"),
                          HTTPHeaderField("Access-Control-Request-Headers", "authorization")]))
        }
        for origin in ["http://localhost:9000", "http://127.0.0.1:8123"] {
            let allowed = try await preflight(origin)
            #expect(allowed.statusCode == 204)
            #expect(allowed.header("Access-Control-Allow-Origin") == origin)
        }
        let refused = try await preflight("http://127.0.0.1:9999")
        #expect(refused.statusCode == 204)
        #expect(refused.header("Access-Control-Allow-Origin") == nil)
        #expect(await sandbox.stop()?.exitCode == 0)

        for bad in ["localhost:9000", "http://127.0.0.1:8123/page.html", "*"] {
            let result = await Payform.execute(["sandbox", "--allow-origin", bad], context: CommandContext(environment: [:]))
            #expect(result.exitCode == 2)
            #expect(result.stdout.contains("\"usage\""))
            #expect(result.stdout.contains("--allow-origin"))
        }
    }
}
