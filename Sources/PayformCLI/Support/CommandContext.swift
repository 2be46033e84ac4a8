import Foundation

/// What a command may read from its surroundings: files, standard input and the environment.
/// Injected so tests run commands in-process with fixed inputs.
public struct CommandContext: Sendable {
    /// Reads all of standard input.
    public var readStandardInput: @Sendable () -> Data
    /// The process environment (for the default locale).
    public var environment: [String: String]
    /// Whether standard output is a terminal (colour is used only then).
    public var isTerminal: Bool

    /// A context; by default the real process's.
    public init(
        readStandardInput: @escaping @Sendable () -> Data = { FileHandle.standardInput.readDataToEndOfFile() },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = false
    ) {
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.isTerminal = isTerminal
    }

    /// The bytes of FILE, or of standard input for `-`.
    func read(_ path: String, for flag: String) throws(CLIError) -> Data {
        if path == "-" { return readStandardInput() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): cannot read the file")
        }
        return data
    }
}
