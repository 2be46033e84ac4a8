import Foundation
import PackagePlugin

/// Embeds the package's `Resources/` files into the targets that ship them, at build time.
///
/// Why not SwiftPM resources: they must live inside the target's folder, and on Linux the
/// generated `Bundle.module` accessor traps when a binary is copied away from its build folder.
/// Embedding makes `payform` and every library self-contained.
@main
struct EmbedResources: BuildToolPlugin {
    /// Which folders under `Resources/` each target embeds.
    static let folders: [String: [String]] = [
        "PaymentFormLocalization": ["Localization"],
        "PaymentFormCards": ["Brands"],
        // The Sips and Saferpay forms ship with the adapters that take them (an app that adds the
        // PaymentFormProcessors product has them); payform, the sandbox and the testing library
        // read them from there.
        "PaymentFormProcessors": ["Processors"],
        // The WebAssembly engine answers `sample:NAME` for the processor forms too, as payform does
        // (the Processors module itself is not part of it).
        "PaymentFormWeb": ["Processors"],
        "PaymentFormSamples": ["Products", "Keys", "Groups", "Directories", "IIN"],
        // The scripts of the sandbox's own pages, as files (Resources/Pages/README.md), and the
        // hosted tokenization page's script with the merchant's `tokenizer.min.js` (the npm
        // package ships the same files: Resources/HostedTokenization/README.md).
        "PaymentFormSandboxServerAPI": ["Pages", "HostedTokenization"],
    ]

    /// The files the page's WebAssembly engine leaves out (see EmbedResourcesTool): every
    /// language but English, which the page fetches when it needs one (`Web/dist/payform-texts.*.json`).
    static func notOnPage(folder: String, name: String) -> Bool {
        folder == "Localization" && name != "en.json"
    }

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let folders = Self.folders[target.name] else { return [] }
        let resources = context.package.directoryURL.appendingPathComponent("Resources")
        var inputs: [URL] = []
        var pageless: [URL] = []
        for folder in folders {
            let directory = resources.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            // The folders' READMEs document the files for people; they are not data.
            for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
                if Self.notOnPage(folder: folder, name: name) {
                    pageless.append(directory.appendingPathComponent(name))
                } else {
                    inputs.append(directory.appendingPathComponent(name))
                }
            }
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedResources.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count + pageless.count) resource files into \(target.name)",
                executable: try context.tool(named: "PaymentFormEmbedResourcesTool").url,
                arguments: [resources.path, output.path] + inputs.map(\.path)
                    + (pageless.isEmpty ? [] : ["--not-on-page"] + pageless.map(\.path)),
                inputFiles: inputs + pageless,
                outputFiles: [output]
            )
        ]
    }
}
