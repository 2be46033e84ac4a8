import PaymentFormCore
import Foundation
import PaymentFormJSON
import PaymentFormEngine

/// What a command may read from its surroundings: files, standard input and the environment.
/// Injected so tests run commands in-process with fixed inputs.
public struct CommandContext: Sendable {
    /// Reads standard input: all of it, or at least ``maximumInputBytes`` + 1 bytes when it is
    /// longer (the rest is not needed to refuse it).
    public var readStandardInput: @Sendable () -> Data
    /// The process environment (for the default locale).
    public var environment: [String: String]
    /// Whether standard output is a terminal (colour is used only then).
    public var isTerminal: Bool

    /// A context; by default the real process's.
    public init(
        readStandardInput: @escaping @Sendable () -> Data = { CommandContext.readBoundedStandardInput() },
        environment: [String: String] = ProcessInfo.processInfo.environment,
        isTerminal: Bool = false
    ) {
        self.readStandardInput = readStandardInput
        self.environment = environment
        self.isTerminal = isTerminal
    }

    /// The largest file or standard input a command reads: the JSON parser's document limit, so
    /// a huge input is refused before it is read into memory.
    public static let maximumInputBytes = JSONParser.Limits.standard.maximumBytes

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
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        guard size <= Self.maximumInputBytes else { throw tooLarge }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(code: "unreadable_file", message: "\(flag) \(path): cannot read the file")
        }
        // A file that grew after the size check (or a pipe with no size) is caught here.
        guard data.count <= Self.maximumInputBytes else { throw tooLarge }
        return data
    }

    /// Standard input up to ``maximumInputBytes`` + 1 bytes (the default `readStandardInput`).
    public static func readBoundedStandardInput() -> Data {
        var data = Data()
        let handle = FileHandle.standardInput
        while data.count <= maximumInputBytes {
            // `readData(ofLength:)` rather than `read(upToCount:)`: the latter needs macOS 10.15.4.
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }
}
