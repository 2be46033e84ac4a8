import PaymentFormConcurrency
import PaymentFormEngine
import Foundation
import PaymentFormJSON

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
    /// as soon as it listens); other commands return their output in the result. `false` when
    /// the output is closed (the reader went away).
    package var writeStandardOutput: @Sendable (String) -> Bool
    /// Writes to standard error at once (the sandbox's request log); `false` when it is closed.
    package var writeStandardError: @Sendable (String) -> Bool
    /// Makes the termination ``waitForTermination`` waits for catchable from now on: called by a
    /// long-running command before it says it is ready, so an early signal is not lost (by
    /// default installs the SIGINT and SIGTERM handlers; nothing when a test supplies its own wait).
    package var watchForTermination: @Sendable () -> Void
    /// Returns when a long-running command should stop: by default on SIGINT or SIGTERM.
    package var waitForTermination: @Sendable () async -> Void
    /// Reads the next part of standard input for the line-by-line commands (`form`,
    /// `validate --batch`), blocking until some is available; empty at the end of input.
    package var readStandardInputChunk: @Sendable () -> Data
    /// Where the line-by-line commands write each answer as soon as it is ready (a driver may
    /// wait for an answer before it writes the next event); `nil` collects the answers into the
    /// command's result instead (tests). `false` when the output is closed: the command stops
    /// reading and exits 2 without a message.
    package var writeAnswerLines: (@Sendable (String) -> Bool)?

    /// A context; by default the real process's, with output collected into the result.
    ///
    /// - Parameters:
    ///   - waitForTermination: when to stop a long-running command; by default SIGINT or SIGTERM
    ///     (whose handlers ``watchForTermination`` then installs).
    ///   - readStandardInputChunk: the line-by-line commands' reader; by default
    ///     `readStandardInput` read once.
    package init(
        readStandardInput: @escaping @Sendable () -> Data = { CommandContext.readBoundedStandardInput() },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = false,
        writeStandardOutput: @escaping @Sendable (String) -> Bool = { StandardStream.output.write($0) },
        writeStandardError: @escaping @Sendable (String) -> Bool = { StandardStream.error.write($0) },
        waitForTermination: (@Sendable () async -> Void)? = nil,
        readStandardInputChunk: (@Sendable () -> Data)? = nil,
        writeAnswerLines: (@Sendable (String) -> Bool)? = nil
    ) {
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.isTerminal = isTerminal
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        if let waitForTermination {
            self.watchForTermination = {}
            self.waitForTermination = waitForTermination
        } else {
            self.watchForTermination = { TerminationSignals.install() }
            self.waitForTermination = { await TerminationSignals.wait() }
        }
        self.readStandardInputChunk = readStandardInputChunk ?? OneShotInput(readStandardInput).next
        self.writeAnswerLines = writeAnswerLines
    }

    /// The real process's context: standard input read as it arrives, each answer of the
    /// line-by-line commands written at once.
    package static func process(isTerminal: Bool) -> CommandContext {
        CommandContext(
            isTerminal: isTerminal,
            // What has arrived, as it arrives (a driver waits for each answer before it writes
            // the next line); a read error (stdin closed, a folder given as stdin) ends the input.
            readStandardInputChunk: { StandardInput.readAvailable() },
            writeAnswerLines: { StandardStream.output.write($0) })
    }

    /// The largest file or standard input a command reads: the JSON parser's document limit, so
    /// a huge input is refused before it is read into memory.
    package static let maximumInputBytes = JSONParser.Limits.standard.maximumBytes

    /// The bytes of FILE, or of standard input for `-`; at most ``maximumInputBytes``.
    func read(_ path: String, for flag: String) throws(CLIError) -> Data {
        let tooLarge = CLIError(
            code: "input_too_large", message: "\(flag) \(path): the file is larger than \(Self.maximumInputBytes) bytes")
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
        guard let data = Self.readBounded(handle) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): cannot read the file")
        }
        guard data.count <= Self.maximumInputBytes else { throw tooLarge }
        return data
    }

    /// Up to ``maximumInputBytes`` + 1 bytes of `handle` (enough to refuse a longer input), or
    /// `nil` when reading fails. The throwing read: Foundation's non-throwing ones trap on a read
    /// error.
    static func readBounded(_ handle: FileHandle) -> Data? {
        var data = Data()
        while data.count <= maximumInputBytes {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: min(1 << 16, maximumInputBytes + 1 - data.count))
            } catch {
                return nil
            }
            guard let chunk, !chunk.isEmpty else { break }   // nil or empty: the end
            data.append(chunk)
        }
        return data
    }

    /// Standard input up to ``maximumInputBytes`` + 1 bytes (the default `readStandardInput`);
    /// what was read before a read error (a closed standard input reads as empty).
    package static func readBoundedStandardInput() -> Data {
        readBounded(FileHandle.standardInput) ?? Data()
    }
}

/// Hands out the data of a whole-input reader once, then the end of input.
private final class OneShotInput: Sendable {
    private let read: @Sendable () -> Data
    /// Whether the data was handed out.
    private let done = LockedValue(false)

    init(_ read: @escaping @Sendable () -> Data) {
        self.read = read
    }

    /// The whole input the first time (read with the lock held, so a second caller waits for
    /// it and then gets the end of input), empty after.
    @Sendable func next() -> Data {
        done.withLock { done in
            if done { return Data() }
            done = true
            return read()
        }
    }
}
