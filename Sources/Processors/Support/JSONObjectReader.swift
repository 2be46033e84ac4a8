import PaymentFormJSON

/// Reads the members of a processor's JSON object as the platforms send them: texts that may come
/// as numbers (`paymentMeanId` became an integer in a later SDK), nested containers, and the
/// members nobody asked for (kept, so an answer is never silently trimmed).
struct JSONObjectReader {
    let object: JSONObject
    private(set) var read: Set<String> = []

    init(_ object: JSONObject) {
        self.object = object
    }

    /// Parses `bytes` as a JSON object. A member repeated within an object is refused: a seal
    /// computed over one occurrence while the reader acts on the other would check nothing.
    static func parse(_ bytes: some Collection<UInt8>, what: String) throws(SipsError) -> JSONObjectReader {
        let value: JSONValue
        do {
            value = try JSONParser(rejectsDuplicateKeys: true).parse(bytes)
        } catch {
            throw .malformedJSON("\(what): \(error)")
        }
        guard case .object(let object) = value else { throw .malformedJSON("\(what): expected a JSON object, found \(value.kind)") }
        return JSONObjectReader(object)
    }

    /// A member as text: a string as is, a number as written, a boolean as `true`/`false`; `nil`
    /// when absent or `null`. Arrays and objects are not text.
    mutating func text(_ key: String) throws(SipsError) -> String? {
        read.insert(key)
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        case let other?: throw .invalidField(key, reason: "expected a string, found \(other.kind)")
        }
    }

    /// A member that must be a non-empty text.
    mutating func requiredText(_ key: String) throws(SipsError) -> String {
        guard let text = try text(key), !text.isEmpty else { throw .missingField(key) }
        return text
    }

    /// A nested object, or `nil`.
    mutating func object(_ key: String) throws(SipsError) -> JSONObjectReader? {
        read.insert(key)
        switch object[key] {
        case nil, .null?: return nil
        case .object(let nested)?: return JSONObjectReader(nested)
        case let other?: throw .invalidField(key, reason: "expected an object, found \(other.kind)")
        }
    }

    /// The objects of an array member (empty when absent).
    mutating func objects(_ key: String) throws(SipsError) -> [JSONObjectReader] {
        read.insert(key)
        switch object[key] {
        case nil, .null?: return []
        case .array(let elements)?:
            var readers: [JSONObjectReader] = []
            for (index, element) in elements.enumerated() {
                guard case .object(let nested) = element else {
                    throw .invalidField("\(key)[\(index)]", reason: "expected an object, found \(element.kind)")
                }
                readers.append(JSONObjectReader(nested))
            }
            return readers
        case let other?: throw .invalidField(key, reason: "expected an array, found \(other.kind)")
        }
    }

    /// The texts of an array member, or of a comma-separated string (Sips `list` format).
    mutating func texts(_ key: String) throws(SipsError) -> [String] {
        read.insert(key)
        switch object[key] {
        case nil, .null?: return []
        case .string(let text)?: return text.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
        case .array(let elements)?:
            var texts: [String] = []
            for element in elements {
                switch element {
                case .string(let text): texts.append(text)
                case .number(let text): texts.append(text)
                default: throw .invalidField(key, reason: "expected a list of strings, found \(element.kind)")
                }
            }
            return texts
        case let other?: throw .invalidField(key, reason: "expected a list, found \(other.kind)")
        }
    }

    /// The members not read, as JSON text by name.
    var unread: [String: String] {
        var rest: [String: String] = [:]
        for member in object.members where !read.contains(member.key) {
            rest[member.key] = JSONWriter().string(from: member.value)
        }
        return rest
    }
}

extension String {
    /// The text without leading and trailing `characters`.
    func trimmingCharacters(in characters: Character) -> String {
        var slice = Substring(self)
        while slice.first == characters { slice.removeFirst() }
        while slice.last == characters { slice.removeLast() }
        return String(slice)
    }
}
