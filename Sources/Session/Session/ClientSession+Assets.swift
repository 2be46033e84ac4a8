import Foundation

extension ClientSession {
    /// The URL of a logo or tooltip image as the API sends it: an absolute `http(s)` URL is kept
    /// (Online Payments sends those), a path is resolved against the asset URL (Connect sends
    /// `templates/master/global/css/img/ppimages/pp_logo_1_v1.png`). `nil` for anything else.
    ///
    /// ```swift
    /// let logo = session.assetURL(for: product.displayHints.logo ?? "")
    /// ```
    public func assetURL(for pathOrURL: String) -> URL? {
        let trimmed = pathOrURL.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        if let absolute = URL(string: trimmed), let scheme = absolute.scheme?.lowercased() {
            return scheme == "http" || scheme == "https" ? absolute : nil
        }
        let base = assetBaseURL.absoluteString
        if trimmed.hasPrefix(base + "/") { return URL(string: trimmed) }
        var path = Substring(trimmed)
        while path.hasPrefix("/") { path = path.dropFirst() }
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? ""
        }.joined(separator: "/")
        guard !encoded.split(separator: "/").contains(where: { $0 == ".." }) else { return nil }
        return URL(string: base + "/" + encoded)
    }

    /// Downloads an asset (logo, tooltip image) with the session's transport and timeout,
    /// without the session's credentials; the bytes are returned as they are (the engine decodes
    /// no images).
    ///
    /// Kept in the configuration's ``ClientSessionConfiguration/assetStore`` (by default the
    /// session's own, in memory: at most 4 MiB, an asset over 1 MiB not kept, the least recently
    /// used dropped first), keyed by URL with the answer's `ETag` and `Last-Modified`:
    /// - the first time in a session an asset is asked for, a kept copy is confirmed with a
    ///   conditional `GET` (`If-None-Match`, `If-Modified-Since`): `304 Not Modified` answers the
    ///   kept bytes, a new answer replaces them; without a kept copy (or validators) it is a plain
    ///   `GET`;
    /// - later in the session, a kept copy is answered without a request;
    /// - when the asset server cannot be reached (a network error, a timeout), a kept copy is
    ///   answered, and confirmed again next time.
    ///
    /// Concurrent identical calls share one request. Failed answers are not kept.
    /// ``removeCachedAnswers()`` forgets which assets were confirmed (and the session's own store).
    ///
    /// ```swift
    /// let png = try await session.assetData(for: product.displayHints.logo ?? "")
    /// ```
    public func assetData(for pathOrURL: String) async throws(ClientAPIError) -> [UInt8] {
        let call = "GET asset"
        guard let url = assetURL(for: pathOrURL) else {
            throw ClientAPIError(kind: .configuration, call: call, reason: "the asset path cannot be resolved to an http or https URL")
        }
        let key = url.absoluteString
        let store = assetStore
        if await cache.isAssetValidated(key), let kept = await store.asset(for: url) { return kept.data }
        let load: @Sendable () async throws -> [UInt8] = { [self] in
            let stored = await store.asset(for: url)
            var headers: HTTPHeaders = [HTTPHeaderField("Accept", "image/*")]
            if let tag = stored?.entityTag { headers.append(HTTPHeaderField("If-None-Match", tag)) }
            if let date = stored?.lastModified { headers.append(HTTPHeaderField("If-Modified-Since", date)) }
            let request = ClientAPIRequest(method: "GET", url: url, headers: headers, timeout: configuration.timeout)
            let response: ClientAPIResponse
            do throws(ClientAPIError) {
                response = try await self.send(request, call: call)
            } catch {
                // Offline: the kept copy beats no logo; it is confirmed again next time.
                if let stored, error.kind == .network || error.kind == .timeout { return stored.data }
                throw error
            }
            if response.statusCode == 304 {
                guard let stored, stored.entityTag != nil || stored.lastModified != nil else {
                    throw ClientAPIError(kind: .http(status: 304), call: call,
                                         reason: "the asset server answered HTTP 304 Not Modified to a request that was not conditional")
                }
                // A 304 may carry new validators for the same bytes.
                let confirmed = StoredAsset(data: stored.data, entityTag: response.header("ETag") ?? stored.entityTag,
                                            lastModified: response.header("Last-Modified") ?? stored.lastModified)
                if confirmed != stored { await store.store(confirmed, for: url) }
                await self.cache.markAssetValidated(key)
                return stored.data
            }
            guard (200..<300).contains(response.statusCode) else {
                throw ClientAPIError(kind: .http(status: response.statusCode), call: call, reason: "the asset server answered HTTP \(response.statusCode)"
                    + ((300..<400).contains(response.statusCode) ? ", a redirect, which is not followed" : ""))
            }
            await store.store(StoredAsset(data: response.body, entityTag: response.header("ETag"), lastModified: response.header("Last-Modified")), for: url)
            await self.cache.markAssetValidated(key)
            return response.body
        }
        do {
            return try await cache.value(for: "ASSET " + key, policy: .shareInFlight, load: load)
        } catch let error as ClientAPIError {
            throw error
        } catch {
            throw ClientAPIError(kind: .cancelled, call: call, reason: "the call was cancelled")
        }
    }
}
