import Foundation

/// Runs the independent tools (python3 with pyca/cryptography, openssl) that the interop tests
/// check our JWE against.
enum InteropTool {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `python3` with `cryptography` and `openssl` can be run here. The interop tests are
    /// skipped with a visible reason otherwise.
    static let isAvailable: Bool = {
        (try? run("python3", ["-c", "import cryptography"])) != nil && (try? run("openssl", ["version"])) != nil
    }()

    /// Runs `tool` (looked up on PATH) with `arguments`, feeding `input`; returns stdout, throws
    /// with stderr on a non-zero exit.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], input: Data = Data()) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let directory = FileManager.default.temporaryDirectory
        let inputURL = directory.appendingPathComponent("interop-in-\(UUID().uuidString)")
        let errorURL = directory.appendingPathComponent("interop-err-\(UUID().uuidString)")
        try input.write(to: inputURL)
        try Data().write(to: errorURL)
        defer {
            try? FileManager.default.removeItem(at: inputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        process.standardError = errorHandle
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorHandle.closeFile()   // not close(): that needs macOS 10.15
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw Failure(description: "\(tool) exited with \(process.terminationStatus): \(message)")
        }
        return data
    }

    /// A fresh RSA key of `bits` bits from openssl: its PKCS#8 PEM, and openssl's own
    /// SubjectPublicKeyInfo PEM of it, both written to a temporary directory.
    static func generateKey(bits: Int) throws -> (directory: URL, privatePEM: URL, publicPEM: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jwe-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let privatePEM = directory.appendingPathComponent("private.pem")
        let publicPEM = directory.appendingPathComponent("public.pem")
        try run("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:\(bits)", "-out", privatePEM.path])
        try run("openssl", ["pkey", "-in", privatePEM.path, "-pubout", "-out", publicPEM.path])
        return (directory, privatePEM, publicPEM)
    }

    static func python(_ command: String, keyPath: URL, request: [String: Any]) throws -> [String: Any] {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("jwe_interop-\(UUID().uuidString).py")
        try JWEInteropScript.source.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let input = try JSONSerialization.data(withJSONObject: request)
        let output = try run("python3", [script.path, command, keyPath.path], input: input)
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(description: "python3 printed no JSON object")
        }
        return object
    }
}
