// swift-tools-version: 6.0
//
// PaymentFormEngine: payment product definitions (Client API JSON) in, working payment forms out.
//
// The shape: a folder per module, layered so that dependencies point one way and the compiler
// checks it. An app imports one module, `PaymentFormEngine`, which re-exports the layers and adds
// what needs Foundation or the OS (URLSession, the clock, Codable, redacted mirrors):
//
//   PaymentFormMasking   PaymentFormValidation   PaymentFormLocalization      leaves (no Foundation)
//            \                    |                      /
//                        PaymentFormCards                                       card numbers (no Foundation)
//                               |
//                        PaymentFormCore                                        the form engine (no Foundation)
//                               |
//                        PaymentFormSession                                     the Client API over HTTP
//                               |
//                        PaymentFormEngine                                      what an app imports
//
// Below them, `package`-only building blocks: JSON, the cryptography (and its C kernels), the lock,
// and the regular-expression fallback. The core (everything up to PaymentFormCore) also builds
// with Embedded Swift for WebAssembly: `Scripts/build-web.sh` sets PAYFORM_WASM=1, which turns
// the Embedded feature on for those targets and swaps in the platform's pieces (the host's
// regular expressions instead of ICU). Other platforms' flows (Sips In-App, Saferpay) are a
// product of their own; backend test helpers and the sandbox are for tests; the form protocol
// (a form driven by JSON events, for `payform form` and the web engine), the command-line
// tool, the previews and the benchmarks sit on top.
//
// The package has no package dependencies: only the toolchain.
import PackageDescription

/// Whether this build is the WebAssembly engine (`Scripts/build-web.sh`).
let wasm = Context.environment["PAYFORM_WASM"] == "1"
/// Whether this WebAssembly build is the page's engine (`payform-form-engine.wasm`): the form
/// and card requests only, without the command-line contract (`Scripts/build-web.sh`). Its core
/// targets are built with `PAYFORM_WEB_PAGE`: what only tools need (the other languages' tables,
/// checks the build already made) stays out.
let formOnly = wasm && Context.environment["PAYFORM_WASM_FORM_ONLY"] == "1"
/// The Embedded Swift settings of the core targets in the WebAssembly build; nothing natively.
let core: [SwiftSetting] = wasm
    ? [.enableExperimentalFeature("Embedded"), .unsafeFlags(["-wmo", "-Osize", "-Xfrontend", "-disable-stack-protector"])]
        + (formOnly ? [.define("PAYFORM_WEB_PAGE")] : []) : []

/// How the WebAssembly module links: no C library or entry point (JavaScript calls its exported
/// functions), the standard library's Unicode tables (their path comes from Scripts/build-web.sh).
let web: [LinkerSetting] = wasm
    ? [.unsafeFlags([
        "-Xclang-linker", "-nostdlib", "-Xclang-linker", "-mexec-model=reactor", "-Xlinker", "--no-entry", "-Xlinker", Context.environment["PAYFORM_WASM_KEEP_NAMES"] == "1" ? "--strip-debug" : "--strip-all",
        // The stack first, below the data: a stack that overflows goes below address 0 and traps,
        // where after the data (wasm-ld's default) it would overwrite the globals and the heap.
        // 1 MiB: the deepest request (JSON nested 256 levels) takes about a sixteenth of it.
        "-Xlinker", "--stack-first", "-Xlinker", "-z", "-Xlinker", "stack-size=1048576",
        // A link map for Scripts/wasm-size.py (which symbol, code or data, takes how many bytes).
        ] + (Context.environment["PAYFORM_WASM_MAP"].map { ["-Xlinker", "--Map=\($0)"] } ?? []) + [
        "-Xlinker", "--export=payform_alloc", "-Xlinker", "--export=__heap_base", "-Xlinker", "--export=payform_free", "-Xlinker", "--export=payform_call", "-Xlinker", Context.environment["PAYFORM_WASM_UNICODE_TABLES"] ?? "libswiftUnicodeDataTables.a",
    ])] : []

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
        // Package-only building blocks: every symbol is `package`.
        .target(name: "PaymentFormJSON", path: "Sources/JSON", swiftSettings: core),
        // The one lock-protected value every module that shares state between threads uses.
        .target(name: "PaymentFormConcurrency", path: "Sources/Concurrency", swiftSettings: core),
        // C kernels on the CPU's SHA, AES and AVX-512 IFMA instructions (x86-64), chosen at run time
        // by the encryption module when the CPU has them; stubs elsewhere. Built without special flags.
        .target(name: "PaymentFormCryptoKernels", path: "Sources/CryptoKernels"),
        .target(
            name: "PaymentFormEncryption", dependencies: ["PaymentFormCryptoKernels", "PaymentFormConcurrency", "PaymentFormJSON"],
            // In WebAssembly it reads the host's random bytes through the module's `arc4random_buf`.
            path: "Sources/Encryption", swiftSettings: wasm ? core + [.enableExperimentalFeature("Extern")] : core
        ),
        // Patterns outside the linear matcher's subset: ICU natively, the host's RegExp in WebAssembly
        // (each file says which with `#if arch(wasm32)`).
        .target(
            name: "PaymentFormPatternFallback", dependencies: ["PaymentFormConcurrency"],
            path: "Sources/PatternFallback",
            swiftSettings: wasm ? core + [.enableExperimentalFeature("Extern")] : core
        ),

        // The layers an app sees through PaymentFormEngine.
        .target(name: "PaymentFormMasking", path: "Sources/Masking", swiftSettings: core),
        .target(
            name: "PaymentFormValidation", dependencies: ["PaymentFormConcurrency", "PaymentFormPatternFallback"],
            path: "Sources/Validation", swiftSettings: core
        ),
        .target(
            name: "PaymentFormLocalization", dependencies: ["PaymentFormJSON", "PaymentFormConcurrency"], path: "Sources/Localization",
            swiftSettings: core, plugins: ["PaymentFormEmbedResources"]
        ),
        .target(
            name: "PaymentFormCards",
            dependencies: ["PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormJSON"],
            path: "Sources/Cards", swiftSettings: core, plugins: ["PaymentFormEmbedResources"]
        ),
        .target(
            name: "PaymentFormCore",
            dependencies: [
                "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormCards", "PaymentFormJSON",
                "PaymentFormEncryption", "PaymentFormConcurrency",
            ],
            path: "Sources/FormEngine", swiftSettings: core
        ),
        // What the core gets from Foundation and the OS natively, beside it: the clock, Codable,
        // redacted mirrors, the device's meta info.
        .target(
            name: "PaymentFormPlatform",
            dependencies: [
                "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormCards", "PaymentFormCore",
                "PaymentFormJSON", "PaymentFormEncryption",
            ],
            path: "Sources/Platform"
        ),
        .target(
            name: "PaymentFormSession",
            dependencies: [
                "PaymentFormCore", "PaymentFormCards", "PaymentFormValidation", "PaymentFormPlatform", "PaymentFormJSON",
                "PaymentFormEncryption", "PaymentFormConcurrency",
            ],
            path: "Sources/Session"
        ),
        .target(
            name: "PaymentFormEngine",
            dependencies: [
                "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization", "PaymentFormCards", "PaymentFormCore",
                "PaymentFormPlatform", "PaymentFormSession",
            ],
            path: "Sources/Engine"
        ),

        // Other platforms from the same engine: Sips In-App and Saferpay's card post.
        // Their forms (Resources/Processors) are embedded in it.
        .target(
            name: "PaymentFormProcessors",
            dependencies: ["PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormRendering"],
            path: "Sources/Processors",
            plugins: ["PaymentFormEmbedResources"]
        ),

        // Decrypting what a client sent, with the platform's private key: for backend tests and the
        // sandbox (re-exported by PaymentFormEngineTesting).
        .target(
            name: "PaymentFormDecryption", dependencies: ["PaymentFormEngine", "PaymentFormEncryption", "PaymentFormJSON"],
            path: "Sources/Decryption"
        ),
        // The sandbox (`payform sandbox`: a local Client API on loopback, on the toolchain's sockets
        // only; a test tool, not a production server), for the CLI and the testing library.
        .target(
            name: "PaymentFormSandbox",
            dependencies: [
                "PaymentFormEngine", "PaymentFormDecryption", "PaymentFormProcessors", "PaymentFormJSON", "PaymentFormEncryption",
                "PaymentFormSamples", "PaymentFormConcurrency",
            ],
            path: "Sources/Sandbox"
        ),
        // Test helpers for apps and backends: the shipped samples, payload decryption with a private
        // key, and the sandbox in-process.
        .target(
            name: "PaymentFormEngineTesting",
            dependencies: [
                "PaymentFormEngine", "PaymentFormDecryption", "PaymentFormSandbox", "PaymentFormProcessors", "PaymentFormJSON",
                "PaymentFormEncryption", "PaymentFormSamples",
            ],
            path: "Sources/EngineTesting"
        ),

        // Previews of a form: HTML for Swift servers and tests, text for terminals (used by `payform`).
        .target(
            name: "PaymentFormRendering",
            dependencies: ["PaymentFormCore", "PaymentFormCards", "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization"],
            path: "Sources/Rendering", swiftSettings: core
        ),

        // The shipped sample products and demo key pair, for the CLI, the benchmarks and the tests.
        .target(name: "PaymentFormSamples", path: "Sources/Samples", swiftSettings: core, plugins: ["PaymentFormEmbedResources"]),

        // The form protocol: a form driven by JSON events, opened from typed options. What `payform
        // form` runs and what the web engine keeps for each form a page mounts.
        .target(
            name: "PaymentFormProtocol",
            dependencies: [
                "PaymentFormCore", "PaymentFormCards", "PaymentFormJSON", "PaymentFormLocalization", "PaymentFormMasking", "PaymentFormValidation",
            ],
            path: "Sources/Protocol", swiftSettings: core
        ),

        // The commands of `payform` that need nothing from the operating system (mask, unmask, edit,
        // validate, prepare, brand, render, form) with their argument parsing and JSON shapes: the
        // native tool and the WebAssembly engine run the same code.
        .target(
            name: "PayformCommands",
            dependencies: [
                "PaymentFormCore", "PaymentFormCards", "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization",
                "PaymentFormRendering", "PaymentFormSamples", "PaymentFormJSON", "PaymentFormConcurrency", "PaymentFormProtocol",
            ],
            path: "Sources/PayformCommands", swiftSettings: core
        ),

        // The `payform` command-line tool: its commands live in a library so tests run them in-process.
        .target(
            name: "PayformCLI",
            dependencies: [
                "PayformCommands", "PaymentFormEngine", "PaymentFormSandbox", "PaymentFormDecryption", "PaymentFormJSON", "PaymentFormRendering",
                "PaymentFormSamples", "PaymentFormProcessors", "PaymentFormConcurrency",
            ],
            path: "Sources/PayformCLI"
        ),
        .executableTarget(name: "payform", dependencies: ["PayformCLI"], path: "Sources/payform"),
        .executableTarget(
            name: "payform-bench",
            dependencies: ["PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormEngineTesting", "PaymentFormSamples"],
            path: "Sources/payform-bench"
        ),

        // The engine as WebAssembly (Scripts/build-web.sh builds it into Web/dist/): the core, the
        // functions JavaScript calls, and the C library pieces the module needs.
        .target(name: "PaymentFormWebSupport", path: "Sources/WebSupport"),
        .executableTarget(
            name: "PaymentFormWeb",
            dependencies: [
                "PaymentFormCore", "PaymentFormCards", "PaymentFormMasking", "PaymentFormValidation", "PaymentFormLocalization",
                "PaymentFormJSON", "PaymentFormWebSupport", "PaymentFormProtocol", "PaymentFormEncryption",
            ] + (formOnly ? [] : ["PayformCommands", "PaymentFormSamples"]),
            path: "Sources/WebEngine",
            swiftSettings: wasm ? core + [.enableExperimentalFeature("Extern")] + (formOnly ? [.define("PAYFORM_WEB_FORM_ONLY")] : []) : core,
            linkerSettings: web, plugins: ["PaymentFormEmbedResources"]
        ),

        // Build-time embedding of the files under Resources/, so binaries never look for a bundle.
        .executableTarget(name: "PaymentFormEmbedResourcesTool", path: "Sources/EmbedResourcesTool"),
        .plugin(
            name: "PaymentFormEmbedResources", capability: .buildTool(),
            dependencies: ["PaymentFormEmbedResourcesTool"], path: "Plugins/EmbedResources"
        ),

        // Tests mirror the folders they test. The leaf modules' tests (JSON, concurrency, encryption,
        // masking, validation, localization, cards) depend on their module, what it depends on and
        // PaymentFormTestSupport, which depends on the building blocks only: the compiler checks
        // that a leaf's tests need nothing above it. PaymentFormFixtures adds the samples and the
        // demo key as the core's types, for the tests above.
        .target(name: "PaymentFormTestSupport", dependencies: ["PaymentFormJSON", "PaymentFormConcurrency"], path: "Tests/TestSupport"),
        .target(name: "PaymentFormFixtures", dependencies: ["PaymentFormCore", "PaymentFormTestSupport"], path: "Tests/Fixtures"),
        .testTarget(name: "MaskingTests", dependencies: ["PaymentFormMasking", "PaymentFormTestSupport"]),
        .testTarget(
            name: "ValidationTests", dependencies: ["PaymentFormValidation", "PaymentFormPatternFallback", "PaymentFormTestSupport"]
        ),
        .testTarget(name: "LocalizationTests", dependencies: ["PaymentFormLocalization", "PaymentFormTestSupport"]),
        .testTarget(name: "CardsTests", dependencies: ["PaymentFormCards", "PaymentFormLocalization", "PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "JSONTests", dependencies: ["PaymentFormJSON", "PaymentFormTestSupport"]),
        .testTarget(name: "ConcurrencyTests", dependencies: ["PaymentFormConcurrency"]),
        .testTarget(name: "EncryptionTests", dependencies: ["PaymentFormEncryption", "PaymentFormTestSupport"]),
        .testTarget(
            name: "CoreTests",
            dependencies: [
                "PaymentFormCore", "PaymentFormCards", "PaymentFormValidation", "PaymentFormMasking", "PaymentFormLocalization",
                "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption", "PaymentFormEngineTesting", "PaymentFormSandbox",
                "PaymentFormSamples", "PaymentFormTestSupport", "PaymentFormFixtures",
            ]
        ),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "PaymentFormSession", "PaymentFormCore", "PaymentFormCards", "PaymentFormEngine", "PaymentFormJSON",
                "PaymentFormEngineTesting", "PaymentFormSandbox", "PaymentFormSamples", "PaymentFormTestSupport", "PaymentFormFixtures",
            ]
        ),
        .testTarget(
            name: "ProcessorsTests",
            dependencies: [
                "PaymentFormProcessors", "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEngineTesting", "PaymentFormSandbox",
                "PaymentFormTestSupport", "PaymentFormFixtures",
            ]
        ),
        .testTarget(name: "RenderingTests", dependencies: ["PaymentFormRendering", "PaymentFormEngine", "PaymentFormSamples", "PaymentFormTestSupport", "PaymentFormFixtures"]),
        .testTarget(
            name: "SandboxTests",
            dependencies: [
                "PaymentFormSandbox", "PaymentFormEngineTesting", "PaymentFormEngine", "PaymentFormJSON", "PaymentFormEncryption",
                "PaymentFormSamples", "PaymentFormTestSupport", "PaymentFormFixtures",
            ]
        ),
        .testTarget(
            name: "PayformCLITests",
            dependencies: [
                "PayformCLI", "PayformCommands", "PaymentFormEngine", "PaymentFormCore", "PaymentFormCards", "PaymentFormValidation", "PaymentFormSandbox",
                "PaymentFormEngineTesting", "PaymentFormJSON",
                "PaymentFormEncryption", "PaymentFormSamples", "PaymentFormTestSupport", "PaymentFormFixtures",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
