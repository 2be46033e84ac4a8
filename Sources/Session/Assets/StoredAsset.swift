/// An asset (a logo, a tooltip image) as an ``AssetStore`` keeps it: its bytes, and the
/// validators the asset server sent with them, which the session sends back to ask whether the
/// asset changed.
///
/// ```swift
/// let logo = StoredAsset(data: [0x89, 0x50, 0x4E, 0x47], entityTag: #""v3""#, lastModified: "Tue, 24 Nov 2026 08:00:00 GMT")
/// ```
public struct StoredAsset: Sendable, Hashable, CustomStringConvertible {
    /// The bytes as the server sent them (the engine decodes no images).
    public var data: [UInt8]
    /// The answer's `ETag`, as sent (`"v3"`, `W/"v3"`), or `nil`.
    public var entityTag: String?
    /// The answer's `Last-Modified` date, as sent, or `nil`.
    public var lastModified: String?

    /// An asset. A validator that could not be sent back as a header is dropped: longer than
    /// 1,024 characters, empty, or with a character outside printable ASCII.
    public init(data: [UInt8], entityTag: String? = nil, lastModified: String? = nil) {
        self.data = data
        self.entityTag = entityTag.flatMap(Self.validator)
        self.lastModified = lastModified.flatMap(Self.validator)
    }

    /// The longest validator kept: 1,024 characters.
    static let maximumValidatorLength = 1_024

    /// `text` when it can go back out as a header value, else `nil`.
    static func validator(_ text: String) -> String? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumValidatorLength, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        return text
    }

    /// The bytes a store counts for it: the data and the validators.
    var storedByteCount: Int {
        data.count + (entityTag?.utf8.count ?? 0) + (lastModified?.utf8.count ?? 0)
    }

    /// The size and whether it has validators; never the bytes.
    public var description: String {
        "StoredAsset(\(data.count) bytes, ETag: \(entityTag == nil ? "no" : "yes"), Last-Modified: \(lastModified ?? "no"))"
    }
}
