import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormJSON
import PaymentFormTestSupport
@testable import PaymentFormEngineTesting
@testable import PaymentFormSandbox

/// `Content-Encoding: gzip` on the Server API (the Online Payments SDKs' `CallContext(gzip=True)`,
/// always used for merchant batches): inflated within the body bound, bombs refused.
@Suite("Server API: gzip bodies")
struct ServerAPIGzipTests {
    static func vector(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: PackageFiles.url("Tests/Vectors/gzip/\(name)")))
    }

    @Test("stored, fixed-Huffman and dynamic-Huffman members (made by zlib) inflate to their text", arguments: [
        ("stored.gz", "batch-2000.json"), ("fixed.gz", "batch.json"), ("dynamic.gz", "batch.json"),
    ])
    func knownAnswers(member: String, text: String) throws {
        #expect(try GzipInflater.inflate(Self.vector(member), limit: 64 << 10) == Self.vector(text))
    }

    @Test("a bomb stops at the limit; broken members are refused, never trapped on")
    func refusals() throws {
        #expect(throws: GzipInflater.Failure.tooLarge) { try GzipInflater.inflate(GzipBomb.zeros(count: 10 << 20), limit: 64 << 10) }
        #expect(throws: GzipInflater.Failure.tooLarge) { try GzipInflater.inflate(Self.vector("dynamic.gz"), limit: 1_000) }
        let good = try Self.vector("dynamic.gz")
        var corrupted = good
        corrupted[corrupted.count - 8] ^= 1
        #expect(throws: GzipInflater.Failure.malformed("CRC-32 mismatch")) { try GzipInflater.inflate(corrupted, limit: 64 << 10) }
        for cut in [0, 3, 12, good.count / 2, good.count - 9, good.count - 1] {
            #expect(throws: (any Error).self, "cut at \(cut)") { try GzipInflater.inflate(Array(good.prefix(cut)), limit: 64 << 10) }
        }
        var generator = SeededGenerator(seed: 48)
        for _ in 0..<2_000 {
            var noisy = good
            for _ in 0..<3 { noisy[Int.random(in: 10..<(noisy.count - 8), using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            _ = try? GzipInflater.inflate(noisy, limit: 64 << 10)
        }
        #expect(GzipInflater.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("a signed gzip body is inflated before it is read: a session, a batch; a bomb is 413")
    func overTheServerAPI() throws {
        let base = try ServerAPITests()
        func post(_ path: String, _ body: [UInt8]) -> ServerAnswer {
            var request = base.signer.request("POST", path, body: "")
            request.headers = HTTPHeaders(base.signer.headers(method: "POST", target: path, json: true).map { HTTPHeaderField($0.0, $0.1) }
                + [HTTPHeaderField("Content-Encoding", "gzip")])
            request.body = body
            return ServerAnswer(base.server.respond(to: request, fromLoopback: true))
        }
        let batch = post("/v2/\(ServerAPITests.merchant)/merchant-batches", try Self.vector("dynamic.gz"))
        #expect(batch.status == 201 && batch.string("merchantBatchReference") == "batch-1")
        let bomb = post("/v2/\(ServerAPITests.merchant)/sessions", GzipBomb.zeros(count: 1 << 20))
        #expect(bomb.status == 413 && bomb.error("id") == "REQUEST_TOO_LARGE")
        let broken = post("/v2/\(ServerAPITests.merchant)/sessions", [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(broken.status == 400)
    }
}
