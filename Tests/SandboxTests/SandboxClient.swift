import Foundation
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormSandboxClientAPI

/// One answer read off the wire: status, header fields as sent, body.
struct RawAnswer: CustomStringConvertible {
    let status: Int
    let headers: [(name: String, value: String)]
    let body: String

    /// The value of the first header field named `name` (case-insensitive).
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body as JSON (`.null` when it is not JSON).
    var json: JSONValue { (try? JSONParser().parse(Array(body.utf8))) ?? .null }

    /// The first error item's member `key`.
    func error(_ key: String) -> JSONValue? {
        guard case .array(let errors)? = json["errors"] else { return nil }
        return errors.first?[key]
    }

    var description: String { "\(status) \(headers.map { "\($0.name): \($0.value)" }) \(body.prefix(300))" }
}

/// A sandbox on a free loopback port with customer `c1` and session `s1`, and raw HTTP/1.1 requests
/// to it over a real socket (so every header on the wire is seen, as a browser sees it).
struct SandboxClient {
    let server: SandboxServer
    static let authorization = ("Authorization", "GCS v1Client:s1")

    init(cors: SandboxCORS = SandboxCORS(), data: SandboxData? = nil) throws {
        server = SandboxServer(SandboxConfiguration(data: try data ?? SandboxData.samples(), customerId: "c1", clientSessionId: "s1", cors: cors))
        try server.start()
    }

    func stop() { server.stop() }

    /// Sends one request (`Connection: close`) and reads the whole answer.
    func send(_ method: String, _ target: String, headers: [(String, String)] = [authorization], body: String? = nil) async -> RawAnswer {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        let port = server.port
        let request = text
        let raw = await onThread { () -> String in
            guard let connection = try? RawConnection(port: port) else { return "" }
            connection.send(request)
            return connection.readToEnd()
        }
        return Self.parse(raw)
    }

    /// A JSON POST to a Client API call of customer `c1`.
    func post(_ path: String, _ body: String, version: String = "v1", headers: [(String, String)] = [authorization]) async -> RawAnswer {
        await send("POST", "/client/\(version)/c1/\(path)", headers: headers, body: body)
    }

    static func parse(_ raw: String) -> RawAnswer {
        guard let end = raw.range(of: "\r\n\r\n") else { return RawAnswer(status: 0, headers: [], body: raw) }
        let lines = raw[..<end.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.dropFirst("HTTP/1.1 ".count).prefix(3)) } ?? 0
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return RawAnswer(status: status, headers: headers, body: String(raw[end.upperBound...]))
    }
}
