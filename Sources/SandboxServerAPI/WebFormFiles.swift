import Foundation

/// Where the hosted checkout page's web form files (`payform-form.mjs`, its engine, CSS and
/// texts) come from: a folder (`Web/dist`, `--web-dist DIR`), the archive built into a packaged
/// `payform` (``WebFormArchive``), or nowhere (the page is then a 503 that says how to build them).
///
/// ``resolve(webDist:executable:)`` picks, in order: the folder given; the archive appended to the
/// running executable; `Web/dist` found on disk (``defaultWebDist(executable:)``).
package struct WebFormFiles: Sendable {
    /// Where the files are read from.
    package enum Origin: Sendable, Equatable {
        /// Files of a folder, read on each request.
        case folder(URL)
        /// Files built into the executable, read once at start.
        case builtIn
        /// No web form.
        case none
    }

    /// Where the files are read from.
    package let origin: Origin
    /// The built-in files (empty unless ``origin`` is ``Origin/builtIn``).
    private let archive: [String: [UInt8]]
    /// Why the archive built into the executable was not used (damaged), when it was not.
    package let builtInProblem: String?

    private init(origin: Origin, archive: [String: [UInt8]] = [:], builtInProblem: String? = nil) {
        self.origin = origin
        self.archive = archive
        self.builtInProblem = builtInProblem
    }

    /// The files of `folder` (none when `nil`).
    package static func folder(_ folder: URL?) -> WebFormFiles {
        WebFormFiles(origin: folder.map(Origin.folder) ?? .none)
    }

    /// The files of `archive`.
    package static func builtIn(_ archive: WebFormArchive) -> WebFormFiles {
        WebFormFiles(origin: .builtIn, archive: archive.files)
    }

    /// The folder given, else the archive appended to `executable`, else `Web/dist` found on disk.
    package static func resolve(webDist: URL?, executable: URL? = currentExecutable) -> WebFormFiles {
        if let webDist { return .folder(webDist) }
        let found: Result<WebFormArchive?, WebFormArchiveError>
        if let executable {
            found = executable == currentExecutable ? currentArchive : Result { () throws(WebFormArchiveError) in try WebFormArchive.appended(to: executable) }
        } else {
            found = .success(nil)
        }
        var problem: String?
        switch found {
        case .success(let archive?): return .builtIn(archive)
        case .success(nil): break
        case .failure(let error): problem = error.message
        }
        return WebFormFiles(origin: Self.defaultWebDist().map(Origin.folder) ?? .none, builtInProblem: problem)
    }

    /// The running executable (`/proc/self/exe` on Linux, which names the file even when it was
    /// started through a symbolic link or from `PATH`).
    package static let currentExecutable: URL? = {
        #if os(Linux)
        return URL(fileURLWithPath: "/proc/self/exe")
        #else
        return Bundle.main.executableURL
        #endif
    }()

    /// The running executable's archive, read once per process.
    private static let currentArchive: Result<WebFormArchive?, WebFormArchiveError> = {
        guard let executable = currentExecutable else { return .success(nil) }
        return Result { () throws(WebFormArchiveError) in try WebFormArchive.appended(to: executable) }
    }()

    /// The folder the files are read from, when they are.
    package var folder: URL? {
        if case .folder(let url) = origin { return url }
        return nil
    }

    /// The bytes of the file `name` (a plain file name), or `nil` when it is not there.
    package func contents(of name: String) -> [UInt8]? {
        switch origin {
        case .builtIn: return archive[name]
        case .folder(let folder): return (try? Data(contentsOf: folder.appendingPathComponent(name))).map { Array($0) }
        case .none: return nil
        }
    }

    /// Whether every file of `names` is there.
    package func hasAll(_ names: some Sequence<String>) -> Bool {
        switch origin {
        case .builtIn: return names.allSatisfy { archive[$0] != nil }
        case .folder(let folder): return names.allSatisfy { FileManager.default.isReadableFile(atPath: folder.appendingPathComponent($0).path) }
        case .none: return false
        }
    }

    /// What the sandbox's start-up line says of the hosted checkout pages, which need `names`.
    package func summary(needing names: some Sequence<String>) -> String {
        let names = Array(names).sorted()
        if hasAll(names) {
            switch origin {
            case .builtIn: return "hosted checkout pages from the web form built into payform"
            case .folder(let folder): return "hosted checkout pages from the web form in \(folder.path)"
            case .none: break
            }
        }
        let why: String
        switch origin {
        case .folder(let folder):
            why = "\(folder.path) lacks " + names.filter { !FileManager.default.isReadableFile(atPath: folder.appendingPathComponent($0).path) }.joined(separator: ", ")
        case .builtIn:
            why = "the web form built into payform lacks " + names.filter { archive[$0] == nil }.joined(separator: ", ")
        case .none:
            why = builtInProblem.map { "no web form: \($0)" } ?? "no web form built in, none given, no Web/dist found"
        }
        return "hosted checkout pages UNAVAILABLE (\(why); Scripts/build/build-web.sh builds Web/dist, or give --web-dist DIR)"
    }

    /// `Web/dist` of this repository when it can be found: in the working directory or one of its
    /// parents, else above `executable` (`.build/debug/payform` → `Web/dist` three levels up);
    /// `nil` when none holds `payform-form.mjs`.
    package static func defaultWebDist(executable: String? = CommandLine.arguments.first) -> URL? {
        var candidates: [URL] = []
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            candidates.append(directory.appendingPathComponent("Web/dist"))
            directory = directory.deletingLastPathComponent()
        }
        if let executable {
            var directory = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<5 {
                candidates.append(directory.appendingPathComponent("Web/dist"))
                directory = directory.deletingLastPathComponent()
            }
        }
        return candidates.first { FileManager.default.isReadableFile(atPath: $0.appendingPathComponent("payform-form.mjs").path) }
    }
}
