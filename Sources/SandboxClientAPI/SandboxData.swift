#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import PaymentFormEngine
import PaymentFormDecryption
import PaymentFormEncryption
import PaymentFormJSON
import PaymentFormSamples
import PaymentFormSandboxHTTP

/// What a sandbox serves: products, groups, directories, IIN answers and a key pair.
///
/// From a folder: `DIR/*.json` are products (`GET /products/{id}` answers), `DIR/groups/*.json`
/// groups, `DIR/directories/<productId>.json` directories, `DIR/iin/<prefix>.json` IIN answers
/// for card-number prefixes the brand table cannot tell (``SandboxIINAnswer``). By default: the
/// samples shipped in the package and the demo key (not for production).
package struct SandboxData: Sendable {
    /// A product or group: the JSON as given (served as it is, unknown keys included) and its
    /// decoded model.
    package struct Item<Model: Sendable>: Sendable {
        package let json: JSONValue
        package let model: Model
        /// The JSON as the sandbox writes it, in each language it serves (its texts localized,
        /// ``DefinitionTexts``), with and without `fields`, written once: an answer about one item,
        /// or a list of them, is these bytes (a backend test farm asks for the same products
        /// again and again; writing the JSON anew for each answer was most of a request's work).
        private let bodies: [String: Body]

        /// One language's bytes.
        package struct Body: Sendable {
            package let full: [UInt8]
            /// Without the `fields` member (what `hide=fields` asks for).
            package let withoutFields: [UInt8]
        }

        /// An item; `localized` gives its JSON in a language (the product or group rules of
        /// ``DefinitionTexts``).
        package init(json: JSONValue, model: Model, localized: (JSONValue, Localizer) -> JSONValue) {
            self.json = json
            self.model = model
            var bodies: [String: Body] = [DefinitionTexts.sourceLanguage: Self.written(json)]
            for language in DefinitionTexts.servedLanguages where language != DefinitionTexts.sourceLanguage {
                bodies[language] = Self.written(localized(json, Localizer(languageTag: language)))
            }
            self.bodies = bodies
        }

        /// The item's bytes in `language` (one of ``DefinitionTexts/servedLanguages``; others get
        /// the file's own texts).
        package func body(language: String, hidingFields: Bool) -> [UInt8] {
            guard let body = bodies[language] ?? bodies[DefinitionTexts.sourceLanguage] else { return [] }
            return hidingFields ? body.withoutFields : body.full
        }

        private static func written(_ json: JSONValue) -> Body {
            let full = JSONWriter().bytes(from: json)
            guard case .object(let object) = json, object.members.contains(where: { $0.key == "fields" }) else {
                return Body(full: full, withoutFields: full)
            }
            let withoutFields = JSONWriter().bytes(from: .object(JSONObject(object.members.filter { $0.key != "fields" })))
            return Body(full: full, withoutFields: withoutFields)
        }
    }

    package var products: [Item<PaymentProduct>]
    package var groups: [Item<PaymentProductGroup>]
    package var directories: [String: JSONValue]
    /// IIN answers by card-number prefix, longest prefix first.
    package var iinAnswers: [SandboxIINAnswer]
    package let decryptionKey: DecryptionKey
    /// `{"keyId", "publicKey"}` as the Client API serves it.
    package let publicKeyResponse: PublicKeyResponse
    /// Every logo and tooltip-image path the products and groups mention, with the badge drawn
    /// for it.
    package let assets: [String: SandboxBadge]

    /// The ids of the products served, in file-name order.
    package var productIds: [String] { products.map(\.model.id) }
    /// The ids of the groups served.
    package var groupIds: [String] { groups.map(\.model.id) }
    /// The ids of the products with a directory.
    package var directoryProductIds: [String] { directories.keys.sorted() }
    /// The card-number prefixes with an IIN answer of their own, sorted.
    package var iinPrefixes: [String] { iinAnswers.map(\.prefix).sorted() }
    /// The id of the key served by `GET /crypto/publickey`.
    package var keyId: String { publicKeyResponse.keyId }

    /// The shipped Client API samples (the products of `Resources/Products` with numeric ids),
    /// groups, directories and IIN answers (`Resources/Groups`, `Resources/Directories`,
    /// `Resources/IIN`), and the demo key.
    package static func samples() throws(SandboxError) -> SandboxData {
        var products: [(String, Data)] = []
        for name in Samples.productNames {
            // Client API products only: the samples for other platforms (Sips, Saferpay) have
            // non-numeric ids.
            guard let data = Samples.product(named: name), let product = try? PaymentProduct.decode(from: data).value,
                  !product.id.isEmpty, product.id.allSatisfy({ $0.isASCII && $0.isNumber })
            else { continue }
            products.append(("sample:\(name)", Data(data)))
        }
        var groups: [(String, Data)] = []
        for id in Samples.groupIds {
            if let data = Samples.group(withId: id) { groups.append(("sample group \(id)", Data(data))) }
        }
        var directories: [(String, String, Data)] = []
        for id in Samples.directoryProductIds {
            if let data = Samples.directory(forProductId: id) { directories.append((id, "sample directory \(id)", Data(data))) }
        }
        var iin: [(String, String, Data)] = []
        for prefix in Samples.iinPrefixes {
            if let data = Samples.iinAnswer(forPrefix: prefix) { iin.append((prefix, "sample IIN answer \(prefix)", Data(data))) }
        }
        return try SandboxData(products: products, groups: groups, directories: directories, iinAnswers: iin, privateKeyPEM: nil)
    }

    /// The shipped samples with the key pair of `privateKeyPEM` instead of the demo key.
    package static func load(samplesWithPrivateKeyPEM privateKeyPEM: String) throws(SandboxError) -> SandboxData {
        let samples = try samples()
        return try SandboxData(
            products: samples.products.map { ("sample \($0.model.id)", Data(JSONWriter().bytes(from: $0.json))) },
            groups: samples.groups.map { ("sample group \($0.model.id)", Data(JSONWriter().bytes(from: $0.json))) },
            directories: samples.directories.map { ($0.key, "sample directory \($0.key)", Data(JSONWriter().bytes(from: $0.value))) },
            iinAnswers: Samples.iinPrefixes.compactMap { prefix in Samples.iinAnswer(forPrefix: prefix).map { (prefix, "sample IIN answer \(prefix)", Data($0)) } },
            privateKeyPEM: privateKeyPEM)
    }

    /// The products of `folder` (and its `groups/`, `directories/` and `iin/`), with the private key of
    /// `privateKeyPEM` (PKCS#8 or PKCS#1), or the demo key when `nil`.
    package static func load(productsFolder folder: URL, privateKeyPEM: String? = nil) throws(SandboxError) -> SandboxData {
        let products = try jsonFiles(in: folder, required: true).map { ($0.path, $0.data) }
        let groups = try jsonFiles(in: folder.appendingPathComponent("groups"), required: false).map { ($0.path, $0.data) }
        let directories = try jsonFiles(in: folder.appendingPathComponent("directories"), required: false).map {
            ($0.name, $0.path, $0.data)
        }
        let iin = try jsonFiles(in: folder.appendingPathComponent("iin"), required: false).map { ($0.name, $0.path, $0.data) }
        return try SandboxData(products: products, groups: groups, directories: directories, iinAnswers: iin, privateKeyPEM: privateKeyPEM)
    }

    private static func jsonFiles(in folder: URL, required: Bool) throws(SandboxError) -> [(name: String, path: String, data: Data)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            if required { throw SandboxError(code: "unreadable_file", message: "--products \(folder.path): no such folder") }
            return []
        }
        guard isDirectory.boolValue else {
            throw SandboxError(code: "unreadable_file", message: "--products \(folder.path): not a folder")
        }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var files: [(name: String, path: String, data: Data)] = []
        for name in names {
            let url = folder.appendingPathComponent(name)
            let data = try readBounded(url.path, limit: maximumFileBytes)
            files.append((String(name.dropLast(".json".count)), url.path, data))
        }
        return files
    }

    /// The largest product, group or directory file read: the JSON parser's document limit.
    package static let maximumFileBytes = JSONParser.Limits.standard.maximumBytes

    /// The bytes of the regular file at `path` (a symbolic link to one is fine), refused past
    /// `limit` bytes. The bytes are counted as they are read, never taken from the file's size:
    /// through a symbolic link (whose own size is a few bytes) or a file that grows, the size
    /// says nothing. Anything but a regular file (a FIFO, whose opening would wait for a writer
    /// for ever, a device such as `/dev/zero`, a socket) is refused: it is opened without waiting
    /// and checked before a byte is read.
    package static func readBounded(_ path: String, limit: Int) throws(SandboxError) -> Data {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw SandboxError(code: "unreadable_file", message: "\(path): cannot read the file")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            _ = close(descriptor)
            throw SandboxError(code: "unreadable_file", message: "\(path): not a regular file (a FIFO, device or socket is refused)")
        }
        // A regular file never blocks; reads go on without the flag, as a handle expects.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? handle.close() }
        var data = Data()
        while data.count <= limit {
            // The throwing read: a read error (a folder named `x.json`) is an error, not a trap.
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: min(1 << 16, limit + 1 - data.count))
            } catch {
                throw SandboxError(code: "unreadable_file", message: "\(path): cannot read the file")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
        }
        throw SandboxError(code: "input_too_large", message: "\(path): the file is larger than \(limit) bytes")
    }

    private init(
        products: [(String, Data)], groups: [(String, Data)], directories: [(String, String, Data)], iinAnswers: [(String, String, Data)],
        privateKeyPEM: String?
    ) throws(SandboxError) {
        var productItems: [Item<PaymentProduct>] = []
        var assets: [String: SandboxBadge] = [:]
        for (source, data) in products {
            let json = try Self.parse(data, source: source)
            let product: PaymentProduct
            do {
                product = try PaymentProduct.decode(from: json).value
            } catch {
                throw SandboxError(code: error.code, message: "\(source): \(error)")
            }
            guard !productItems.contains(where: { $0.model.id == product.id }) else {
                throw SandboxError(code: "invalid_value", message: "\(source): product id \(product.id) is served twice")
            }
            productItems.append(Item(json: json, model: product, localized: { DefinitionTexts.product($0, localizer: $1) }))
            Self.addAssets(of: product.displayHints, name: product.displayHints.label ?? product.id, fields: product.fields,
                           accounts: product.accountsOnFile, to: &assets)
        }
        var groupItems: [Item<PaymentProductGroup>] = []
        for (source, data) in groups {
            let json = try Self.parse(data, source: source)
            let group: PaymentProductGroup
            do {
                group = try PaymentProductGroup.decode(from: json).value
            } catch {
                throw SandboxError(code: error.code, message: "\(source): \(error)")
            }
            groupItems.append(Item(json: json, model: group, localized: { DefinitionTexts.group($0, localizer: $1) }))
            Self.addAssets(of: group.displayHints, name: group.displayHints.label ?? group.id, fields: group.fields,
                           accounts: group.accountsOnFile, to: &assets)
        }
        var directoryItems: [String: JSONValue] = [:]
        for (productId, source, data) in directories {
            let json = try Self.parse(data, source: source)
            do {
                _ = try Directory.decode(from: json)
            } catch {
                throw SandboxError(code: error.code, message: "\(source): \(error)")
            }
            directoryItems[productId] = json
        }
        var answers: [SandboxIINAnswer] = []
        for (prefix, source, data) in iinAnswers {
            answers.append(try SandboxIINAnswer(prefix: prefix, json: try Self.parse(data, source: source), source: source))
        }
        // The most specific prefix answers first.
        answers.sort { $0.prefix.count != $1.prefix.count ? $0.prefix.count > $1.prefix.count : $0.prefix < $1.prefix }

        let privateKey: RSAPrivateKey
        if let privateKeyPEM {
            privateKey = try Self.readPrivateKey(privateKeyPEM)
        } else {
            privateKey = try Self.demoPrivateKey.get()
        }
        decryptionKey = DecryptionKey(checked: privateKey)
        let publicDER = privateKey.publicKey.derRepresentation
        let demoKeyId = Samples.demoPublicKeyResponse.flatMap { try? PublicKeyResponse.decode(from: $0).value }
        if let demoKeyId, (try? RSAPublicKey(base64DER: demoKeyId.publicKey))?.derRepresentation == publicDER {
            publicKeyResponse = demoKeyId
        } else {
            var hash = SHA256()
            hash.update(publicDER)
            let hex = hash.finalize().prefix(8).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
            publicKeyResponse = PublicKeyResponse(keyId: "sandbox-\(hex)", publicKey: Base64.encode(publicDER))
        }
        self.products = productItems
        self.groups = groupItems
        self.directories = directoryItems
        self.iinAnswers = answers
        self.assets = assets
    }

    /// The shipped demo key, read and checked once per process: every sandbox started without
    /// `--private-key` uses it, and checking a 2048-bit key (its primes) is most of a start's work.
    private static let demoPrivateKey: Result<RSAPrivateKey, SandboxError> = {
        guard let demo = Samples.demoPrivateKeyPEM else {
            return .failure(SandboxError(code: "invalid_private_key", message: "the demo private key is missing from this build"))
        }
        do throws(SandboxError) {
            return .success(try readPrivateKey(String(decoding: demo, as: UTF8.self)))
        } catch {
            return .failure(error)
        }
    }()

    /// A PEM private key, read and checked.
    private static func readPrivateKey(_ pem: String) throws(SandboxError) -> RSAPrivateKey {
        do {
            return try RSAPrivateKey(pemRepresentation: pem)
        } catch {
            throw SandboxError(code: "invalid_private_key", message: "--private-key: the private key cannot be used: \(error)")
        }
    }

    private static func parse(_ data: Data, source: String) throws(SandboxError) -> JSONValue {
        do {
            return try JSONParser().parse(data)
        } catch {
            throw SandboxError(code: "malformed_json", message: "\(source): \(error)")
        }
    }

    /// The logo of an item named `name`, its fields' tooltip images and its accounts' logos.
    private static func addAssets(of hints: DisplayHints, name: String, fields: [PaymentProductField], accounts: [AccountOnFile],
                                  to assets: inout [String: SandboxBadge]) {
        if let logo = hints.logo, assets[logo] == nil { assets[logo] = SandboxBadge(label: name, kind: .logo) }
        for field in fields {
            // The tooltip shows where the value is: a CVV's image shows "123".
            if let image = field.displayHints.tooltip?.image, assets[image] == nil {
                assets[image] = SandboxBadge(label: field.displayHints.placeholderLabel ?? field.id, kind: .tooltip)
            }
        }
        for account in accounts {
            if let logo = account.logo, assets[logo] == nil { assets[logo] = SandboxBadge(label: name, kind: .logo) }
        }
    }

    /// The product with `id`.
    package func product(withId id: String) -> Item<PaymentProduct>? { products.first { $0.model.id == id } }

    /// The group with `id`.
    package func group(withId id: String) -> Item<PaymentProductGroup>? { groups.first { $0.model.id == id } }
}
