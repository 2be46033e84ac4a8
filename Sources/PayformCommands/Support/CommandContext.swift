import PaymentFormConcurrency
import PaymentFormCore
import PaymentFormJSON
import PaymentFormValidation

/// What a command may read from its surroundings (files, standard input, the environment, the
/// clock) and where it writes as it goes. Injected: the `payform` process fills it from the
/// operating system, the WebAssembly engine from its JavaScript host, tests with fixed inputs.
package struct CommandContext: Sendable {
    /// What reading a file found.
    package enum FileRead: Sendable {
        /// The file's bytes (at most ``CommandContext/maximumInputBytes`` + 1 of them).
        case bytes([UInt8])
        /// There is no file at that path.
        case missing
        /// There is one, but it cannot be read (a folder, no permission, a read error).
        case unreadable
    }

    /// Reads standard input: all of it, or at least ``maximumInputBytes`` + 1 bytes when it is
    /// longer (the rest is not needed to refuse it).
    package var readStandardInput: @Sendable () -> [UInt8]
    /// Reads a file (or a pipe, or a device), at most ``maximumInputBytes`` + 1 bytes of it.
    package var readFile: @Sendable (String) -> FileRead
    /// Whether something exists at a path (a file named `sample:visa` is read as a file).
    package var fileExists: @Sendable (String) -> Bool
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
    /// long-running command before it says it is ready, so an early signal is not lost.
    package var watchForTermination: @Sendable () -> Void
    /// Returns when a long-running command should stop.
    package var waitForTermination: TerminationWait
    /// Reads the next part of standard input for the line-by-line commands (`form`,
    /// `validate --batch`), blocking until some is available; empty at the end of input.
    package var readStandardInputChunk: @Sendable () -> [UInt8]
    /// Where the line-by-line commands write each answer as soon as it is ready (a driver may
    /// wait for an answer before it writes the next event); `nil` collects the answers into the
    /// command's result instead (tests). `false` when the output is closed: the command stops
    /// reading and exits 2 without a message.
    package var writeAnswerLines: (@Sendable (String) -> Bool)?
    /// The month it is now (Gregorian, UTC), when `--now` does not say.
    package var now: @Sendable () -> YearMonth
    /// The meta info a prepared request carries: the platform's, with the app identifier given.
    package var clientMetaInfo: @Sendable (String) -> ClientMetaInfo
    /// The sample products `sample:NAME` names.
    package var samples: SampleProducts

    /// The definitions shipped inside the tool, by name (`sample:visa`).
    package struct SampleProducts: Sendable {
        /// Lists the names; only an error message or a listing needs them, so they are not
        /// worked out when a command starts.
        private var listNames: @Sendable () -> [String]
        /// Their names, sorted.
        package var names: [String] { listNames() }
        /// The JSON of the one named, or `nil`.
        package var product: @Sendable (String) -> [UInt8]?

        /// Samples from a list of names (evaluated when asked for) and a lookup.
        package init(names: @escaping @autoclosure @Sendable () -> [String], product: @escaping @Sendable (String) -> [UInt8]?) {
            self.listNames = names
            self.product = product
        }
    }

    /// A context from its parts; `readStandardInputChunk` defaults to `readStandardInput` read once.
    package init(
        readStandardInput: @escaping @Sendable () -> [UInt8], readFile: @escaping @Sendable (String) -> FileRead,
        fileExists: @escaping @Sendable (String) -> Bool, environment: [String: String], isTerminal: Bool = false,
        writeStandardOutput: @escaping @Sendable (String) -> Bool, writeStandardError: @escaping @Sendable (String) -> Bool,
        watchForTermination: @escaping @Sendable () -> Void = {}, waitForTermination: @escaping TerminationWait = {},
        readStandardInputChunk: (@Sendable () -> [UInt8])? = nil, writeAnswerLines: (@Sendable (String) -> Bool)? = nil,
        now: @escaping @Sendable () -> YearMonth, clientMetaInfo: @escaping @Sendable (String) -> ClientMetaInfo,
        samples: SampleProducts
    ) {
        self.readStandardInput = readStandardInput
        self.readFile = readFile
        self.fileExists = fileExists
        self.environment = environment
        self.isTerminal = isTerminal
        self.writeStandardOutput = writeStandardOutput
        self.writeStandardError = writeStandardError
        self.watchForTermination = watchForTermination
        self.waitForTermination = waitForTermination
        self.readStandardInputChunk = readStandardInputChunk ?? OneShotInput(readStandardInput).next
        self.writeAnswerLines = writeAnswerLines
        self.now = now
        self.clientMetaInfo = clientMetaInfo
        self.samples = samples
    }

    /// The largest file or standard input a command reads: the JSON parser's document limit, so
    /// a huge input is refused before it is read into memory.
    package static let maximumInputBytes = JSONParser.Limits.standard.maximumBytes

    /// The bytes of FILE, or of standard input for `-`; at most ``maximumInputBytes``.
    package func read(_ path: String, for flag: String) throws(CLIError) -> [UInt8] {
        let tooLarge = CLIError(
            code: "input_too_large", message: "\(flag) \(path): the file is larger than \(Self.maximumInputBytes) bytes")
        let bytes: [UInt8]
        if path == "-" {
            bytes = readStandardInput()
        } else {
            switch readFile(path) {
            case .bytes(let read): bytes = read
            case .missing: throw CLIError(code: "unreadable_file", message: "\(flag) \(path): no such file")
            case .unreadable: throw CLIError(code: "unreadable_file", message: "\(flag) \(path): cannot read the file")
            }
        }
        guard bytes.count <= Self.maximumInputBytes else { throw tooLarge }
        return bytes
    }
}

/// Hands out the bytes of a whole-input reader once, then the end of input.
private final class OneShotInput: Sendable {
    private let read: @Sendable () -> [UInt8]
    /// Whether the bytes were handed out.
    private let done = LockedValue(false)

    package init(_ read: @escaping @Sendable () -> [UInt8]) {
        self.read = read
    }

    /// The whole input the first time (read with the lock held, so a second caller waits for
    /// it and then gets the end of input), empty after.
    @Sendable package func next() -> [UInt8] {
        done.withLock { done in
            if done { return [] }
            done = true
            return read()
        }
    }
}

#if hasFeature(Embedded)
/// Waits until a long-running command should stop. Embedded Swift for wasm32 has no tasks: the
/// commands built there answer at once, and nothing waits.
package typealias TerminationWait = @Sendable () -> Void
#else
/// Waits until a long-running command should stop.
package typealias TerminationWait = @Sendable () async -> Void
#endif
