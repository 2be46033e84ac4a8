import Foundation

/// Baselines measured by other programs in the same run as our figures, so ratios compare like
/// with like on the same machine at the same moment. Each is skipped (with a note on stderr) when
/// its program is not installed.
enum ExternalBaselines {
    /// Seconds `openssl speed` spends on each figure: long enough that its counts are steady on
    /// a busy machine (its default run is 10 s per figure, 1 s was too noisy).
    static let openSSLSeconds = 3

    /// `openssl speed -seconds 3 rsa2048`: sign (private operation, CRT) and verify (public).
    static func openSSLRSA2048() -> [ExternalFigure] {
        guard let output = run("openssl", ["speed", "-seconds", "\(openSSLSeconds)", "rsa2048"]) else {
            note("openssl not found: no OpenSSL baseline")
            return []
        }
        // "rsa 2048 bits 0.000808s 0.000022s   1237.7  44577.0" (sign s, verify s, sign/s, verify/s):
        // the rates carry more digits than the times, so the times are taken from them.
        for line in output.split(separator: "\n") where line.hasPrefix("rsa") && line.contains("2048 bits") {
            let rates = line.split(separator: " ").suffix(2).compactMap { Double($0) }
            guard rates.count == 2, rates.allSatisfy({ $0 > 0 }) else { continue }
            return [
                ExternalFigure(id: "openssl.rsa2048.verify", name: "openssl speed rsa2048 verify (public op)", nanosecondsPerOperation: 1e9 / rates[1]),
                ExternalFigure(id: "openssl.rsa2048.sign", name: "openssl speed rsa2048 sign (private op)", nanosecondsPerOperation: 1e9 / rates[0]),
            ]
        }
        note("could not read `openssl speed` output: no OpenSSL baseline")
        return []
    }

    /// `openssl speed -seconds 3 -bytes 1024 sha256 aes-256-cbc`: SHA-256 and AES-256-CBC
    /// encryption of 1 KiB (OpenSSL on the CPU's SHA and AES instructions where it has them), as
    /// the time for one KiB. OpenSSL sets the key once and times the encryption alone.
    static func openSSLSymmetric1K() -> [ExternalFigure] {
        guard let output = run("openssl", ["speed", "-seconds", "\(openSSLSeconds)", "-bytes", "1024", "sha256", "aes-256-cbc"]) else {
            note("openssl not found: no OpenSSL SHA-256 / AES baseline")
            return []
        }
        // "sha256         1296267.12k" (thousands of bytes per second at 1024-byte blocks)
        let wanted = [
            ("sha256", "openssl.sha256.1k", "openssl speed sha256 (1 KiB)"),
            ("aes-256-cbc", "openssl.aes256cbc.1k", "openssl speed aes-256-cbc (1 KiB)"),
        ]
        var figures: [ExternalFigure] = []
        for line in output.split(separator: "\n") {
            let columns = line.split(separator: " ")
            guard columns.count == 2, columns[1].hasSuffix("k"), let kilobytes = Double(columns[1].dropLast()), kilobytes > 0,
                  let match = wanted.first(where: { $0.0 == columns[0].lowercased() })
            else { continue }
            figures.append(ExternalFigure(id: match.1, name: match.2, nanosecondsPerOperation: 1024 / (kilobytes * 1000) * 1e9))
        }
        if figures.count < wanted.count { note("could not read `openssl speed` output: no OpenSSL SHA-256 / AES baseline") }
        return figures
    }

    /// Scripts/bench/joserfc-bench.py (Python joserfc on pyca/cryptography and OpenSSL): JWE encrypt and
    /// decrypt of the same kind of token with the shipped demo key.
    static func joserfc(privateKeyPEM: Data) -> [ExternalFigure] {
        pythonJWE(script: "joserfc-bench.py", library: "joserfc", privateKeyPEM: privateKeyPEM)
    }

    /// Scripts/bench/cryptography-bench.py (Python `cryptography`, OpenSSL-backed, with no JOSE library
    /// in between): the same JWE, RSA-OAEP (SHA-1) + A256CBC-HS512 of a 302-byte payload.
    static func cryptography(privateKeyPEM: Data) -> [ExternalFigure] {
        pythonJWE(script: "cryptography-bench.py", library: "cryptography", privateKeyPEM: privateKeyPEM)
    }

    /// Runs one of the Python JWE scripts with the key in a temporary file and reads its JSON lines.
    private static func pythonJWE(script name: String, library: String, privateKeyPEM: Data) -> [ExternalFigure] {
        let script = sourceRoot.appendingPathComponent("Scripts/bench/\(name)")
        guard FileManager.default.fileExists(atPath: script.path) else {
            note("\(script.path) is missing: no \(library) baseline")
            return []
        }
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("payform-bench-key-\(ProcessInfo.processInfo.processIdentifier).pem")
        defer { try? FileManager.default.removeItem(at: keyFile) }
        guard (try? privateKeyPEM.write(to: keyFile)) != nil,
              let output = run("python3", [script.path, keyFile.path])
        else {
            note("python3 with \(library) not found: no \(library) baseline")
            return []
        }
        struct Line: Decodable { let id: String; let name: String; let nsPerOp: Double }
        return output.split(separator: "\n").compactMap { line in
            (try? JSONDecoder().decode(Line.self, from: Data(line.utf8))).map {
                ExternalFigure(id: $0.id, name: $0.name, nanosecondsPerOperation: $0.nsPerOp)
            }
        }
    }

    /// The checkout this benchmark was built from (for Scripts/).
    private static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Standard output of `program arguments` found on the PATH, or `nil` when it cannot run or fails.
    private static func run(_ program: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data("payform-bench: \(text)\n".utf8))
    }
}
