import Foundation
import Testing
import PaymentFormTestSupport
@testable import PaymentFormSandbox
@testable import PaymentFormSandboxServerAPI

/// The Server API is one table with a row per operation (``ServerAPIOperation``): the routes, the
/// dispatch and docs/backend-tests.md's table of every operation all come from its rows.
@Suite("Server API: the operation table")
struct ServerAPIOperationTableTests {
    static let document = "docs/backend-tests.md"
    static let start = "<!-- operations: generated from the rows of ServerAPIOperation.table"
    static let end = "<!-- /operations -->"

    /// `PAYFORM_UPDATE_GOLDEN=1` rewrites the table (as it does the golden answers).
    static let updating = ProcessInfo.processInfo.environment["PAYFORM_UPDATE_GOLDEN"] == "1"

    @Test("docs/backend-tests.md's table of every operation is the one generated from the rows")
    func documented() throws {
        let url = PackageFiles.url(Self.document)
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: Self.start), "no line starting \(Self.start) in \(Self.document)")
        let startLine = try #require(text[start.upperBound...].firstIndex(of: "\n"))
        let end = try #require(text.range(of: Self.end, range: startLine..<text.endIndex), "no \(Self.end) after the start marker")
        let found = String(text[text.index(after: startLine)..<end.lowerBound])
        let wanted = ServerAPIOperation.markdownTable
        if found != wanted, Self.updating {
            try (text[..<text.index(after: startLine)] + wanted + text[end.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(found == wanted || Self.updating, """
            \(Self.document)'s operations table differs from ServerAPIOperation.table; if the rows are right, regenerate it with \
            PAYFORM_UPDATE_GOLDEN=1 swift test --filter ServerAPIOperationTableTests
            """)
    }

    @Test("each row is one operation: no two rows answer the same method and path on one version")
    func unique() {
        var seen = Set<String>()
        for operation in ServerAPIOperation.table {
            for version in operation.versions {
                let key = "\(operation.root) \(version) \(operation.documentedCall)"
                #expect(seen.insert(key).inserted, "\(key) twice")
            }
        }
        #expect(seen.count == ServerAPIVersion.allCases.map(ServerAPIOperation.operationCount).reduce(0, +))
    }

    @Test("a row's docs line fits in one table cell: no pipe, no line break, not empty")
    func docsLines() {
        for operation in ServerAPIOperation.table {
            #expect(!operation.docs.isEmpty && !operation.docs.contains("|") && !operation.docs.contains("\n"), "\(operation.documentedCall)")
        }
    }

    static let resolutions: [(ServerAPIOperation.Root, ServerAPIVersion, String, String, String?)] = [
        (.merchant, .v1, "POST", "payments/p1/approve", "POST /VERSION/MERCHANT/payments/ID/approve"),
        (.merchant, .v2, "POST", "payments/p1/approve", nil),
        (.merchant, .v2, "GET", "payments/p1/details", "GET /VERSION/MERCHANT/payments/ID/details"),
        (.files, .v1, "POST", "disputes/d1", "POST /files/v1/MERCHANT/disputes/ID"),
        (.merchantGroup, .v2, "POST", "paymentlinks/search", "POST /v2/merchant-groups/GROUP/paymentlinks/search"),
        (.merchant, .v2, "POST", "paymentlinks/search", nil),
        (.merchant, .v1, "GET", "payments//refunds", nil),
    ]

    @Test("a path resolves to its row, with its ids; another version or root does not", arguments: resolutions)
    func resolves(root: ServerAPIOperation.Root, version: ServerAPIVersion, method: String, path: String, call: String?) {
        let rest = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch ServerAPIOperation.resolve(root: root, version: version, method: method, rest: rest, prefix: "/x") {
        case .operation(let match):
            #expect(match.operation.documentedCall == call)
            #expect(match.ids == rest.filter { $0.hasPrefix("p1") || $0.hasPrefix("d1") })
        case .wrongMethod, .noSuchRoute:
            #expect(call == nil)
        }
    }

    @Test("a known path with another method lists the methods it takes")
    func wrongMethod() {
        var allowed: [String] = []
        if case .wrongMethod(let methods) = ServerAPIOperation.resolve(root: .merchant, version: .v1, method: "PATCH", rest: ["tokens", "t1"], prefix: "/x") {
            allowed = methods
        }
        #expect(Set(allowed) == ["GET", "PUT", "DELETE"])
    }
}
