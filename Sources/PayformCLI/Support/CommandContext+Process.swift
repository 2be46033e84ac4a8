import Foundation
import PaymentFormEngine
import PayformCommands
import PaymentFormSandbox
import PaymentFormSandboxClientAPI

extension CommandContext {
    /// A context; by default the real process's, with output collected into the result. Tests
    /// give fixed standard input, environment and writers.
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
        var watch: @Sendable () -> Void = {}
        var wait: @Sendable () async -> Void = { await TerminationSignals.wait() }
        if let waitForTermination {
            wait = waitForTermination
        } else {
            watch = { TerminationSignals.install() }
        }
        var chunk: (@Sendable () -> [UInt8])?
        if let readStandardInputChunk { chunk = { @Sendable in Array(readStandardInputChunk()) } }
        let input: @Sendable () -> [UInt8] = { @Sendable in Array(readStandardInput()) }
        let exists: @Sendable (String) -> Bool = { @Sendable path in FileManager.default.fileExists(atPath: path) }
        let read: @Sendable (String) -> FileRead = { @Sendable path in Self.readFile(path) }
        let samples = SampleProducts(names: SampleDefinitions.names, product: { @Sendable name in
            SampleDefinitions.json(named: name).map { Array($0) }
        })
        self.init(
            readStandardInput: input, readFile: read, fileExists: exists,
            environment: environment, isTerminal: isTerminal, writeStandardOutput: writeStandardOutput,
            writeStandardError: writeStandardError, watchForTermination: watch, waitForTermination: wait,
            readStandardInputChunk: chunk, writeAnswerLines: writeAnswerLines,
            now: { @Sendable in ValidationContext.current().now },
            clientMetaInfo: { @Sendable appIdentifier in ClientMetaInfo.current(appIdentifier: appIdentifier) }, samples: samples)
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

    /// Reads a file through a handle, in bounded chunks: works for pipes and process substitution
    /// (`<(...)`, /dev/fd/N) too, and a huge or growing file stops at the limit.
    static func readFile(_ path: String) -> FileRead {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        guard let data = readBounded(handle) else { return .unreadable }
        return .bytes(Array(data))
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
