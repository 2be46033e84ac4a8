/// Logos and tooltip images come as paths relative to the platform's asset base URL (the
/// client session's `assetUrl`); a form hands a front end URLs it can load.
enum AssetURL {
    /// `path` joined to `base` with exactly one `/` between them; an absolute `http(s)` URL, or any
    /// path when there is no base, is returned unchanged.
    static func resolve(_ path: String, base: String?) -> String {
        // ASCII case folding is enough: no other character lower-cases into `http://` or `https://`.
        let lowered = String(decoding: path.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        guard let base, !base.isEmpty, !lowered.hasPrefix("https://"), !lowered.hasPrefix("http://") else { return path }
        let trimmedBase = base.hasSuffix("/") ? String(base.dropLast()) : base
        let trimmedPath = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return trimmedBase + "/" + trimmedPath
    }
}
