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
    /// Kept for the session, as the Connect SDK keeps the logos and tooltip images it fetched:
    /// asking again for the same URL answers from memory, and concurrent identical calls share
    /// one request. The memory is bounded: at most 4 MiB of assets per session, the least
    /// recently used dropped first; an asset over 1 MiB is not kept. Failed answers are not
    /// kept. ``removeCachedAnswers()`` forgets them too.
    public func assetData(for pathOrURL: String) async throws(ClientAPIError) -> [UInt8] {
        guard let url = assetURL(for: pathOrURL) else {
            throw ClientAPIError(kind: .configuration, call: "GET asset", reason: "the asset path cannot be resolved to an http or https URL")
        }
        let call = "GET asset"
        let request = ClientAPIRequest(method: "GET", url: url, headers: [HTTPHeaderField("Accept", "image/*")], timeout: configuration.timeout)
        let load: @Sendable () async throws -> [UInt8] = { [self] in
            let response = try await self.send(request, call: call)
            guard (200..<300).contains(response.statusCode) else {
                throw ClientAPIError(kind: .http(status: response.statusCode), call: call, reason: "the asset server answered HTTP \(response.statusCode)"
                    + ((300..<400).contains(response.statusCode) ? ", a redirect, which is not followed" : ""))
            }
            return response.body
        }
        do {
            return try await cache.value(for: "ASSET " + url.absoluteString, policy: .keepBounded, load: load)
        } catch let error as ClientAPIError {
            throw error
        } catch {
            throw ClientAPIError(kind: .cancelled, call: call, reason: "the call was cancelled")
        }
    }
}
