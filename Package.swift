// swift-tools-version: 6.0
//
// PaymentFormEngine: payment product definitions (Client API JSON) in, working payment forms out.
//
// An app depends on one library product, `PaymentFormEngine`, and imports one module of the same
// name. Every other module is an implementation detail with a prefixed name (so an app may have
// its own `Validation` or `Masking` target), reached through the umbrella's type aliases.
//
// Dependencies point one way. The vocabulary modules (masking, validation, localization) know
// nothing of each other; the JSON and encryption utilities expose only `package` symbols; the core
// composes them; the umbrella re-exports what an app needs; the command-line tool, the benchmarks
// and the testing helpers sit on top. The package has no package dependencies: only the toolchain.
import PackageDescription

let package = Package(
    name: "PaymentFormEngine",
    // The Swift concurrency and URLSession APIs the engine uses.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .macCatalyst(.v15)],
    products: [
        // What an app imports.
        .library(name: "PaymentFormEngine", targets: ["PaymentFormEngine"]),
        // For backend tests only: decrypting what a client sent, with the platform's private key.
        .library(name: "PaymentFormEngineTesting", targets: ["PaymentFormEngineTesting"]),
        .executable(name: "payform", targets: ["payform"]),
    ],
    targets: [
        // Vocabulary: each does one job and depends on nothing but the toolchain.
        .target(name: "PaymentFormMasking", path: "Sources/Masking"),
        .target(name: "PaymentFormValidation", path: "Sources/Validation"),
        .target(name: "PaymentFormLocalization", path: "Sources/Localization", plugins: ["PaymentFormEmbedResources"]),
        // Card brands offline: the brand table (Resources/Brands), detection as the customer types,
        // grouping and lengths of a card number, the co-badge choice.
        .target(
            name: "PaymentFormBrands",
            dependencies: ["PaymentFormMasking", "PaymentFormLocalization", "PaymentFormJSON"],
            path: "Sources/Brands",
            plugins: ["PaymentFormEmbedResources"]
        ),

        // Hidden utilities: every symbol is `package`, nothing reaches an app.
        .target(name: "PaymentFormJSON", path: "Sources/JSON"),
        .target(name: "PaymentFormEncryption", dependencies: ["PaymentFormCryptoKernels"], path: "Sources/Encryption"),
        // C kernels on the CPU's SHA-256 and AES instructions (x86-64), chosen at run time by the
        // encryption module when the CPU has them; stubs elsewhere. Built without special flags.
        .target(name: "PaymentFormCryptoKernels", path: "Sources/CryptoKernels"),

        // The Client API model, requests, forms and `prepare`: composes the modules above.
        .target(
            name: "PaymentFormCore",
            dependencies: ["PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormBrands", "PaymentFormJSON", "PaymentFormEncryption"],
            path: "Sources/FormEngine"
        ),

        // The Client API session: fetches products, groups, IIN details, the public key, ... over
        // HTTP (URLSession by default), decodes them into the model and caches them.
        .target(
            name: "PaymentFormSession",
            dependencies: ["PaymentFormCore", "PaymentFormValidation", "PaymentFormBrands"],
            path: "Sources/Session"
        ),

        // The umbrella: the public surface an app needs, re-exported by type alias.
        .target(
            name: "PaymentFormEngine",
            dependencies: [
                "PaymentFormCore", "PaymentFormSession", "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization",
                "PaymentFormBrands", "PaymentFormProcessors",
            ],
            path: "Sources/PaymentFormEngine"
        ),

        // Previews of a form: HTML for Swift servers and tests, text for terminals (used by `payform`).
        .target(
            name: "PaymentFormRendering",
            dependencies: ["PaymentFormCore", "PaymentFormLocalization"],
            path: "Sources/Rendering"
        ),

        // Other platforms from the same engine: Sips In-App and Saferpay's card post.
        .target(
            name: "PaymentFormProcessors",
            dependencies: [
                "PaymentFormCore", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormJSON",
                "PaymentFormEncryption", "PaymentFormRendering", "PaymentFormSession",
            ],
            path: "Sources/Processors"
        ),

        // Backend-test helpers: payload decryption with a private key.
        .target(
            name: "PaymentFormEngineTesting",
            dependencies: ["PaymentFormEngine", "PaymentFormCore", "PaymentFormJSON", "PaymentFormEncryption"],
            path: "Sources/Testing"
        ),

        // The shipped sample products and demo key pair, for the CLI, the benchmarks and the tests.
        .target(name: "PaymentFormSamples", path: "Sources/Samples", plugins: ["PaymentFormEmbedResources"]),

        // `payform sandbox`: a local Client API on loopback for tests (a test tool, not a production
        // server), on the toolchain's sockets only.
        .target(
            name: "PaymentFormSandbox",
            dependencies: [
                "PaymentFormCore", "PaymentFormSession", "PaymentFormBrands", "PaymentFormEngineTesting", "PaymentFormSamples",
                "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormLocalization", "PaymentFormValidation", "PaymentFormProcessors",
            ],
            path: "Sources/Sandbox"
        ),

        // The `payform` command-line tool: its commands live in a library so tests run them in-process.
        .target(
            name: "PayformCLI",
            dependencies: [
                "PaymentFormEngine", "PaymentFormEngineTesting", "PaymentFormCore", "PaymentFormBrands", "PaymentFormJSON", "PaymentFormRendering",
                "PaymentFormSamples", "PaymentFormSession", "PaymentFormSandbox", "PaymentFormProcessors",
            ],
            path: "Sources/PayformCLI"
        ),
        .executableTarget(name: "payform", dependencies: ["PayformCLI"], path: "Sources/payform"),
        .executableTarget(
            name: "payform-bench",
            dependencies: ["PaymentFormCore", "PaymentFormBrands", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormEngineTesting", "PaymentFormSamples"],
            path: "Sources/payform-bench"
        ),

        // Build-time embedding of the files under Resources/, so binaries never look for a bundle.
        .executableTarget(name: "PaymentFormEmbedResourcesTool", path: "Sources/EmbedResourcesTool"),
        .plugin(
            name: "PaymentFormEmbedResources", capability: .buildTool(),
            dependencies: ["PaymentFormEmbedResourcesTool"], path: "Plugins/EmbedResources"
        ),

        // Tests mirror the modules they test; shared helpers live in one support target.
        .target(name: "PaymentFormTestSupport", dependencies: ["PaymentFormValidation"], path: "Tests/Support"),
        .testTarget(name: "MaskingTests", dependencies: ["PaymentFormMasking", "PaymentFormTestSupport"]),
        .testTarget(name: "ValidationTests", dependencies: ["PaymentFormValidation", "PaymentFormTestSupport"]),
        .testTarget(name: "LocalizationTests", dependencies: ["PaymentFormLocalization", "PaymentFormTestSupport"]),
        .testTarget(name: "BrandsTests", dependencies: ["PaymentFormBrands", "PaymentFormMasking", "PaymentFormLocalization", "PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "EncryptionTests", dependencies: ["PaymentFormEncryption", "PaymentFormTestSupport"]),
        .testTarget(
            name: "FormEngineTests",
            dependencies: ["PaymentFormEngine", "PaymentFormCore", "PaymentFormJSON", "PaymentFormEngineTesting", "PaymentFormSamples", "PaymentFormTestSupport"]
        ),
        .testTarget(
            name: "ProcessorsTests",
            dependencies: ["PaymentFormProcessors", "PaymentFormEngine", "PaymentFormJSON", "PaymentFormSession", "PaymentFormSandbox", "PaymentFormTestSupport"]
        ),
        .testTarget(name: "RenderingTests", dependencies: ["PaymentFormRendering", "PaymentFormEngine", "PaymentFormSamples", "PaymentFormTestSupport"]),
        .testTarget(
            name: "PayformCLITests",
            dependencies: [
                "PayformCLI", "PaymentFormEngine", "PaymentFormCore", "PaymentFormJSON", "PaymentFormSamples", "PaymentFormTestSupport",
                "PaymentFormSandbox", "PaymentFormEncryption",
            ]
        ),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "PaymentFormSession", "PaymentFormSandbox", "PaymentFormBrands", "PaymentFormEngine", "PaymentFormCore", "PaymentFormJSON",
                "PaymentFormEngineTesting", "PaymentFormSamples", "PaymentFormTestSupport",
            ]
        ),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "PaymentFormSandbox", "PaymentFormSession", "PaymentFormCore", "PaymentFormJSON", "PaymentFormSamples", "PaymentFormTestSupport",
                "PaymentFormEncryption",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
