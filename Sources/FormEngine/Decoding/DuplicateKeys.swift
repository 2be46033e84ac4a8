internal import PaymentFormJSON

/// A diagnostic for each key repeated within an object anywhere in `root` (`path` is where `root`
/// sits), in document order: the later occurrences, which lookups shadow the earlier ones with.
///
/// Only called when the parser saw a repetition (``JSONDocument/hasDuplicateKeys``), so
/// documents without one are never walked twice. At most
/// ``DefinitionDiagnostic/maximumDuplicateKeyReports`` are listed; the rest are counted.
func duplicateKeyDiagnostics(in root: JSONValue, at path: JSONPath) -> [DefinitionDiagnostic] {
    var walker = DuplicateKeyWalker(components: path.components)
    walker.visit(root)
    if walker.unlisted > 0 {
        walker.diagnostics.append(DefinitionDiagnostic(path: path, kind: .moreDuplicateKeys(count: walker.unlisted)))
    }
    return walker.diagnostics
}

private struct DuplicateKeyWalker {
    /// The path to the value being visited (pushed and popped on the way).
    var components: [JSONPath.Component]
    var diagnostics: [DefinitionDiagnostic] = []
    var unlisted = 0

    mutating func visit(_ value: JSONValue) {
        switch value {
        case .object(let object):
            report(object)
            for member in object {
                components.append(.key(member.key))
                visit(member.value)
                components.removeLast()
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                components.append(.index(index))
                visit(element)
                components.removeLast()
            }
        case .null, .bool, .number, .string:
            break
        }
    }

    /// Reports each member whose key an earlier member of the object already has.
    mutating func report(_ object: JSONObject) {
        let members = object.members
        guard members.count > 1 else { return }
        var seen = Set<String>(minimumCapacity: members.count)
        for member in members where !seen.insert(member.key).inserted {
            guard diagnostics.count < DefinitionDiagnostic.maximumDuplicateKeyReports else {
                unlisted += 1
                continue
            }
            diagnostics.append(DefinitionDiagnostic(
                path: JSONPath(components: components + [.key(member.key)]), kind: .duplicateKey(name: member.key)))
        }
    }
}
