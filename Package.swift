// swift-tools-version: 6.0
//
// PaymentFormEngine: payment product definitions (Client API JSON) in, working payment forms out.
//
// Dependencies point one way. Masking, Validation, Localization and Encryption know nothing of each
// other or of FormEngine; FormEngine composes them; the command-line tool only calls FormEngine
// (and reads the shipped samples). The package has no package dependencies: only the toolchain.
import PackageDescription

let package = Package(
    name: "PaymentFormEngine",
    products: [
        .library(name: "PaymentFormEngine", targets: ["PaymentFormEngine"]),
        .library(name: "FormEngine", targets: ["FormEngine"]),
        .library(name: "Masking", targets: ["Masking"]),
        .library(name: "Validation", targets: ["Validation"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "Encryption", targets: ["Encryption"]),
        .library(name: "Samples", targets: ["Samples"]),
        .executable(name: "payform", targets: ["payform"]),
        .executable(name: "payform-bench", targets: ["payform-bench"]),
    ],
    targets: [
        // Leaf modules: each does one job and depends on nothing but the toolchain.
        .target(name: "Masking"),
        .target(name: "Validation"),
        .target(name: "Localization", plugins: ["EmbedResources"]),
        .target(name: "Encryption"),
        .target(name: "Samples", plugins: ["EmbedResources"]),

        // The form model and the payment request: composes the leaf modules.
        .target(name: "FormEngine", dependencies: ["Masking", "Validation", "Localization", "Encryption"]),

        // What an app imports: everything above behind one name.
        .target(name: "PaymentFormEngine", dependencies: ["FormEngine", "Masking", "Validation", "Localization", "Encryption"]),

        // The `payform` command-line tool: its commands live in a library so tests run them in-process.
        .target(name: "PayformCLI", dependencies: ["FormEngine", "Samples"]),
        .executableTarget(name: "payform", dependencies: ["PayformCLI"]),
        .executableTarget(name: "payform-bench", dependencies: ["FormEngine", "Masking", "Validation", "Encryption", "Samples"]),

        // Build-time embedding of the files under Resources/, so binaries never look for a bundle.
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),

        .testTarget(name: "MaskingTests", dependencies: ["Masking"]),
        .testTarget(name: "ValidationTests", dependencies: ["Validation"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "EncryptionTests", dependencies: ["Encryption"]),
        .testTarget(name: "FormEngineTests", dependencies: ["FormEngine", "Samples"]),
        .testTarget(name: "PayformCLITests", dependencies: ["PayformCLI", "Samples", "FormEngine"]),
    ],
    swiftLanguageModes: [.v6]
)
