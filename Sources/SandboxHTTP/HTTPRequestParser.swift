import PaymentFormEngine

/// A small, strict HTTP/1.x request parser: feed it the bytes received so far, it answers
/// "need more", a complete request (and how many bytes it used), or an error with the status to
/// answer.
///
/// What it accepts (RFC 9112, strictly): a request line `METHOD SP origin-form SP HTTP/1.x`,
/// header lines `name: value` ending in CRLF (no bare CR or LF, no line folding, values of
/// visible ASCII, spaces and tabs only), a `Host` header for HTTP/1.1, a body only by `Content-Length` (one value, or
/// repeated identically). It refuses `Transfer-Encoding` (501), heads over
/// ``Limits/maximumHeadBytes`` or ``Limits/maximumHeaderCount`` fields (431), bodies over
/// ``Limits/maximumBodyBytes`` (413, decided from the head, before the body is read), other HTTP
/// versions (505) and expectations other than `100-continue` (417).
///
/// It is incremental: the search for the end of the head resumes where it stopped, so feeding a
/// head byte by byte costs linear time.
///
/// ```swift
/// var parser = HTTPRequestParser()
/// switch parser.parse(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) {
/// case .complete(let request, let used): print(request.method, used)   // GET 27
/// case .incomplete: break   // read more bytes
/// case .failure(let error): print(error.status)
/// }
/// ```
package struct HTTPRequestParser: Sendable {
    /// The bounds a request must stay within.
    package struct Limits: Sendable, Hashable {
        /// Request line and header fields, CRLFs included (default 16 KiB).
        package var maximumHeadBytes: Int
        /// The body (default 1 MiB).
        package var maximumBodyBytes: Int
        /// Header fields (default 100).
        package var maximumHeaderCount: Int

        /// Limits; the defaults are the sandbox's.
        package init(maximumHeadBytes: Int = 16 << 10, maximumBodyBytes: Int = 1 << 20, maximumHeaderCount: Int = 100) {
            self.maximumHeadBytes = maximumHeadBytes
            self.maximumBodyBytes = maximumBodyBytes
            self.maximumHeaderCount = maximumHeaderCount
        }
    }

    /// The outcome of ``parse(_:)``.
    package enum Outcome: Sendable, Hashable {
        /// More bytes are needed.
        case incomplete
        /// A request, which used the first `consumed` bytes.
        case complete(HTTPRequest, consumed: Int)
        /// The bytes are not acceptable; answer `error.status` and close the connection.
        case failure(HTTPParseError)
    }

    private struct Head: Sendable {
        package var request: HTTPRequest
        package var headLength: Int
        package var contentLength: Int
        package var expectsContinue: Bool
    }

    /// The limits enforced.
    package let limits: Limits
    private var scanned = 0
    private var head: Head?

    /// A parser for one connection's requests, one after the other (call ``reset()`` between).
    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Whether the head asked for `100 Continue` and its body is not complete yet.
    package var isAwaitingBodyAfterContinue: Bool { head?.expectsContinue ?? false }

    /// Forgets the request in progress, to parse the next one.
    package mutating func reset() {
        scanned = 0
        head = nil
    }

    /// Parses the bytes received so far for the current request (the start of `buffer` is the
    /// start of the request).
    package mutating func parse(_ buffer: [UInt8]) -> Outcome {
        if head == nil {
            guard let end = findHeadEnd(buffer) else {
                if buffer.count > limits.maximumHeadBytes {
                    return .failure(HTTPParseError(status: 431, reason: "the request line and headers are longer than \(limits.maximumHeadBytes) bytes"))
                }
                return .incomplete
            }
            let headLength = end + 4
            guard headLength <= limits.maximumHeadBytes else {
                return .failure(HTTPParseError(status: 431, reason: "the request line and headers are longer than \(limits.maximumHeadBytes) bytes"))
            }
            switch parseHead(buffer[0..<end]) {
            case .success(var parsed):
                parsed.headLength = headLength
                head = parsed
            case .failure(let error):
                return .failure(error)
            }
        }
        guard let head else { return .incomplete }
        let total = head.headLength + head.contentLength
        guard buffer.count >= total else { return .incomplete }
        var request = head.request
        request.body = Array(buffer[head.headLength..<total])
        return .complete(request, consumed: total)
    }

    /// The index of the first `\r\n\r\n`, resuming the search where the last call stopped.
    private mutating func findHeadEnd(_ buffer: [UInt8]) -> Int? {
        var index = max(0, scanned - 3)
        let limit = min(buffer.count, limits.maximumHeadBytes + 4)
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        scanned = limit
        return nil
    }

    private func parseHead(_ bytes: ArraySlice<UInt8>) -> Result<Head, HTTPParseError> {
        // Lines end in CRLF; a CR or LF anywhere else is refused.
        var lines: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 13 {
                guard index + 1 < bytes.endIndex, bytes[index + 1] == 10 else { return .failure(.malformed("a CR is not followed by LF")) }
                lines.append(bytes[start..<index])
                index += 2
                start = index
                continue
            }
            if byte == 10 { return .failure(.malformed("a line ends in a bare LF")) }
            index += 1
        }
        lines.append(bytes[start..<bytes.endIndex])

        guard let requestLine = lines.first else { return .failure(.malformed("the request line is missing")) }
        let parts = requestLine.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return .failure(.malformed("the request line is not METHOD SP TARGET SP VERSION")) }
        let method = parts[0], target = parts[1], version = parts[2]
        guard !method.isEmpty, method.count <= 32, method.allSatisfy(isTokenByte) else {
            return .failure(.malformed("the method is not a token"))
        }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: "#") }) else {
            return .failure(.malformed("the request target is not an absolute path (origin-form)"))
        }
        let minorVersion: Int
        switch Array(version) {
        case Array("HTTP/1.1".utf8): minorVersion = 1
        case Array("HTTP/1.0".utf8): minorVersion = 0
        default:
            let shape = Array(version)
            if shape.count == 8, shape.starts(with: Array("HTTP/".utf8)), isDigit(shape[5]), shape[6] == UInt8(ascii: "."), isDigit(shape[7]) {
                return .failure(HTTPParseError(status: 505, reason: "only HTTP/1.1 and HTTP/1.0 are supported"))
            }
            return .failure(.malformed("the HTTP version is malformed"))
        }

        var headers: HTTPHeaders = []
        var contentLength: Int?
        var hostCount = 0
        var hasTransferEncoding = false
        var expectsContinue = false
        for line in lines.dropFirst() {
            guard headers.count < limits.maximumHeaderCount else {
                return .failure(HTTPParseError(status: 431, reason: "more than \(limits.maximumHeaderCount) header fields"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return .failure(.malformed("a header line has no colon")) }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
                return .failure(.malformed("a header name is empty or not a token (or a line is folded)"))
            }
            var value = line[(colon + 1)...]
            while let first = value.first, first == 32 || first == 9 { value = value.dropFirst() }
            while let last = value.last, last == 32 || last == 9 { value = value.dropLast() }
            // Visible ASCII, spaces and tabs only: no control characters, and no obs-text (bytes
            // over 127), which clients do not need and which would not round-trip as text.
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 < 127) }) else {
                return .failure(.malformed("a header value has a control character or a non-ASCII byte"))
            }
            let nameText = String(decoding: name, as: UTF8.self)
            let valueText = String(decoding: value, as: UTF8.self)
            switch nameText.lowercased() {
            case "content-length":
                guard !value.isEmpty, value.count <= 10, value.allSatisfy(isDigit), let length = Int(valueText) else {
                    return .failure(.malformed("Content-Length is not a number"))
                }
                if let contentLength, contentLength != length { return .failure(.malformed("Content-Length is given twice with different values")) }
                contentLength = length
            case "transfer-encoding":
                hasTransferEncoding = true
            case "host":
                hostCount += 1
            case "expect":
                guard valueText.lowercased() == "100-continue" else {
                    return .failure(HTTPParseError(status: 417, reason: "only the 100-continue expectation is supported"))
                }
                expectsContinue = true
            default:
                break
            }
            headers.append(HTTPHeaderField(nameText, valueText))
        }
        if hasTransferEncoding {
            if contentLength != nil { return .failure(.malformed("both Transfer-Encoding and Content-Length are given")) }
            return .failure(HTTPParseError(status: 501, reason: "Transfer-Encoding is not supported; send Content-Length"))
        }
        if minorVersion == 1, hostCount != 1 { return .failure(.malformed("an HTTP/1.1 request needs exactly one Host header")) }
        if hostCount > 1 { return .failure(.malformed("the Host header is given more than once")) }
        let length = contentLength ?? 0
        guard length <= limits.maximumBodyBytes else {
            return .failure(HTTPParseError(status: 413, reason: "the body is larger than \(limits.maximumBodyBytes) bytes"))
        }
        let request = HTTPRequest(
            method: String(decoding: method, as: UTF8.self), target: String(decoding: target, as: UTF8.self),
            minorVersion: minorVersion, headers: headers)
        return .success(Head(request: request, headLength: 0, contentLength: length, expectsContinue: expectsContinue && length > 0))
    }
}

private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

/// RFC 9110 `tchar`.
private func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
    case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"),
         UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"),
         UInt8(ascii: "~"):
        true
    default: false
    }
}
