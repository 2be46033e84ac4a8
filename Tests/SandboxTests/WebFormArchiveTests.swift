import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEncryption
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The web form's files appended to a packaged `payform` (issue 57): the archive's layout, what a
/// damaged one says, and the sandbox serving its hosted checkout page from it.
@Suite("Sandbox: the web form built into payform")
struct WebFormArchiveTests {
    static let files: [String: [UInt8]] = [
        "payform-form.mjs": Array("export const form = 1;\n".utf8), "payform-engine.mjs": Array("export {};\n".utf8),
        "payform-form.css": Array("form { }\n".utf8), "payform-form-engine.wasm": [0x00, 0x61, 0x73, 0x6D, 0x01, 0x00, 0x00, 0x00],
        "payform-texts.fr.json": Array(#"{"pay": "Payer"}"#.utf8),
    ]

    /// A temporary file holding `bytes`.
    static func file(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("web-form-archive-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        return url
    }

    /// An archive of raw `entries` (each already laid out) with a correct digest and length, so a
    /// test can get past the digest to the entry checks.
    static func archive(entries: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        for shift in 0..<8 { length.append(UInt8(truncatingIfNeeded: entries.count >> (8 * shift))) }
        return entries + SHA256.hash(entries) + length + WebFormArchive.magic
    }

    /// One entry laid out: u16 name length, the name, u32 size, the bytes.
    static func entry(_ name: String, _ bytes: [UInt8], statedSize: Int? = nil) -> [UInt8] {
        let size = statedSize ?? bytes.count
        return [UInt8(name.utf8.count & 0xFF), UInt8(name.utf8.count >> 8)] + Array(name.utf8)
            + [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8((size >> 24) & 0xFF)] + bytes
    }

    @Test("the layout is the one Scripts/lib/web_archive.py writes, byte for byte")
    func layout() {
        // python3 -c 'import web_archive; print(web_archive.archive({"a.txt": b"hi"}).hex())' (in Scripts/lib)
        let python = "0500612e747874020000006869b41fbdfbfedae1aac9be5c2b1a4d67a2bcc4edb564f85c7f4b7e77f2e3b9282c0d00000000000000504657454276310a"
        let encoded = WebFormArchive(files: ["a.txt": Array("hi".utf8)]).encoded()
        #expect(encoded.map { String(format: "%02x", $0) }.joined() == python)
    }

    @Test("appended to an executable's bytes, the files read back; a file without one has none")
    func roundTrip() throws {
        let executable: [UInt8] = [0x7F, 0x45, 0x4C, 0x46] + Array(repeating: 0xAB, count: 10_000)
        let url = try Self.file(executable + WebFormArchive(files: Self.files).encoded())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try WebFormArchive.appended(to: url)?.files == Self.files)
        #expect(try WebFormArchive.decode(executable + WebFormArchive(files: Self.files).encoded())?.files == Self.files)
        #expect(try WebFormArchive.decode(WebFormArchive(files: [:]).encoded())?.files == [:], "an empty archive is an archive")

        let plain = try Self.file(executable)
        defer { try? FileManager.default.removeItem(at: plain) }
        #expect(try WebFormArchive.appended(to: plain) == nil)
        let tiny = try Self.file(Array(WebFormArchive.magic))
        defer { try? FileManager.default.removeItem(at: tiny) }
        #expect(try WebFormArchive.appended(to: tiny) == nil, "shorter than a trailer")
        #expect(try WebFormArchive.appended(to: URL(fileURLWithPath: "/nonexistent/payform")) == nil)
    }

    /// `bytes` with the byte at `index` (from the end when negative) set to `value`.
    static func setting(_ bytes: [UInt8], at index: Int, to value: UInt8) -> [UInt8] {
        var bytes = bytes
        bytes[index < 0 ? bytes.count + index : index] = value
        return bytes
    }

    @Test("a damaged archive is an error saying what is wrong, never a crash", arguments: [
        ("digest", [0x7F] + WebFormArchiveTests.setting(WebFormArchive(files: WebFormArchiveTests.files).encoded(), at: 3, to: 0xEE), "SHA-256 does not match"),
        ("length past the file", WebFormArchiveTests.setting(WebFormArchive(files: ["a": [1]]).encoded(), at: -16, to: 0xFF), "more than the file holds"),
        ("length past the bound", WebFormArchiveTests.setting(WebFormArchive(files: ["a": [1]]).encoded(), at: -10, to: 0x7F), "more than 67108864"),
        ("a path as a name", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("../etc", [1])), "not a plain file name"),
        ("a hidden name", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry(".env", [1])), "not a plain file name"),
        ("a name that is not ASCII", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("caf\u{E9}.js", [1])), "not a plain file name"),
        ("an empty name", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("", [1])), "runs past the end"),
        ("a name twice", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("a.js", [1]) + WebFormArchiveTests.entry("a.js", [2])), "a.js is in the archive twice"),
        ("a size past the end", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("a.js", [1, 2], statedSize: 1000)), "1000 bytes run past the end"),
        ("a cut name length", WebFormArchiveTests.archive(entries: WebFormArchiveTests.entry("a.js", [1]) + [0x05]), "the name's length is cut off"),
    ] as [(String, [UInt8], String)])
    func damaged(name: String, bytes: [UInt8], message: String) throws {
        let url = try Self.file(bytes)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: WebFormArchiveError.self, "\(name)") { try WebFormArchive.appended(to: url) }
        do {
            _ = try WebFormArchive.appended(to: url)
        } catch {
            #expect(error.message.contains(message), "\(name): \(error.message)")
        }
        #expect(throws: WebFormArchiveError.self, "\(name), decoded from bytes") { try WebFormArchive.decode(bytes) }
    }

    @Test("more files than the bound is an error")
    func tooManyFiles() {
        let entries = (0...WebFormArchive.maximumFiles).flatMap { Self.entry("f\($0)", []) }
        #expect(throws: WebFormArchiveError("the web form archive holds more than 256 files")) { try WebFormArchive.decode(Self.archive(entries: entries)) }
    }

    @Test("the sandbox resolves a --web-dist folder first, then the executable's archive, then Web/dist on disk")
    func resolving() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-dist-\(UUID().uuidString)")
        #expect(WebFormFiles.resolve(webDist: folder).origin == .folder(folder))

        let packaged = try Self.file([0x7F, 0x45] + WebFormArchive(files: Self.files).encoded())
        defer { try? FileManager.default.removeItem(at: packaged) }
        let builtIn = WebFormFiles.resolve(webDist: nil, executable: packaged)
        #expect(builtIn.origin == .builtIn && builtIn.builtInProblem == nil)
        #expect(builtIn.contents(of: "payform-texts.fr.json") == Self.files["payform-texts.fr.json"])
        #expect(builtIn.contents(of: "other.js") == nil)
        #expect(builtIn.hasAll(HostedCheckoutPage.webFiles.keys))
        #expect(builtIn.summary(needing: HostedCheckoutPage.webFiles.keys) == "hosted checkout pages from the web form built into payform")

        var damagedBytes = [0x7F, 0x45] + WebFormArchive(files: Self.files).encoded()
        damagedBytes[10] ^= 0xFF
        let damaged = try Self.file(damagedBytes)
        defer { try? FileManager.default.removeItem(at: damaged) }
        let fallback = WebFormFiles.resolve(webDist: nil, executable: damaged)
        #expect(fallback.origin != .builtIn && fallback.builtInProblem?.contains("SHA-256") == true)
    }

    @Test("the start-up line names what the hosted checkout pages lack")
    func summaries() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("web-dist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("x".utf8).write(to: folder.appendingPathComponent("payform-form.mjs"))
        let partial = WebFormFiles.folder(folder).summary(needing: HostedCheckoutPage.webFiles.keys)
        #expect(partial.hasPrefix("hosted checkout pages UNAVAILABLE (\(folder.path) lacks payform-engine.mjs, payform-form-engine.wasm, payform-form.css;"))
        #expect(partial.contains("Scripts/build/build-web.sh") && partial.contains("--web-dist DIR"))
        #expect(WebFormFiles.folder(nil).summary(needing: ["a"]).contains("no web form built in, none given, no Web/dist found"))
        let lacking = WebFormFiles.builtIn(WebFormArchive(files: ["payform-form.mjs": [1]])).summary(needing: ["payform-form.mjs", "payform-form.css"])
        #expect(lacking.contains("the web form built into payform lacks payform-form.css"))
        for name in HostedCheckoutPage.webFiles.keys where name != "payform-form.mjs" {
            try Data("x".utf8).write(to: folder.appendingPathComponent(name))
        }
        #expect(WebFormFiles.folder(folder).summary(needing: HostedCheckoutPage.webFiles.keys) == "hosted checkout pages from the web form in \(folder.path)")
    }

    @Test("the hosted checkout page serves the built-in files, with their types, and nothing else", arguments: [
        ("payform-form.mjs", 200, "text/javascript; charset=utf-8"), ("payform-form-engine.wasm", 200, "application/wasm"),
        ("payform-form.css", 200, "text/css; charset=utf-8"), ("payform-texts.fr.json", 200, "application/json; charset=utf-8"),
        ("payform-texts.de.json", 404, "application/json"), ("other.js", 404, "application/json"),
    ])
    func serving(name: String, status: Int, type: String) throws {
        let base = try ServerAPITests()
        let page = HostedCheckoutPage(serverAPI: base.server.serverAPI, webForm: .builtIn(WebFormArchive(files: Self.files)))
        let answer = page.respond(to: HTTPRequest(method: "GET", target: "/sandbox/v1/web/" + name), segments: ["web", name])
        #expect(answer.status == status)
        #expect(answer.headers["Content-Type"]?.hasPrefix(type) == true, "\(answer.headers["Content-Type"] ?? "none")")
        if status == 200 { #expect(answer.body == Self.files[name]) }
    }
}
