import Testing
import PaymentFormCore
import PaymentFormTestSupport

/// CHANGELOG.md is tied to the version the tool prints: its top version heading is
/// `EngineVersion.current`, which `payform --version` prints and the client meta info carries.
@Suite("CHANGELOG.md and the version")
struct ChangelogTests {
    @Test("the changelog's latest heading is the version payform --version prints")
    func latestHeadingIsTheVersion() throws {
        let changelog = try PackageFiles.text("CHANGELOG.md")
        let heading = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") }, "CHANGELOG.md has no ## heading")
        let version = heading.dropFirst(3).prefix { $0 != " " }
        #expect(version == EngineVersion.current, "CHANGELOG.md's latest heading is \(heading), the engine is \(EngineVersion.current)")
        let printed = CLI.run(["--version"])
        #expect(printed.exitCode == 0)
        #expect(printed.stdout == "payform \(version)\n")
    }
}
