import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// Asset stores (issue 35, C34): the Connect guide's app keeps its logos "on the customer's
/// device" and updates them "once newer versions are available". Over loopback against the
/// sandbox, which sends `ETag` and `Last-Modified` with its assets and answers conditional
/// requests with 304.
@Suite("Asset stores: kept across sessions, confirmed with ETag and Last-Modified")
struct AssetStoreTests {
    static let logo = "templates/master/global/css/img/ppimages/pp_logo_1_v1.png"

    /// What a session's observer saw, safe to append to from any task.
    final class Exchanges: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [ClientAPIExchange] = []

        func append(_ exchange: ClientAPIExchange) {
            lock.lock()
            list.append(exchange)
            lock.unlock()
        }

        /// The statuses of the asset answers, in order.
        var assetStatuses: [Int] {
            lock.lock()
            defer { lock.unlock() }
            return list.filter { $0.event == .answer && $0.call == "GET asset" }.compactMap(\.statusCode)
        }
    }

    /// A sandbox (on the samples) and a way to open sessions on it with `store`.
    struct Sandbox {
        let server: SandboxServer

        init() throws {
            server = SandboxServer(SandboxConfiguration(data: try SandboxData.samples()))
            try server.start()
        }

        func session(store: (any AssetStore)?, exchanges: Exchanges) throws -> ClientSession {
            var configuration = server.sessionConfiguration(appIdentifier: "asset-store-tests")
            configuration.assetStore = store
            configuration.observer = { exchanges.append($0) }
            return try ClientSession(configuration)
        }

        func url(_ path: String) throws -> URL {
            try #require(URL(string: server.assetUrl + "/" + path))
        }
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("asset-store-\(UUID().uuidString)")
    }

    @Test("C34: a file-system store keeps a logo across sessions; the next session confirms it with a 304")
    func acrossSessions() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let exchanges = Exchanges()

        let first = try sandbox.session(store: FileSystemAssetStore(directory: directory), exchanges: exchanges)
        let downloaded = try await first.assetData(for: Self.logo)
        #expect(downloaded.starts(with: Array("<svg ".utf8)))
        // A new launch: a new store on the same folder, a new session.
        let store = FileSystemAssetStore(directory: directory)
        let kept = try #require(await store.asset(for: try sandbox.url(Self.logo)))
        #expect(kept.data == downloaded)
        #expect(kept.entityTag == #""sandbox-badge-1""#)
        #expect(kept.lastModified == "Sun, 01 Nov 2026 00:00:00 GMT")
        let second = try sandbox.session(store: store, exchanges: exchanges)
        #expect(try await second.assetData(for: Self.logo) == downloaded)
        #expect(exchanges.assetStatuses == [200, 304])
        // Confirmed for this session: no request the second time.
        #expect(try await second.assetData(for: Self.logo) == downloaded)
        #expect(exchanges.assetStatuses == [200, 304])
        // Forgetting the session's answers keeps the app's store, and confirms again.
        await second.removeCachedAnswers()
        #expect(try await second.assetData(for: Self.logo) == downloaded)
        #expect(exchanges.assetStatuses == [200, 304, 304])
        #expect(await store.asset(for: try sandbox.url(Self.logo)) != nil)
    }

    @Test("C34: a changed asset replaces the kept one; Last-Modified alone confirms too", arguments: [
        (StoredAsset(data: [1, 2, 3], entityTag: #""old""#), 200),
        (StoredAsset(data: [1, 2, 3], entityTag: #"W/"old", "sandbox-badge-1""#), 304),
        (StoredAsset(data: [1, 2, 3], lastModified: "Sun, 01 Nov 2026 00:00:00 GMT"), 304),
        (StoredAsset(data: [1, 2, 3], lastModified: "Sat, 31 Oct 2026 00:00:00 GMT"), 200),
        (StoredAsset(data: [1, 2, 3]), 200),
    ])
    func refresh(kept: StoredAsset, status: Int) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        let store = InMemoryAssetStore()
        let url = try sandbox.url(Self.logo)
        await store.store(kept, for: url)
        let exchanges = Exchanges()
        let data = try await sandbox.session(store: store, exchanges: exchanges).assetData(for: Self.logo)
        #expect(exchanges.assetStatuses == [status])
        if status == 304 {
            #expect(data == [1, 2, 3])
        } else {
            #expect(data.starts(with: Array("<svg ".utf8)))
            #expect(await store.asset(for: url) == StoredAsset(data: data, entityTag: #""sandbox-badge-1""#, lastModified: "Sun, 01 Nov 2026 00:00:00 GMT"))
        }
    }

    @Test("C34: an in-memory store shared by two sessions; each session confirms once")
    func sharedInMemory() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.server.stop() }
        let store = InMemoryAssetStore()
        let exchanges = Exchanges()
        for _ in 0..<2 {
            let session = try sandbox.session(store: store, exchanges: exchanges)
            for _ in 0..<3 { _ = try await session.assetData(for: Self.logo) }
        }
        #expect(exchanges.assetStatuses == [200, 304])
        // The session's own store (none given) is forgotten with its answers.
        let own = try sandbox.session(store: nil, exchanges: exchanges)
        _ = try await own.assetData(for: Self.logo)
        await own.removeCachedAnswers()
        _ = try await own.assetData(for: Self.logo)
        #expect(exchanges.assetStatuses == [200, 304, 200, 200])
    }

    @Test("C34: offline, a kept asset is answered (and confirmed again next time); without one, the network error")
    func offline() async throws {
        let sandbox = try Sandbox()
        let store = InMemoryAssetStore()
        var configuration = sandbox.server.sessionConfiguration(appIdentifier: "asset-store-tests")
        sandbox.server.stop()
        // Assets on port 1 of loopback, where nothing listens: the port of a stopped sandbox can
        // be taken at once by another test's sandbox (the tests run in parallel), which answers.
        configuration.assetUrl = "http://127.0.0.1:1/assets"
        configuration.assetStore = store
        let session = try ClientSession(configuration)
        let url = try #require(URL(string: configuration.assetUrl + "/" + Self.logo))
        await store.store(StoredAsset(data: [7, 7], entityTag: #""x""#), for: url)
        #expect(try await session.assetData(for: Self.logo) == [7, 7])
        #expect(try await session.assetData(for: Self.logo) == [7, 7])
        await #expect { try await session.assetData(for: "templates/other.png") } throws: { error in
            (error as? ClientAPIError)?.kind == .network
        }
    }

    @Test("a 304 to a request that named no validator is an error, and an HTTP error never answers a kept copy")
    func unexpectedAnswers() async throws {
        let statuses: [String: Int] = ["/assets/always-304.png": 304, "/assets/gone.png": 404]
        var configuration = SandboxConfiguration(data: try SandboxData.samples())
        configuration.intercept = { request in statuses[request.path].map { HTTPResponse(status: $0) } }
        let server = SandboxServer(configuration)
        try server.start()
        defer { server.stop() }
        let store = InMemoryAssetStore()
        var sessionConfiguration = server.sessionConfiguration()
        sessionConfiguration.assetStore = store
        let session = try ClientSession(sessionConfiguration)
        await #expect { try await session.assetData(for: "always-304.png") } throws: { error in
            (error as? ClientAPIError)?.httpStatus == 304 && "\(error)".contains("not conditional")
        }
        await store.store(StoredAsset(data: [1], entityTag: #""x""#), for: try #require(URL(string: server.assetUrl + "/gone.png")))
        await #expect { try await session.assetData(for: "gone.png") } throws: { error in
            (error as? ClientAPIError)?.httpStatus == 404
        }
    }

    @Test("the in-memory store's bounds: bytes, count, largest asset, least recently used first")
    func inMemoryBounds() async throws {
        let store = InMemoryAssetStore(capacity: 100, largestAsset: 40, maximumCount: 3)
        func url(_ name: String) throws -> URL { try #require(URL(string: "https://assets.example/\(name)")) }
        for name in ["a", "b", "c"] { await store.store(StoredAsset(data: [UInt8](repeating: 1, count: 30)), for: try url(name)) }
        #expect(await store.byteCount == 90)
        _ = await store.asset(for: try url("a"))                 // a is now the most recently used
        await store.store(StoredAsset(data: [UInt8](repeating: 2, count: 30)), for: try url("d"))
        #expect(await store.asset(for: try url("b")) == nil)     // the least recently used went
        #expect(await store.asset(for: try url("a")) != nil)
        #expect(await store.byteCount == 90)
        // Over the largest asset: not kept, and the older copy for that URL is forgotten.
        await store.store(StoredAsset(data: [UInt8](repeating: 3, count: 41)), for: try url("a"))
        #expect(await store.asset(for: try url("a")) == nil)
        #expect(await store.byteCount == 60)
        // Validators count.
        await store.store(StoredAsset(data: [UInt8](repeating: 4, count: 30), entityTag: String(repeating: "e", count: 10)), for: try url("e"))
        #expect(await store.byteCount == 100)
        await store.removeAll()
        #expect(await store.byteCount == 0)
        #expect(await store.asset(for: try url("d")) == nil)
        // Nonsense bounds hold nothing rather than trap.
        let none = InMemoryAssetStore(capacity: -1, largestAsset: -5, maximumCount: -2)
        await none.store(StoredAsset(data: []), for: try url("x"))
        #expect(await none.asset(for: try url("x")) == nil)
    }

    @Test("the file-system store's bounds: bytes, count, largest asset, least recently used first")
    func fileSystemBounds() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Each file: about 150 bytes of header and 1,000 of data.
        let store = FileSystemAssetStore(directory: directory, capacity: 3_500, largestAsset: 1_000, maximumCount: 3)
        func url(_ name: String) throws -> URL { try #require(URL(string: "https://assets.example/\(name).png")) }
        func age(_ name: String, seconds: TimeInterval) async throws {
            let file = await store.file(for: try url(name))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -seconds)], ofItemAtPath: file.path)
        }
        for (index, name) in ["a", "b", "c"].enumerated() {
            await store.store(StoredAsset(data: [UInt8](repeating: UInt8(index), count: 1_000)), for: try url(name))
            try await age(name, seconds: Double(100 - index * 10))
        }
        #expect(await store.asset(for: try url("a"))?.data.count == 1_000)   // a is now the most recently used
        await store.store(StoredAsset(data: [UInt8](repeating: 9, count: 1_000)), for: try url("d"))
        #expect(await store.asset(for: try url("b")) == nil)
        #expect(await store.asset(for: try url("a")) != nil)
        #expect(await store.asset(for: try url("c")) != nil)
        #expect(await store.asset(for: try url("d"))?.data == [UInt8](repeating: 9, count: 1_000))
        // Over the largest asset: not kept, and the older copy is removed.
        await store.store(StoredAsset(data: [UInt8](repeating: 1, count: 1_001)), for: try url("d"))
        #expect(await store.asset(for: try url("d")) == nil)
        // Files the store did not write stay.
        let other = directory.appendingPathComponent("notes.txt")
        try Data("mine".utf8).write(to: other)
        await store.removeAll()
        #expect(await store.asset(for: try url("a")) == nil)
        #expect(FileManager.default.fileExists(atPath: other.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.txt"])
    }

    @Test("a file that is not exactly what was written for the URL counts as absent and is removed", arguments: [
        "truncated", "another URL", "no header", "header only",
    ])
    func damagedFiles(damage: String) async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileSystemAssetStore(directory: directory)
        let url = try #require(URL(string: "https://assets.example/logo.png"))
        let elsewhere = try #require(URL(string: "https://assets.example/other.png"))
        await store.store(StoredAsset(data: [1, 2, 3, 4], entityTag: #""v1""#), for: url)
        let file = await store.file(for: url)
        let written = try Data(contentsOf: file)
        switch damage {
        case "truncated": try written.dropLast().write(to: file)
        case "another URL":
            // What was written for another URL, found under this URL's name.
            await store.store(StoredAsset(data: [1, 2, 3, 4]), for: elsewhere)
            try Data(contentsOf: await store.file(for: elsewhere)).write(to: file)
        case "no header": try Data([1, 2, 3, 4]).write(to: file)
        default: try Data(#"{"url": "https://assets.example/logo.png", "byteCount": 4}"#.utf8).write(to: file)
        }
        #expect(await store.asset(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("validators that could not go back out as a header are dropped", arguments: [
        ("\"v1\"", "\"v1\"" as String?), ("W/\"v1\"", "W/\"v1\""), ("a\r\nX-Injected: 1", nil), ("", nil),
        (String(repeating: "e", count: 1_025), nil), ("é", nil),
    ])
    func validators(tag: String, kept: String?) {
        #expect(StoredAsset(data: [], entityTag: tag).entityTag == kept)
        #expect(StoredAsset(data: [], lastModified: tag).lastModified == kept)
        #expect(!StoredAsset(data: [0x41, 0x42], entityTag: tag).description.contains("AB"))
    }
}
