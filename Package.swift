// swift-tools-version: 6.0
//
// PaymentFormEngine: payment product definitions (Client API JSON) in, working payment forms out.
//
// The shape (swift-crypto's): an app imports one public module, `PaymentFormEngine`. Its sources
// are the feature folders (masking, validation, localization, card brands, the form engine, the
// Client API session); what it builds on is in `package`-only modules it brings in with
// `internal import` (the JSON parser, the cryptography and its C kernels, the lock), so none of their
// symbols reaches an app. Other platforms' flows (Sips In-App, Saferpay) are a product of their
// own, `PaymentFormProcessors`; backend test helpers are `PaymentFormEngineTesting`. The
// command-line tool, the sandbox, the previews and the benchmarks sit on top.
//
// The package has no package dependencies: only the toolchain.
import PackageDescription

let package = Package(
    name: "PaymentFormEngine",
    // The Swift concurrency and URLSession APIs the engine uses.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .macCatalyst(.v15)],
    products: [
        // What an app imports.
        .library(name: "PaymentFormEngine", targets: ["PaymentFormEngine"]),
        // Worldline Sips In-App and Saferpay's card post, from the same engine: only apps that use them add it.
        .library(name: "PaymentFormProcessors", targets: ["PaymentFormProcessors"]),
        // For tests: decrypting what a client sent with the platform's private key, the shipped
        // samples, and the sandbox Client API in-process.
        .library(name: "PaymentFormEngineTesting", targets: ["PaymentFormEngineTesting"]),
        .executable(name: "payform", targets: ["payform"]),
    ],
    targets: [
        // The one public module: a folder per feature.
        //   Masking       masks, formatting, cursor-aware editing
        //   Validation    validators, regular expressions, as-you-type states
        //   Localization  labels and messages in seven languages (tables under Resources/Localization)
        //   Cards         card brands offline (the table under Resources/Brands), card-number layout, IIN lookups
        //   FormEngine    the Client API model, requests, forms, the form controller, prepare
        //   Session       the Client API session over HTTP
        // Its documentation catalog is Sources/PaymentFormEngine.docc (beside the folders).
        .target(
            name: "PaymentFormEngine",
            dependencies: ["PaymentFormJSON", "PaymentFormEncryption", "PaymentFormConcurrency"],
            path: "Sources",
            // The other folders under Sources/ are other targets'.
            exclude: [
                "Concurrency", "CryptoKernels", "EmbedResourcesTool", "Encryption", "JSON", "PayformCLI", "Processors", "Rendering", "Samples",
                "Sandbox", "Testing", "payform", "payform-bench",
            ],
            sources: ["Masking", "Validation", "Localization", "Cards", "FormEngine", "Session"],
            plugins: ["PaymentFormEmbedResources"]
        ),

        // Package-only building blocks: every symbol is `package`, imported with `internal import`.
        .target(name: "PaymentFormJSON", path: "Sources/JSON"),
        .target(name: "PaymentFormEncryption", dependencies: ["PaymentFormCryptoKernels", "PaymentFormConcurrency"], path: "Sources/Encryption"),
        // The one lock-protected value every module that shares state between threads uses.
        .target(name: "PaymentFormConcurrency", path: "Sources/Concurrency"),
        // C kernels on the CPU's SHA, AES and AVX-512 IFMA instructions (x86-64), chosen at run time
        // by the encryption module when the CPU has them; stubs elsewhere. Built without special flags.
        .target(name: "PaymentFormCryptoKernels", path: "Sources/CryptoKernels"),

        // Other platforms from the same engine: Sips In-App and Saferpay's card post.
        // Their forms (Resources/Processors) are embedded in it.
        .target(
            name: "PaymentFormProcessors",
            dependencies: ["PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormRendering"],
            path: "Sources/Processors",
            plugins: ["PaymentFormEmbedResources"]
        ),

        // Test helpers for apps and backends: the shipped samples, payload decryption with a private
        // key, and the sandbox (`payform sandbox`: a local Client API on loopback, on the toolchain's
        // sockets only; a test tool, not a production server) in-process.
        .target(
            name: "PaymentFormEngineTesting",
            dependencies: [
                "PaymentFormEngine", "PaymentFormProcessors", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormSamples",
                "PaymentFormConcurrency",
            ],
            path: "Sources",
            exclude: [
                "Cards", "Concurrency", "CryptoKernels", "EmbedResourcesTool", "Encryption", "FormEngine", "JSON", "Localization", "Masking",
                "PayformCLI", "Processors", "Rendering", "Samples", "Session", "Validation", "payform", "payform-bench",
            ],
            sources: ["Testing", "Sandbox"]
        ),

        // Previews of a form: HTML for Swift servers and tests, text for terminals (used by `payform`).
        .target(name: "PaymentFormRendering", dependencies: ["PaymentFormEngine"], path: "Sources/Rendering"),

        // The shipped sample products and demo key pair, for the CLI, the benchmarks and the tests.
        .target(name: "PaymentFormSamples", path: "Sources/Samples", plugins: ["PaymentFormEmbedResources"]),

        // The `payform` command-line tool: its commands live in a library so tests run them in-process.
        .target(
            name: "PayformCLI",
            dependencies: [
                "PaymentFormEngine", "PaymentFormEngineTesting", "PaymentFormJSON", "PaymentFormRendering", "PaymentFormSamples",
                "PaymentFormProcessors", "PaymentFormConcurrency",
            ],
            path: "Sources/PayformCLI"
        ),
        .executableTarget(name: "payform", dependencies: ["PayformCLI"], path: "Sources/payform"),
        .executableTarget(
            name: "payform-bench",
            dependencies: ["PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormEngineTesting", "PaymentFormSamples"],
            path: "Sources/payform-bench"
        ),

        // Build-time embedding of the files under Resources/, so binaries never look for a bundle.
        .executableTarget(name: "PaymentFormEmbedResourcesTool", path: "Sources/EmbedResourcesTool"),
        .plugin(
            name: "PaymentFormEmbedResources", capability: .buildTool(),
            dependencies: ["PaymentFormEmbedResourcesTool"], path: "Plugins/EmbedResources"
        ),

        // Tests mirror the folders they test; shared helpers live in one support target.
        .target(name: "PaymentFormTestSupport", dependencies: ["PaymentFormEngine", "PaymentFormConcurrency", "PaymentFormJSON"], path: "Tests/Support"),
        .testTarget(name: "MaskingTests", dependencies: ["PaymentFormEngine", "PaymentFormTestSupport"]),
        .testTarget(name: "ValidationTests", dependencies: ["PaymentFormEngine", "PaymentFormTestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["PaymentFormEngine", "PaymentFormTestSupport"]),
        .testTarget(name: "CardsTests", dependencies: ["PaymentFormEngine", "PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "ConcurrencyTests", dependencies: ["PaymentFormConcurrency"]),
        .testTarget(name: "EncryptionTests", dependencies: ["PaymentFormEncryption", "PaymentFormTestSupport"]),
        .testTarget(
            name: "FormEngineTests",
            dependencies: [
                "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormEngineTesting", "PaymentFormSamples",
                "PaymentFormTestSupport",
            ]
        ),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEngineTesting",
                "PaymentFormSamples", "PaymentFormTestSupport",
            ]
        ),
        .testTarget(
            name: "ProcessorsTests",
            dependencies: ["PaymentFormProcessors", "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEngineTesting", "PaymentFormTestSupport"]
        ),
        .testTarget(name: "RenderingTests", dependencies: ["PaymentFormRendering", "PaymentFormEngine", "PaymentFormSamples", "PaymentFormTestSupport"]),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "PaymentFormEngineTesting", "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormSamples", "PaymentFormTestSupport",
            ]
        ),
        .testTarget(
            name: "PayformCLITests",
            dependencies: [
                "PayformCLI", "PaymentFormEngine", "PaymentFormEngineTesting", "PaymentFormJSON", "PaymentFormEncryption",
                "PaymentFormSamples", "PaymentFormTestSupport",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
