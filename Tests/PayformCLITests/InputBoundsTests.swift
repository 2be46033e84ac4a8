import Foundation
import Testing
import PayformCommands
@testable import PayformCLI

@Suite("Input bounds")
struct InputBoundsTests {
    @Test("a product file over 32 MiB is refused before it is read")
    func oversizedFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".json")
        try Data(count: 40_000_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }

        let result = CLI.run(["validate", "--product", url.path, "--value", "cardNumber=4111111111111111"])
        try CLI.expectUsableError(result, code: "input_too_large", mentioning: "--product")
        // What was wrong, as a sentence after the flag and path.
        try CLI.expectUsableError(result, code: "input_too_large", mentioning: "\(url.path): the file is larger than \(CommandContext.maximumInputBytes) bytes")
    }

    @Test("standard input over 32 MiB is refused")
    func oversizedStandardInput() throws {
        let huge = Data(count: CommandContext.maximumInputBytes + 1)
        let context = CommandContext(readStandardInput: { huge }, environment: [:], isTerminal: false)
        let result = Payform.run(["render", "--product", "-"], context: context)
        try CLI.expectUsableError(result, code: "input_too_large", mentioning: "--product -")
    }
}
