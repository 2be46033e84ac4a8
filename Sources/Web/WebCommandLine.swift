#if !PAYFORM_WEB_FORM_ONLY
import PaymentFormCore
import PaymentFormJSON
import PaymentFormSamples
import PaymentFormValidation
import PayformCommands
#endif

#if hasFeature(Embedded) && !PAYFORM_WEB_FORM_ONLY
/// `{"op": "cli", "args": [...], "stdin": TEXT, "now": "YYYY-MM", "environment": {NAME: VALUE}}`
/// (the environment optional: the locale variables, for the default language): runs one of `payform`'s
/// portable commands (``PortableCommands``) as the native tool would, and answers
/// `{"exitCode", "stdout", "stderr"}`. Files are read through the host (`read_file`; node's file
/// system in `Web/bin/payform-wasm`); `sample:NAME` and `sample:demo` come from inside the module.
enum WebCommandLine {
    static func answer(_ request: JSONValue) -> JSONValue {
        guard case .array(let items)? = request["args"] else {
            return WebRequests.failure("usage", "\"args\" must be an array of strings")
        }
        var arguments: [String] = []
        for item in items {
            guard case .string(let argument) = item else { return WebRequests.failure("usage", "\"args\" must be an array of strings") }
            arguments.append(argument)
        }
        var stdin: [UInt8] = []
        switch request["stdin"] {
        case .string(let text)?: stdin = Array(text.utf8)
        case nil, .null?: break
        default: return WebRequests.failure("usage", "\"stdin\" must be a string")
        }
        let now: YearMonth
        switch request["now"] {
        case .string(let text)?:
            guard let month = YearMonth(parsing: text) else { return WebRequests.failure("usage", "\"now\" must be YYYY-MM") }
            now = month
        case nil, .null?:
            return WebRequests.failure("usage", "\"now\" (the current month, YYYY-MM) is required: the module has no clock")
        default: return WebRequests.failure("usage", "\"now\" must be YYYY-MM")
        }
        var environment: [String: String] = [:]
        switch request["environment"] {
        case .object(let members)?:
            for member in members.members {
                guard case .string(let value) = member.value else { return WebRequests.failure("usage", "\"environment\" must be an object of strings") }
                environment[member.key] = value
            }
        case nil, .null?: break
        default: return WebRequests.failure("usage", "\"environment\" must be an object of strings")
        }
        let month = now
        let input = stdin
        let samples = CommandContext.SampleProducts(names: (Samples.productNames + processorFormNames).sorted(), product: { name in
            Samples.product(named: name) ?? EmbeddedResources.files["Processors/\(name).json"].map { Array($0.utf8) }
        })
        let context = CommandContext(
            readStandardInput: { input }, readFile: { hostReadFile($0) }, fileExists: { path in
                if case .missing = hostReadFile(path) { return false }
                return true
            },
            environment: environment, writeStandardOutput: { _ in true }, writeStandardError: { _ in true },
            now: { month }, clientMetaInfo: { ClientMetaInfo(platformIdentifier: "WebAssembly", appIdentifier: $0) }, samples: samples)
        let result = PortableCommands.run(arguments, context: context)
        return .object(JSONObject([
            (key: "exitCode", value: .number(String(result.exitCode))),
            (key: "stdout", value: .string(result.stdout)),
            (key: "stderr", value: .string(result.stderr)),
        ]))
    }

    /// The Sips and Saferpay forms embedded here (`Resources/Processors`), by name: with the
    /// sample products, what `sample:NAME` names, as for the native `payform`.
    static var processorFormNames: [String] {
        EmbeddedResources.files.keys.filter { $0.hasPrefix("Processors/") && $0.hasSuffix(".json") }
            .map { String($0.dropFirst("Processors/".count).dropLast(".json".count)) }
    }

    /// The file at `path`, read by the host: at most the commands' input limit plus one byte.
    static func hostReadFile(_ path: String) -> CommandContext.FileRead {
        var bytes = Array(path.utf8)
        var result: (UInt32, UInt32) = (0, 0)
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            withUnsafeMutablePointer(to: &result) { payformHostReadFile(buffer.baseAddress, Int32(buffer.count), $0) }
        }
        switch status {
        case 0:
            guard let start = UnsafeMutablePointer<UInt8>(bitPattern: UInt(result.0)) else { return .bytes([]) }
            let read = Array(UnsafeBufferPointer(start: start, count: Int(result.1)).prefix(CommandContext.maximumInputBytes + 1))
            start.deallocate()
            return .bytes(read)
        case 1: return .missing
        default: return .unreadable
        }
    }
}

/// Reads the file at `path` (UTF-8): 0 and the address and length of its bytes (allocated with
/// `payform_alloc`, freed by the caller) at `result`; 1 when there is no such file; 2 when it
/// cannot be read.
@_extern(wasm, module: "env", name: "read_file")
private func payformHostReadFile(_ path: UnsafeMutablePointer<UInt8>?, _ count: Int32, _ result: UnsafeMutableRawPointer) -> Int32
#endif
