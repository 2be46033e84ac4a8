// Writes a Swift file that embeds the given text files as string literals.
// Usage: EmbedResourcesTool RESOURCES_ROOT OUTPUT.swift FILE...
// Keys are the files' paths relative to RESOURCES_ROOT ("Products/visa.json"). Each file must be
// UTF-8 text; its contents become a raw string literal (`#"..."#`, with as many `#` as it takes
// that the text never closes the literal), so the module reads it with no decoding at all, also
// in the Embedded Swift (WebAssembly) build.
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

var lines = [
    "// Generated at build time by EmbedResourcesTool from the package's Resources/ folder. Do not edit.",
    "",
    "/// The embedded files, keyed by their path under `Resources/`, as text.",
    "enum EmbeddedResources {",
    "    static let files: [String: String] = [",
]
for path in arguments.dropFirst(3).sorted() {
    let url = URL(fileURLWithPath: path).standardizedFileURL
    guard let data = FileManager.default.contents(atPath: url.path), let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("EmbedResourcesTool: cannot read \(path) as UTF-8 text\n".utf8))
        exit(1)
    }
    var key = url.path
    if key.hasPrefix(root + "/") { key.removeFirst(root.count + 1) }
    let escapedKey = key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    lines.append("        \"\(escapedKey)\": \(rawLiteral(text)),")
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
