import Foundation

/// Where a ``ClientSession`` keeps the logos and tooltip images it downloads, keyed by their URL,
/// with what the asset server said to recognise them (`ETag`, `Last-Modified`).
///
/// Give one to the session (``ClientSessionConfiguration/assetStore``) to keep assets beyond the
/// session: ``InMemoryAssetStore`` for the app's run, ``FileSystemAssetStore`` across launches
/// (the Connect guide's app keeps its logos on the device and updates them "once newer versions
/// are available"). The session asks the asset server once per session whether a kept asset
/// changed (a conditional `GET`: `If-None-Match`, `If-Modified-Since`); `304 Not Modified` keeps
/// it, a new answer replaces it.
///
/// A store of the app's own (a database, a shared cache) conforms with two methods:
///
/// ```swift
/// actor DictionaryStore: AssetStore {
///     var assets: [URL: StoredAsset] = [:]
///     func asset(for url: URL) -> StoredAsset? { assets[url] }
///     func store(_ asset: StoredAsset, for url: URL) { assets[url] = asset }
/// }
/// ```
///
/// A store is a cache: it may forget anything at any time, and it never makes a call fail.
public protocol AssetStore: Sendable {
    /// The asset kept for `url`, or `nil`.
    func asset(for url: URL) async -> StoredAsset?
    /// Keeps `asset` for `url`, replacing what was kept for it. A store that declines it (too
    /// large for its bounds) forgets what it kept for `url`, which is out of date.
    func store(_ asset: StoredAsset, for url: URL) async
}
