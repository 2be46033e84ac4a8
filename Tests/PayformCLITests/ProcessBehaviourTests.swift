import Foundation
import Testing
@testable import PayformCLI
import PaymentFormTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The built `payform` binary as a process: closed pipes, signals. What only a real process shows
/// (EPIPE from `write(2)`, signal timing) is tested by running it.
@Suite("payform as a process", .timeLimit(.minutes(10)))
struct ProcessBehaviourTests {

    /// A token of the demo key, prepared in-process.
    static func token() throws -> String {
        let values = try CLI.temporaryFile(#"{"cardNumber": "4111 1111 1111 1111", "expiryDate": "12/30", "cvv": "123"}"#)
        let prepared = CLI.run(["prepare", "--product", "sample:visa", "--values", values, "--now", "2026-06", "--client-session-id", "s",
                                "--public-key", Fixtures.demoPublicKeyPath])
        guard case .string(let token)? = try CLI.json(prepared)["encryptedFields"] else { throw PayformProcess.Failure("no token") }
        return token
    }

    @Test("stdout closed before the answer: exit 2, quietly, no crash", arguments: ["decrypt", "validate --batch", "form", "validate", "sandbox"])
    func closedStandardOutput(command: String) throws {
        let binary = try PayformProcess.binary()
        var input = ""
        let arguments: [String]
        switch command {
        case "decrypt":
            arguments = ["decrypt", "--private-key", Fixtures.demoPrivateKeyPath,
                         "--token-file", try CLI.temporaryFile(try Self.token())]
        case "validate --batch":
            arguments = ["validate", "--batch", "--product", "sample:visa", "--now", "2026-06"]
            input = String(repeating: #"{"values":{"cvv":"123"}}"# + "\n", count: 2_000)
        case "form":
            arguments = ["form", "--product", "sample:visa"]
            input = String(repeating: #"{"event":"set","field":"cvv","value":"12"}"# + "\n", count: 2_000)
        case "sandbox":
            // Nobody can learn where it listens: it stops at once.
            arguments = ["sandbox"]
        default:
            arguments = ["validate", "--product", "sample:visa", "--value", "cvv=12"]
        }
        let run = try PayformProcess(binary, arguments, stdin: input, stdout: .closed, stderr: .captured)
        let exited = run.wait(seconds: 20)
        #expect(exited, "still running")
        #expect(run.process.terminationReason == .exit, "ended by signal \(run.process.terminationStatus)")
        #expect(run.process.terminationStatus == 2)
        #expect(run.capturedError.isEmpty, "quiet: \(run.capturedError.prefix(300))")
    }

    @Test("standard input that cannot be read (a folder): an error or the end of input, never a trap", arguments: [
        (["validate", "--product", "-", "--value", "cvv=12"], Int32(2)),
        (["form", "--product", "sample:visa"], Int32(0)),
        (["validate", "--batch", "--product", "sample:visa"], Int32(0)),
    ])
    func unreadableStandardInput(arguments: [String], status: Int32) throws {
        let process = Process()
        process.executableURL = try PayformProcess.binary()
        process.arguments = arguments
        // Opening a folder for reading works; reading it fails (EISDIR), which Foundation's
        // non-throwing reads turn into a trap.
        process.standardInput = FileHandle(forReadingAtPath: NSTemporaryDirectory())
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == status)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(!stderr.contains("Fatal error"), "\(stderr.prefix(300))")
    }

    @Test("stderr closed: a command with warnings exits 2 quietly instead of crashing")
    func closedStandardError() throws {
        let binary = try PayformProcess.binary()
        let product = try CLI.temporaryFile(#"{"id": 1, "paymentMethod": "card", "displayHints": {}, "fields": [{"id": "f", "type": "text", "dataRestrictions": {"validators": {"unheardOf": {}}}, "displayHints": {"formElement": {"type": "text"}}}]}"#)
        let run = try PayformProcess(binary, ["validate", "--product", product, "--value", "f=a"], stdout: .captured, stderr: .closed)
        #expect(run.wait(seconds: 20))
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 2)
        #expect(run.capturedOutput.contains("\"valid\""), "the answer was written before")
    }

    @Test("a sandbox whose stderr reader went away drops its log lines and keeps serving; SIGTERM then exits 0")
    func sandboxWithoutStandardError() throws {
        let binary = try PayformProcess.binary()
        let run = try PayformProcess(binary, ["sandbox", "--client-session-id", "s1", "--customer-id", "c1"], stdout: .pipe, stderr: .closed)
        defer { run.killIfRunning() }
        let line = try #require(run.readLine(seconds: 10), "no session line")
        let port = try #require(Int(line.split(separator: ":")[3].prefix { $0.isNumber }), "\(line)")
        for index in 0..<5 {
            let connection = try RawConnection(port: port, receiveTimeout: 10)
            connection.send("GET /client/v1/c1/products?countryCode=NL&currencyCode=EUR HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: GCS v1Client:s1\r\nConnection: close\r\n\r\n")
            let answer = connection.readToEnd()
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "request \(index): \(answer.prefix(40))")
        }
        #expect(run.process.isRunning)
        kill(run.process.processIdentifier, SIGTERM)
        #expect(run.wait(seconds: 10))
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 0)
    }

    @Test("SIGTERM at any moment after the session line: the sandbox exits 0, every time")
    func terminationRace() throws {
        let binary = try PayformProcess.binary()
        var generator = SystemRandomNumberGenerator()
        var outcomes: [String] = []
        let runs = 40
        let started = Date()
        for index in 0..<runs {
            let run = try PayformProcess(binary, ["sandbox"], stdout: .pipe, stderr: .discarded)
            guard run.readLine(seconds: 10) != nil else {
                run.killIfRunning()
                outcomes.append("run \(index): no session line")
                continue
            }
            // A quarter at once, the rest after up to 20 ms (while it prints its notice, sets up).
            if index % 4 != 0 { Thread.sleep(forTimeInterval: Double.random(in: 0...0.02, using: &generator)) }
            kill(run.process.processIdentifier, SIGTERM)
            if !run.wait(seconds: 5) {
                run.killIfRunning()
                outcomes.append("run \(index): still running 5 s after SIGTERM")
            } else if run.process.terminationReason != .exit || run.process.terminationStatus != 0 {
                outcomes.append("run \(index): \(run.process.terminationReason == .exit ? "exit" : "signal") \(run.process.terminationStatus)")
            }
        }
        #expect(outcomes.isEmpty, "\(outcomes.count) of \(runs) runs: \(outcomes.prefix(5))")
        #expect(Date().timeIntervalSince(started) < 30)
    }
    @Test("a driver that waits for each answer before it writes the next line gets it at once", arguments: [
        (["form", "--product", "sample:visa"], [#"{"event":"set","field":"cvv","value":"12"}"#, #"{"event":"set","field":"cvv","value":"123"}"#, #"{"event":"submit"}"#]),
        (["validate", "--batch", "--product", "sample:visa", "--now", "2026-06"], [#"{"values":{"cvv":"12"}}"#, #"{"values":{"cvv":"123"}}"#]),
    ])
    func answersEachLineAsItArrives(arguments: [String], lines: [String]) throws {
        let binary = try PayformProcess.binary()
        let run = try PayformProcess(binary, arguments, interactiveInput: true, stdout: .pipe, stderr: .discarded)
        defer { run.killIfRunning() }
        for (index, line) in lines.enumerated() {
            try run.writeInput(line + "\n")
            // The input stays open: the answer must come while the process waits for more.
            let answer = try #require(run.readLine(seconds: 15), "no answer to line \(index + 1) while stdin stays open")
            #expect(answer.hasPrefix("{"), "line \(index + 1): \(answer.prefix(80))")
            #expect(run.process.isRunning, "the process must still wait for input")
        }
        run.closeInput()
        #expect(run.wait(seconds: 15), "still running after the end of input")
        #expect(run.process.terminationStatus == 0)
    }
}

/// The `payform` executable run as a child process, with its streams as a test needs them.
final class PayformProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What a stream of the child is.
    enum Stream {
        /// A pipe whose reading end is closed before the child starts: every write fails (EPIPE).
        case closed
        /// Collected, read after the child ended.
        case captured
        /// A pipe the test reads while the child runs (``readLine(seconds:)``).
        case pipe
        /// /dev/null.
        case discarded
    }

    let process = Process()
    /// The writing end of the child's stdin when it is interactive (``writeInput(_:)``).
    private var inputPipe: Pipe?
    private var outputPipe: Pipe?
    private var errorPipe: Pipe?
    private var lineBuffer: [UInt8] = []

    /// The binary built next to the tests (`swift build` builds it with the test bundle).
    static func binary() throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent("payform")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        let fallback = PackageFiles.url(".build/debug/payform")
        guard FileManager.default.isExecutableFile(atPath: fallback.path) else {
            throw Failure("the payform executable was not found next to the test bundle (run swift build first)")
        }
        return fallback
    }

    /// A child whose stdin is `stdin` (a file), or with `interactiveInput` a pipe the test writes
    /// to as it goes (``writeInput(_:)``, ``closeInput()``).
    init(_ binary: URL, _ arguments: [String], stdin: String = "", interactiveInput: Bool = false, stdout: Stream, stderr: Stream) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["LANG": "en_US.UTF-8", "PATH": "/usr/bin:/bin"]
        if interactiveInput {
            let pipe = Pipe()
            inputPipe = pipe
            process.standardInput = pipe
        } else {
            let input = try CLI.temporaryFile(stdin, name: UUID().uuidString + ".txt")
            process.standardInput = FileHandle(forReadingAtPath: input)
        }
        var closedEnds: [FileHandle] = []
        func attach(_ stream: Stream) -> (Any?, Pipe?) {
            switch stream {
            case .closed:
                var descriptors: [Int32] = [-1, -1]
                guard pipe(&descriptors) == 0 else { return (nil, nil) }
                close(descriptors[0])
                let handle = FileHandle(fileDescriptor: descriptors[1], closeOnDealloc: true)
                closedEnds.append(handle)
                return (handle, nil)
            case .captured, .pipe:
                let pipe = Pipe()
                return (pipe, pipe)
            case .discarded:
                return (FileHandle.nullDevice, nil)
            }
        }
        let (output, outputPipe) = attach(stdout)
        let (error, errorPipe) = attach(stderr)
        process.standardOutput = output
        process.standardError = error
        self.outputPipe = outputPipe
        self.errorPipe = errorPipe
        try process.run()
        // The child has its copies; ours would keep nothing open.
        for handle in closedEnds { try? handle.close() }
        try? outputPipe?.fileHandleForWriting.close()
        try? errorPipe?.fileHandleForWriting.close()
        try? inputPipe?.fileHandleForReading.close()
    }

    /// Writes `text` to the child's interactive stdin.
    func writeInput(_ text: String) throws {
        let handle = try #require(inputPipe?.fileHandleForWriting, "stdin is not interactive")
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Closes the child's interactive stdin: the end of its input.
    func closeInput() {
        try? inputPipe?.fileHandleForWriting.close()
    }

    /// Waits for the child to end; `false` when it still runs after `seconds`.
    func wait(seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while process.isRunning {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    /// Ends the child with SIGKILL if it still runs (a test that failed must not leave it behind).
    func killIfRunning() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            _ = wait(seconds: 5)
        }
    }

    /// The next line of the child's stdout (a ``Stream/pipe``), or `nil` after `seconds`.
    func readLine(seconds: Double) -> String? {
        guard let descriptor = outputPipe?.fileHandleForReading.fileDescriptor else { return nil }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            if let newline = lineBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: lineBuffer[..<newline], as: UTF8.self)
                lineBuffer.removeFirst(newline + 1)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return nil }
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            lineBuffer += chunk[0..<count]
        }
    }

    /// All of the child's stdout (a ``Stream/captured``), once it ended.
    var capturedOutput: String {
        String(decoding: outputPipe?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }

    /// All of the child's stderr (a ``Stream/captured``), once it ended.
    var capturedError: String {
        String(decoding: errorPipe?.fileHandleForReading.readDataToEndOfFile() ?? Data(), as: UTF8.self)
    }
}
