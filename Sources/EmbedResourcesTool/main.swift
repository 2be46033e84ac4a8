// Writes a Swift file that embeds the given text files as string literals.
// Usage: EmbedResourcesTool RESOURCES_ROOT OUTPUT.swift FILE... [--not-on-page FILE...]
// Keys are the files' paths relative to RESOURCES_ROOT ("Products/visa.json"). Each file must be
// UTF-8 text; its contents become a raw string literal (`#"..."#`, with as many `#` as it takes
// that the text never closes the literal), so the module reads it with no decoding at all, also
// in the Embedded Swift (WebAssembly) build. The files after --not-on-page are left out of the
// page's WebAssembly engine (built with PAYFORM_WEB_PAGE): its code never names them, so their
// bytes are not in the module.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedResourcesTool RESOURCES_ROOT OUTPUT FILE...\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
let output = URL(fileURLWithPath: arguments[2])

/// `text` as a raw string literal that no sequence inside it can end early.
func rawLiteral(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    return hashes + "\"\"\"\n" + text + "\n\"\"\"" + hashes
}

let files = Array(arguments.dropFirst(3))
let split = files.firstIndex(of: "--not-on-page") ?? files.endIndex
let everywhere = files[..<split].sorted()
let notOnPage = files[split...].dropFirst().sorted()

/// The key and the literal of the file at `path`.
func entry(_ path: String) -> (key: String, literal: String) {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("EmbedResourcesTool: cannot read \(path) as UTF-8 text\n".utf8))
        exit(1)
    }
    var key = url.path
    if key.hasPrefix(root + "/") { key.removeFirst(root.count + 1) }
    let escapedKey = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return ("\"\(escapedKey)\"", rawLiteral(text))
}

var lines = [
    "// Generated at build time by EmbedResourcesTool from the package's Resources/ folder. Do not edit.",
    "",
    "/// The embedded files, keyed by their path under `Resources/`, as text.",
    "enum EmbeddedResources {",
]
if notOnPage.isEmpty {
    lines.append("    static let files: [String: String] = [")
    for path in everywhere {
        let (key, literal) = entry(path)
        lines.append("        \(key): \(literal),")
    }
    if everywhere.isEmpty { lines.append("        :") }
    lines.append("    ]")
} else {
    lines.append("    static let files: [String: String] = {")
    lines.append("        var files: [String: String] = [:]")
    for path in everywhere {
        let (key, literal) = entry(path)
        lines.append("        files[\(key)] = \(literal)")
    }
    lines.append("        #if !PAYFORM_WEB_PAGE")
    for path in notOnPage {
        let (key, literal) = entry(path)
        lines.append("        files[\(key)] = \(literal)")
    }
    lines.append("        #endif")
    lines.append("        return files")
    lines.append("    }()")
}
lines.append("}")
lines.append("")
do {
    try lines.joined(separator: "\n").write(to: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedResourcesTool: cannot write \(output.path): \(error)\n".utf8))
    exit(1)
}
