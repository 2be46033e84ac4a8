import Foundation
internal import PaymentFormEncryption
internal import PaymentFormJSON

/// An ``AssetStore`` in a folder, so logos and tooltip images outlive the app's run: each asset
/// is one file, and the least recently used go first when the bounds are reached.
///
/// ```swift
/// let caches = FileManager.default.temporaryDirectory.appendingPathComponent("payment-assets")
/// var configuration = ClientSessionConfiguration(clientSessionId: sessionId, customerId: customerId,
///                                                clientApiUrl: clientApiUrl, assetUrl: assetUrl)
/// configuration.assetStore = FileSystemAssetStore(directory: caches)
/// ```
///
/// On Apple platforms, a folder under the app's caches directory suits it (the system may empty
/// it; the session then downloads again). Each file is named after the SHA-256 of its URL and
/// ends in `.asset`: a line of JSON (the URL, the validators, the size), then the bytes. Files
/// the store did not write are left alone; a file that cannot be read back exactly (another URL,
/// another size, a damaged header) is removed and counts as absent.
///
/// Bounds: at most `capacity` bytes of files (8 MiB by default) and `maximumCount` assets (512);
/// an asset over `largestAsset` bytes (1 MiB) is not kept, nor one whose URL is over 4,096
/// characters. File errors (a full disk, a folder that cannot be made) are not reported: the
/// store answers nothing and the session downloads.
public actor FileSystemAssetStore: AssetStore {
    /// The folder of the files (made at the first store).
    let directory: URL
    /// The most bytes of files kept together.
    let capacity: Int
    /// The largest asset kept.
    let largestAsset: Int
    /// The most assets kept.
    let maximumCount: Int

    /// A store in `directory` (made when the first asset is stored), with these bounds (a negative
    /// bound is 0).
    public init(directory: URL, capacity: Int = 8 << 20, largestAsset: Int = 1 << 20, maximumCount: Int = 512) {
        self.directory = directory
        self.capacity = max(0, capacity)
        self.largestAsset = min(max(0, largestAsset), max(0, capacity))
        self.maximumCount = max(0, maximumCount)
    }

    /// The asset kept for `url`, which becomes the most recently used; `nil` when none is (or its
    /// file cannot be read back exactly).
    public func asset(for url: URL) -> StoredAsset? {
        let file = self.file(for: url)
        let manager = FileManager.default
        guard let size = (try? manager.attributesOfItem(atPath: file.path))?[.size] as? NSNumber else { return nil }
        guard size.intValue <= largestAsset + Self.maximumHeaderBytes, let contents = manager.contents(atPath: file.path),
              let asset = Self.read(contents, url: url)
        else {
            try? manager.removeItem(at: file)
            return nil
        }
        try? manager.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return asset
    }

    /// Keeps `asset` for `url` in its file, then removes the least recently used files beyond the
    /// bounds; an asset over `largestAsset` bytes (or with a URL over 4,096 characters) is not
    /// kept, and what was kept for `url` is removed.
    public func store(_ asset: StoredAsset, for url: URL) {
        let file = self.file(for: url)
        let manager = FileManager.default
        try? manager.removeItem(at: file)
        let key = url.absoluteString
        guard asset.data.count <= largestAsset, key.utf8.count <= Self.maximumURLLength, maximumCount > 0 else { return }
        let header = JSONValue.object(JSONObject([
            (key: "url", value: .string(key)),
            (key: "entityTag", value: asset.entityTag.map(JSONValue.string) ?? .null),
            (key: "lastModified", value: asset.lastModified.map(JSONValue.string) ?? .null),
            (key: "byteCount", value: .number(String(asset.data.count))),
        ]))
        var contents = Data(JSONWriter().bytes(from: header))
        contents.append(UInt8(ascii: "\n"))
        contents.append(contentsOf: asset.data)
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
            try contents.write(to: file, options: .atomic)
        } catch {
            return
        }
        trim(keeping: file)
    }

    /// Removes every file the store wrote (`*.asset` in its folder).
    public func removeAll() {
        for entry in entries() { try? FileManager.default.removeItem(at: entry.file) }
    }

    // MARK: - Files

    /// The longest URL kept.
    static let maximumURLLength = 4_096
    /// The longest header line: the URL, two validators and the size, written as JSON.
    static let maximumHeaderBytes = 8 << 10
    /// The files' suffix.
    static let suffix = ".asset"

    /// The file for `url`: the SHA-256 of its text, in hex, with ``suffix``.
    package func file(for url: URL) -> URL {
        let digest = SHA256.hash(Array(url.absoluteString.utf8))
        let name = digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        return directory.appendingPathComponent(name + Self.suffix)
    }

    /// The asset in `contents` when it is the one for `url`, exactly as written.
    static func read(_ contents: Data, url: URL) -> StoredAsset? {
        let bytes = [UInt8](contents)
        guard let newline = bytes.prefix(maximumHeaderBytes).firstIndex(of: UInt8(ascii: "\n")),
              case .object(let header)? = try? JSONParser().parse(bytes[..<newline]),
              case .string(let key)? = header["url"], key == url.absoluteString,
              case .number(let count)? = header["byteCount"], let byteCount = Int(count), byteCount == bytes.count - newline - 1
        else { return nil }
        func text(_ name: String) -> String? {
            if case .string(let value)? = header[name] { return value }
            return nil
        }
        return StoredAsset(data: Array(bytes[(newline + 1)...]), entityTag: text("entityTag"), lastModified: text("lastModified"))
    }

    /// The store's files with their sizes and last use, least recently used first.
    private func entries() -> [(file: URL, bytes: Int, used: Date)] {
        let manager = FileManager.default
        let names = (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
        var entries: [(file: URL, bytes: Int, used: Date)] = []
        for name in names where name.hasSuffix(Self.suffix) {
            let file = directory.appendingPathComponent(name)
            guard let attributes = try? manager.attributesOfItem(atPath: file.path) else { continue }
            let bytes = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let used = attributes[.modificationDate] as? Date ?? .distantPast
            entries.append((file, bytes, used))
        }
        return entries.sorted { $0.used < $1.used }
    }

    /// Removes the least recently used files until the bounds hold, never `kept` (the file just
    /// written, which fits on its own).
    private func trim(keeping kept: URL) {
        var entries = entries()
        var total = entries.reduce(0) { $0 + $1.bytes }
        var index = 0
        while index < entries.count, total > capacity || entries.count > maximumCount {
            guard entries[index].file.standardizedFileURL != kept.standardizedFileURL else {
                index += 1
                continue
            }
            try? FileManager.default.removeItem(at: entries[index].file)
            total -= entries[index].bytes
            entries.remove(at: index)
        }
    }
}
