import Foundation
@testable import PaymentFormSandboxHTTP
import Testing
import PaymentFormEngine
import PaymentFormEngineTesting
@testable import PaymentFormSandbox
import PaymentFormTestSupport
/// The session against what the Connect Swift SDK guide (seed 003) documents, over real
/// loopback HTTP: each test names the guide line it answers.
@Suite("ClientSession: the Connect guide, line by line", .timeLimit(.minutes(10)))
struct ConnectGuideSessionTests {
    let context = SandboxHarness.context

    /// Counts the asset requests an intercept answers, serving `size` bytes for `/assets/big-N.png`.
    final class AssetServer: Sendable {
        private let counts = Shared<[String: Int]>([:])

        func answer(_ request: HTTPRequest) -> HTTPResponse? {
            guard request.path.hasPrefix("/assets/") else { return nil }
            counts.withLock { $0[request.path, default: 0] += 1 }
            let name = request.path.dropFirst("/assets/".count)
            guard name.hasPrefix("kib-"), let kib = Int(name.dropFirst(4).prefix { $0.isNumber }) else { return nil }
            return HTTPResponse(status: 200, headers: [HTTPHeaderField("Content-Type", "image/png")], body: [UInt8](repeating: 0x42, count: kib * 1024))
        }

        func count(_ path: String) -> Int {
            counts.value["/assets/" + path] ?? 0
        }
    }

    // Guide: the SDK offers "caching of payment product logos and caching of images used to offer
    // additional information about payment products"; they used to be fetched on every call.
    @Test("logos and tooltip images are kept for the session: one request per image")
    func assetsAreKept() async throws {
        let assets = AssetServer()
        let harness = try SandboxHarness(intercept: assets.answer)
        defer { harness.stop() }
        let logo = "templates/master/global/css/img/ppimages/pp_logo_1_v1.png"
        let first = try await harness.session.assetData(for: logo)
        let second = try await harness.session.assetData(for: logo)
        #expect(first == second)
        #expect(first.starts(with: Array("<svg ".utf8)))
        #expect(assets.count(logo) == 1)
        // The same image through its absolute URL is the same entry.
        _ = try await harness.session.assetData(for: harness.server.assetUrl + "/" + logo)
        #expect(assets.count(logo) == 1)
        // Concurrent calls share one request.
        async let a = harness.session.assetData(for: "kib-10-a.png")
        async let b = harness.session.assetData(for: "kib-10-a.png")
        let (left, right) = try await (a, b)
        #expect(left.count == 10 * 1024 && left == right)
        #expect(assets.count("kib-10-a.png") == 1)
        // A failed answer is not kept.
        for _ in 0..<2 { _ = try? await harness.session.assetData(for: "not/there.png") }
        #expect(assets.count("not/there.png") == 2)
        // Forgetting the session's answers forgets the images.
        await harness.session.removeCachedAnswers()
        _ = try await harness.session.assetData(for: logo)
        #expect(assets.count(logo) == 2)
    }

    @Test("the kept images are bounded: 4 MiB per session, least recently used dropped first, none over 1 MiB")
    func assetsAreBounded() async throws {
        let assets = AssetServer()
        let harness = try SandboxHarness(intercept: assets.answer)
        defer { harness.stop() }
        // Five images of 1,000 KiB: the fifth does not fit beside the four, so the least
        // recently used goes (the first, unless it was used again: then the second).
        for index in 1...4 { _ = try await harness.session.assetData(for: "kib-1000-\(index).png") }
        _ = try await harness.session.assetData(for: "kib-1000-1.png")
        #expect(assets.count("kib-1000-1.png") == 1)
        _ = try await harness.session.assetData(for: "kib-1000-5.png")
        #expect(await harness.session.keptAssetBytes <= 4 << 20)
        _ = try await harness.session.assetData(for: "kib-1000-1.png")
        #expect(assets.count("kib-1000-1.png") == 1)
        _ = try await harness.session.assetData(for: "kib-1000-2.png")
        #expect(assets.count("kib-1000-2.png") == 2)
        // Larger than 1 MiB: fetched every time, never kept.
        for _ in 0..<2 { _ = try await harness.session.assetData(for: "kib-1100-big.png") }
        #expect(assets.count("kib-1100-big.png") == 2)
        #expect(await harness.session.keptAssetBytes <= 4 << 20)
    }

    // Guide, "BasicPaymentItems": "The list of basic payment items does not contain any payment
    // products that have a payment product group associated with them", and
    // `paymentItems.paymentItem(withIdentifier:)` finds a product or a group.
    @Test("payment items: grouped products give way to their group; one lookup finds products and groups")
    func paymentItems() async throws {
        let harness = try SandboxHarness()
        defer { harness.stop() }
        let items = try await harness.session.paymentItems(for: context, groupingProducts: true)
        let grouped = items.products.paymentProducts.filter { product in !items.ungroupedProducts.contains { $0.id == product.id } }
        #expect(!grouped.isEmpty)
        #expect(items.items.map(\.id) == ["cards", "809", "770", "302", "320"])
        #expect(items.items.map { $0.kind } == [.group, .product, .product, .product, .product])
        for product in grouped { #expect(!items.items.contains { $0.id == product.id }) }
        // The lookup still finds a grouped product, and the group.
        for product in items.products.paymentProducts {
            #expect(items.paymentItem(withId: product.id).map { $0.kind } == .product)
        }
        #expect(items.paymentItem(withId: "cards").map { $0.kind } == .group)
        #expect(items.paymentItem(withId: "nothing") == nil)
        // Without groups, every product is an item.
        let plain = try await harness.session.paymentItems(for: context)
        #expect(plain.items.map(\.id) == plain.products.productsInDisplayOrder.map(\.id))
        #expect(plain.paymentItem(withId: "cards") == nil)
    }
}
