import Testing
@testable import PaymentFormSandbox
import PaymentFormEngineTesting
import PaymentFormSandboxClientAPI
import PaymentFormTestSupport

/// The sandbox draws each logo and tooltip image a definition names, so a page shows which brand
/// it detected (it served a 1×1 transparent PNG, and no brand ever showed).
@Suite("Sandbox assets: drawn badges")
struct SandboxBadgeTests {
    @Test("a product's logo is an SVG badge with its name; a tooltip image a card with the placeholder")
    func drawn() throws {
        let data = try SandboxData.samples()
        let amex = try #require(data.assets["templates/master/global/css/img/ppimages/pp_logo_2_v1.png"])
        let svg = String(decoding: amex.svg, as: UTF8.self)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains(">American</tspan>") && svg.contains(">Express</tspan>"))
        #expect(svg.contains("aria-label=\"American Express\""))
        let cvv = try #require(data.assets["templates/master/global/css/img/ppimages/ppf_cvv_v1.png"])
        #expect(cvv.kind == .tooltip)
        #expect(data.assets["templates/master/global/css/img/ppimages/group-card.png"]?.label == "Cards")
    }

    @Test("a name with markup is text in the drawing, never markup", arguments: ["<script>alert(1)</script>", "A & B \"x\" 'y'", "ok\u{7}"])
    func escaped(label: String) {
        let svg = String(decoding: SandboxBadge(label: label, kind: .logo).svg, as: UTF8.self)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("\u{7}"))
        #expect(svg.components(separatedBy: "<text").count == 2)
        #expect(!svg.contains("\"x\""))
    }
}
