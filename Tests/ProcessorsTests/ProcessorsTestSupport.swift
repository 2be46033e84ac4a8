import Foundation

/// Percent-encoding for building test callbacks (every byte outside the unreserved set).
enum PercentTestEncoding {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if ("A"..."Z").contains(scalar) || ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "-._~".unicodeScalars.contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

/// Decodes the entities the engine's HTML escaping writes.
enum HTMLEntities {
    /// Works on Unicode scalars (a `;` followed by a combining mark is one `Character`).
    static func decode(_ text: String) -> String {
        let entities: [(String, String)] = [("&quot;", "\""), ("&#39;", "'"), ("&#96;", "`"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")]
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        outer: while index < scalars.count {
            if scalars[index] == "&" {
                for (entity, replacement) in entities {
                    let pattern = Array(entity.unicodeScalars)
                    if index + pattern.count <= scalars.count, Array(scalars[index..<index + pattern.count]) == pattern {
                        out.append(contentsOf: replacement.unicodeScalars)
                        index += pattern.count
                        continue outer
                    }
                }
            }
            out.append(scalars[index])
            index += 1
        }
        return String(out)
    }
}

/// python3, when installed, for interoperability checks.
struct PythonTool {
    let url: URL

    static func find() -> PythonTool? {
        for path in ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3"] where FileManager.default.isExecutableFile(atPath: path) {
            return PythonTool(url: URL(fileURLWithPath: path))
        }
        if let pathVariable = ProcessInfo.processInfo.environment["PATH"] {
            for directory in pathVariable.split(separator: ":") {
                let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return PythonTool(url: candidate) }
            }
        }
        return nil
    }

    func run(script: String, input: String) throws -> String {
        let process = Process()
        process.executableURL = url
        process.arguments = ["-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }
}
