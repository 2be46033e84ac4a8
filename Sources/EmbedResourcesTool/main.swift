// Writes a Swift file that embeds the given files as base64 text.
// Usage: EmbedResourcesTool RESOURCES_ROOT OUTPUT.swift FILE...
// Keys are the files' paths relative to RESOURCES_ROOT ("Products/visa.json").
// Base64 keeps the generated literal free of any character Swift would interpret.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: EmbedResourcesTool RESOURCES_ROOT OUTPUT FILE...\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path
let output = URL(fileURLWithPath: arguments[2])

var lines = [
    "// Generated at build time by EmbedResourcesTool from the package's Resources/ folder. Do not edit.",
    "",
    "/// The embedded files, keyed by their path under `Resources/`, as base64.",
    "enum EmbeddedResources {",
    "    static let base64: [String: String] = [",
]
for path in arguments.dropFirst(3).sorted() {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard let data = FileManager.default.contents(atPath: url.path) else {
        FileHandle.standardError.write(Data("EmbedResourcesTool: cannot read \(path)\n".utf8))
        exit(1)
    }
    var key = url.path
    if key.hasPrefix(root + "/") { key.removeFirst(root.count + 1) }
    let escapedKey = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    lines.append("        \"\(escapedKey)\": \"\(data.base64EncodedString())\",")
}
if arguments.count == 3 { lines.append("        :") }
lines.append("    ]")
lines.append("}")
lines.append("")
do {
    try lines.joined(separator: "\n").write(to: output, atomically: true, encoding: .utf8)
} catch {
    FileHandle.standardError.write(Data("EmbedResourcesTool: cannot write \(output.path): \(error)\n".utf8))
    exit(1)
}
