import Foundation
import Testing
@testable import PayformCLI
import PaymentFormTestSupport

/// `--help` is generated from each command's declared options; these tests hold every page to the
/// parser: a flag a page names is one the command accepts, and every option it accepts is on the
/// page.
@Suite("payform --help: every page, every flag it names")
struct HelpTests {
    /// Every `--flag` written anywhere in a help page (usage lines, options, details).
    static func flags(in text: String) -> Set<String> {
        var flags = Set<String>()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index + 2 < scalars.count {
            let isStart = scalars[index] == "-" && scalars[index + 1] == "-" && (index == 0 || !Self.isFlagCharacter(scalars[index - 1]))
            guard isStart, scalars[index + 2].properties.isLowercase else {
                index += 1
                continue
            }
            var end = index + 2
            while end < scalars.count, Self.isFlagCharacter(scalars[end]) { end += 1 }
            var flag = String(String.UnicodeScalarView(scalars[index..<end]))
            while flag.hasSuffix("-") { flag.removeLast() }
            flags.insert(flag)
            index = end
        }
        return flags
    }

    private static func isFlagCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
    }

    @Test("each command's --help: exit 0, its usage lines first, every flag it names parses, every option it has is shown",
          arguments: Payform.commands.map(\.name))
    func commandHelp(name: String) throws {
        let command = try #require(Payform.commands.first { $0.name == name })
        let result = CLI.run(name.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.exitCode == 0)
        #expect(result.stderr.isEmpty)
        let page = result.stdout
        #expect(page.hasPrefix("Usage: payform \(name)"), "\(page)")

        // Every flag the page names is one the parser accepts (with a value when it takes one).
        for flag in Self.flags(in: page).subtracting(["--help"]) {
            let option = command.options.first { $0.flag == flag }
            #expect(option != nil, "payform \(name) --help names \(flag), which payform \(name) does not accept")
            guard let option else { continue }
            let arguments = option.valueName == nil ? [flag] : [flag, "x"]
            #expect(throws: Never.self, "payform \(name) \(flag)") { try command.check(arguments) }
        }

        // Every option it accepts is on its usage lines and in its options list, with its value.
        let usage = page.components(separatedBy: "\n\n")[0]
        let listed = page.components(separatedBy: "\nOptions:\n").dropFirst().first ?? ""
        for option in command.options {
            #expect(Self.flags(in: usage).contains(option.flag), "payform \(name): \(option.flag) is not on the usage line")
            let line = "  " + option.flag + (option.valueName.map { " " + $0 } ?? "") + " "
            #expect(listed.contains(line), "payform \(name): \(option.flag) is not in the options list")
        }
        #expect(command.usageOptions.allSatisfy { !$0.isEmpty } || command.options.isEmpty)
    }

    @Test("every group's --help lists its commands, and each of them has its page")
    func groupHelp() throws {
        for group in ["fetch", "sips", "saferpay"] {
            let page = CLI.run([group, "--help"])
            #expect(page.exitCode == 0)
            let listed = page.stdout.split(separator: "\n").filter { $0.hasPrefix("  \(group) ") }
                .map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
            let expected = Payform.commands.map(\.name).filter { $0.hasPrefix(group + " ") }
            #expect(listed == expected, "payform \(group) --help")
            for name in listed {
                let help = CLI.run(name.split(separator: " ").map(String.init) + ["--help"])
                #expect(help.exitCode == 0 && help.stdout.hasPrefix("Usage: payform \(name) "), "payform \(name) --help")
            }
        }
    }

    @Test("payform --help lists every command; every flag it names is some command's")
    func overview() throws {
        let page = CLI.run(["--help"])
        #expect(page.exitCode == 0)
        for command in Payform.commands {
            #expect(page.stdout.contains("\n  \(command.name) "), "\(command.name)")
        }
        let every = Set(Payform.commands.flatMap { $0.options.map(\.flag) } + ["--help", "--version"])
        for flag in Self.flags(in: page.stdout) {
            #expect(every.contains(flag), "payform --help names \(flag), which no command accepts")
        }
    }

    @Test("docs/cli.md shows each command's usage lines as --help prints them; each fetch call's row names its options")
    func documentedUsage() throws {
        let doc = try PackageFiles.text("docs/cli.md")
        for command in Payform.commands where !command.name.hasPrefix("fetch ") {
            for usage in command.usages {
                let line = "`payform \(command.name)" + (usage.isEmpty ? "" : " " + usage) + "`"
                #expect(doc.contains(line), "docs/cli.md does not show \(line)")
            }
        }
        let connection = Set(FetchConnection.allCases.map(\.spec.flag))
        let context = Set(ContextFetch.allCases.map(\.spec.flag))
        for command in Payform.commands where command.name.hasPrefix("fetch ") {
            let what = command.name.dropFirst("fetch ".count)
            let row = try #require(doc.split(separator: "\n").first { $0.hasPrefix("| `\(what)` |") }, "docs/cli.md has no row for \(what)")
            // The cells, split at the bars that are not escaped (`\|` inside a cell).
            let cell = row.replacingOccurrences(of: "\\|", with: "\u{0}").split(separator: "|", omittingEmptySubsequences: false)[2]
                .replacingOccurrences(of: "\u{0}", with: "|")
            var named = Self.flags(in: cell)
            if cell.contains("context") { named.formUnion(context) }
            #expect(named == Set(command.options.map(\.flag)).subtracting(connection), "docs/cli.md, fetch \(what)")
        }
    }

    @Test("the flag reader finds flags in prose and usage lines")
    func flagReader() {
        #expect(Self.flags(in: "Usage: payform x --a-b FILE [--c]\n  --d-file FILE  Instead of --d: read it. --e=1 x--f") == ["--a-b", "--c", "--d-file", "--d", "--e"])
    }
}
