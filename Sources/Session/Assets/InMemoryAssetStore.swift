import Foundation

/// An ``AssetStore`` in memory, bounded: the least recently used assets go first.
///
/// A session without a store of the app's keeps its assets in one of its own, with the default
/// bounds; an app that shares one between its sessions keeps its logos for the whole run:
///
/// ```swift
/// let assets = InMemoryAssetStore()                  // at most 4 MiB, 512 assets, 1 MiB each
/// var configuration = ClientSessionConfiguration(clientSessionId: sessionId, customerId: customerId,
///                                                clientApiUrl: clientApiUrl, assetUrl: assetUrl)
/// configuration.assetStore = assets
/// ```
///
/// Bounds: at most `capacity` bytes (data and validators) and `maximumCount` assets; an asset over
/// `largestAsset` bytes is not kept (and what was kept for its URL is forgotten).
public actor InMemoryAssetStore: AssetStore {
    /// The most bytes kept together.
    let capacity: Int
    /// The largest asset kept.
    let largestAsset: Int
    /// The most assets kept.
    let maximumCount: Int
    /// The assets by URL.
    private var assets: [String: StoredAsset] = [:]
    /// The URLs, least recently used first.
    private var order: [String] = []
    /// The bytes kept now.
    package private(set) var byteCount = 0

    /// An empty store with these bounds (4 MiB, 1 MiB per asset and 512 assets by default; a
    /// negative bound is 0, and no asset is larger than the capacity).
    public init(capacity: Int = 4 << 20, largestAsset: Int = 1 << 20, maximumCount: Int = 512) {
        self.capacity = max(0, capacity)
        self.largestAsset = min(max(0, largestAsset), max(0, capacity))
        self.maximumCount = max(0, maximumCount)
    }

    /// The asset kept for `url`, which becomes the most recently used; `nil` when none is.
    public func asset(for url: URL) -> StoredAsset? {
        let key = url.absoluteString
        guard let asset = assets[key] else { return nil }
        if let index = order.firstIndex(of: key), index != order.count - 1 { order.append(order.remove(at: index)) }
        return asset
    }

    /// Keeps `asset` for `url`, dropping the least recently used assets to stay within the bounds;
    /// one over `largestAsset` bytes is not kept, and what was kept for `url` is forgotten.
    public func store(_ asset: StoredAsset, for url: URL) {
        let key = url.absoluteString
        remove(key)
        guard asset.storedByteCount <= largestAsset, maximumCount > 0 else { return }
        while !order.isEmpty, byteCount + asset.storedByteCount > capacity || order.count >= maximumCount {
            remove(order[0])
        }
        assets[key] = asset
        order.append(key)
        byteCount += asset.storedByteCount
    }

    /// Forgets every asset.
    public func removeAll() {
        assets.removeAll()
        order.removeAll()
        byteCount = 0
    }

    private func remove(_ key: String) {
        guard let asset = assets.removeValue(forKey: key) else { return }
        byteCount -= asset.storedByteCount
        order.removeAll { $0 == key }
    }
}
