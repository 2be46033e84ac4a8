import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI
@testable import PaymentFormSandboxServerAPI

/// The scripts of the sandbox's own pages live as files in `Resources/Pages` (issue 55), embedded
/// at build time: each parses as JavaScript (`node --check`), and the sandbox serves the file's
/// bytes as they are in the repository.
@Suite("Sandbox: page scripts as files")
struct SandboxPageScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let pages = root.appendingPathComponent("Resources/Pages")

    /// The script files in `Resources/Pages`.
    static let scripts: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? [])
        .filter { $0.hasSuffix(".mjs") || $0.hasSuffix(".js") }.sorted()

    /// Whether `node` runs here (CI installs it; `Tests/skips-allowed.txt` allows no skip of these).
    static let hasNode: Bool = (try? run(["node", "--version"])) != nil

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command found on PATH; throws with its standard error on a non-zero exit.
    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
                + String(decoding: message, as: UTF8.self))
        }
    }

    @Test("the folder holds the hosted checkout's script")
    func folderHoldsTheScripts() {
        #expect(Self.scripts.contains("hosted-checkout.mjs"), "\(Self.pages.path): \(Self.scripts)")
    }

    @Test("each page script parses (node --check)", .enabled(if: hasNode, "node is not on PATH"), arguments: scripts)
    func parses(name: String) throws {
        try Self.run(["node", "--check", Self.pages.appendingPathComponent(name).path])
    }

    @Test("the hosted checkout serves Resources/Pages/hosted-checkout.mjs byte for byte")
    func servedAsInTheRepository() throws {
        let file = try Data(contentsOf: Self.pages.appendingPathComponent("hosted-checkout.mjs"))
        let embedded = try #require(HostedCheckoutPage.script)
        // Compared as a whole: a failure says so without printing both files' bytes.
        let embeddedAsIs = embedded == Array(file)
        #expect(embeddedAsIs, "the embedded script is not Resources/Pages/hosted-checkout.mjs as it is now (rebuild)")
        let server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples(), customerId: "c1", clientSessionId: "s1"))
        let response = server.respond(to: HTTPRequest(method: "GET", target: "/sandbox/v1/hostedcheckout.mjs"), fromLoopback: true)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        let servedAsIs = response.body == Array(file)
        #expect(servedAsIs, "GET /sandbox/v1/hostedcheckout.mjs is not the file's bytes")
    }
}
