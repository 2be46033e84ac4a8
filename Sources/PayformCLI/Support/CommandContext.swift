import PaymentFormCore
import Foundation
import PaymentFormJSON
import PaymentFormEngine

/// What a command may read from its surroundings: files, standard input and the environment.
/// Injected so tests run commands in-process with fixed inputs.
package struct CommandContext: Sendable {
    /// Reads standard input: all of it, or at least ``maximumInputBytes`` + 1 bytes when it is
    /// longer (the rest is not needed to refuse it).
    package var readStandardInput: @Sendable () -> Data
    /// The process environment (for the default locale).
    package var environment: [String: String]
    /// Whether standard output is a terminal (colour is used only then).
    package var isTerminal: Bool
    /// Writes to standard output at once, for long-running commands (`sandbox` prints its URLs
    /// as soon as it listens); other commands return their output in the result.
    package var writeStandardOutput: @Sendable (String) -> Void
    /// Writes to standard error at once (the sandbox's request log).
    package var writeStandardError: @Sendable (String) -> Void
    /// Returns when a long-running command should stop: by default on SIGINT or SIGTERM.
    package var waitForTermination: @Sendable () async -> Void

    /// A context; by default the real process's.
    package init(
        readStandardInput: @escaping @Sendable () -> Data = { CommandContext.readBoundedStandardInput() },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = false,
        writeStandardOutput: @escaping @Sendable (String) -> Void = { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeStandardError: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        waitForTermination: @escaping @Sendable () async -> Void = { await TerminationSignals.wait() }
    ) {
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.isTerminal = isTerminal
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.waitForTermination = waitForTermination
    }

    /// The largest file or standard input a command reads: the JSON parser's document limit, so
    /// a huge input is refused before it is read into memory.
    package static let maximumInputBytes = JSONParser.Limits.standard.maximumBytes

    /// The bytes of FILE, or of standard input for `-`; at most ``maximumInputBytes``.
    func read(_ path: String, for flag: String) throws(CLIError) -> Data {
        let tooLarge = CLIError(
            code: "input_too_large", message: "\(flag) \(path): larger than \(Self.maximumInputBytes) bytes")
        if path == "-" {
            let data = readStandardInput()
            guard data.count <= Self.maximumInputBytes else { throw tooLarge }
            return data
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): no such file")
        }
        // Read through a handle, in bounded chunks: works for pipes and process substitution
        // (`<(...)`, /dev/fd/N) too, and a huge or growing file stops at the limit.
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): cannot read the file")
        }
        defer { try? handle.close() }
        let data = Self.readBounded(handle)
        guard data.count <= Self.maximumInputBytes else { throw tooLarge }
        return data
    }

    /// Up to ``maximumInputBytes`` + 1 bytes of `handle` (enough to refuse a longer input).
    static func readBounded(_ handle: FileHandle) -> Data {
        var data = Data()
        while data.count <= maximumInputBytes {
            // `readData(ofLength:)` rather than `read(upToCount:)`: the latter needs macOS 10.15.4.
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }

    /// Standard input up to ``maximumInputBytes`` + 1 bytes (the default `readStandardInput`).
    package static func readBoundedStandardInput() -> Data {
        readBounded(FileHandle.standardInput)
    }
}
