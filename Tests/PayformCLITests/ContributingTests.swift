import Testing
import PaymentFormTestSupport

/// CONTRIBUTING.md's table of CI steps is the list `.ci/run` runs, in its order: a step added,
/// renamed or moved in CI shows up here until the table says so too.
@Suite("CONTRIBUTING.md and .ci/run")
struct ContributingTests {
    @Test("the table of CI steps names every step .ci/run runs, in its order")
    func stepsTableMatchesCI() throws {
        let script = try PackageFiles.text(".ci/run")
        let run = script.split(separator: "\n").compactMap { line -> Substring? in
            guard line.hasPrefix("step ") else { return nil }
            return line.dropFirst(5).split(separator: " ").first
        }
        let contributing = try PackageFiles.text("CONTRIBUTING.md")
        let lines = contributing.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| step | check |") }, "CONTRIBUTING.md has no `| step | check | ...` table")
        let table = lines[(header + 2)...].prefix { $0.hasPrefix("| ") }.compactMap { row in
            row.split(separator: "|").first.map { $0.trimmingCharacters(in: " ") }
        }
        #expect(run.count > 20, ".ci/run has \(run.count) steps")
        #expect(table == run.map(String.init), "CONTRIBUTING.md lists \(table); .ci/run runs \(run)")
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
