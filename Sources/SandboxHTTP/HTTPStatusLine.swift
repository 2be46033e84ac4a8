/// The status line of an HTTP/1.x answer, read from the answer's first bytes (what the webhook
/// posts of the sandbox's Server API read of an answer).
///
/// ```swift
/// HTTPStatusLine.read(Array("HTTP/1.1 204 No Content\r\n".utf8))   // .final(204)
/// HTTPStatusLine.read(Array("HTTP/1.1 2".utf8))                      // .incomplete
/// ```
package enum HTTPStatusLine: Equatable {
    /// The final status (`1xx` aside, `101` included).
    case final(Int)
    /// A `1xx` interim head of `consumed` bytes, to be skipped.
    case interim(consumed: Int)
    /// More bytes are needed.
    case incomplete
    /// Not an HTTP/1.x answer.
    case malformed(String)

    /// What `bytes` (the answer from its start, or from after the interim heads skipped) hold.
    package static func read(_ bytes: [UInt8]) -> HTTPStatusLine {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            let prefix = Array("HTTP/1.".utf8)
            return bytes.elementsEqual(prefix.prefix(bytes.count)) || bytes.starts(with: prefix) ? .incomplete
                : .malformed("the answer is not HTTP/1.x")
        }
        var line = bytes[..<newline]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        let text = Array(line)
        // HTTP/1.x SP 3DIGIT [SP reason]
        guard text.count >= 12, text.starts(with: Array("HTTP/1.".utf8)), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[7]),
              text[8] == UInt8(ascii: " "), text[9..<12].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              text.count == 12 || text[12] == UInt8(ascii: " ")
        else { return .malformed("the answer's status line is not HTTP/1.x") }
        let status = text[9..<12].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard (100...599).contains(status) else { return .malformed("the answer's status \(status) is out of range") }
        guard status < 200, status != 101 else { return .final(status) }
        // An interim head ends with an empty line.
        var index = newline + 1
        while index < bytes.count {
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return .incomplete }
            let isEmpty = end == index || (end == index + 1 && bytes[index] == UInt8(ascii: "\r"))
            index = end + 1
            if isEmpty { return .interim(consumed: index) }
        }
        return .incomplete
    }
}
