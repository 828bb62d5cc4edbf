import Foundation

/// Finds fields that a kind's JSON Schema does not know (a typo such as `preffered` would otherwise be
/// dropped in silence). Extra fields are allowed by the contract, so these are warnings, not errors.
enum UnknownFields {
    /// Walks the parsed document itself (a Foundation object tree of a large instance would take several times
    /// the memory of the document).
    static func find(in document: JSONValue, schema: String) -> [String] {
        issues(in: document, schema: schema, strict: false).map { "\($0.path): \($0.message)" }
    }

    /// The unknown fields as issues: "unknown field, ignored" as warnings, "unknown field" as the errors of a
    /// strict check (`validate --strict`, `options.strict`).
    static func issues(in document: JSONValue, schema: String, strict: Bool) -> [InputIssue] {
        guard let schemaObject = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any]
        else { return [] }
        var found: [InputIssue] = []
        walk(document, schemaObject, root: schemaObject, path: "", strict: strict, found: &found)
        return found
    }

    private static func resolve(_ schema: [String: Any], root: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/"),
              let definitions = root["$defs"] as? [String: Any],
              let target = definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any]
        else { return schema }
        return target
    }

    private static func walk(_ value: JSONValue, _ rawSchema: [String: Any], root: [String: Any], path: String, strict: Bool, found: inout [InputIssue]) {
        let schema = resolve(rawSchema, root: root)
        switch value {
        case let .object(members):
            guard let properties = schema["properties"] as? [String: Any] else { return }
            let open = schema["additionalProperties"] != nil
            for member in members.sorted(by: { $0.key < $1.key }) {
                let child = JSONPath.join(path, member.key)
                if let childSchema = properties[member.key] as? [String: Any] {
                    walk(member.value, childSchema, root: root, path: child, strict: strict, found: &found)
                } else if !open {
                    let absent = properties.keys.filter { key in !members.contains { $0.key == key } }.sorted()
                    let near = Suggestion.nearest(member.key, among: absent).map { " (did you mean \"\($0)\"?)" } ?? ""
                    found.append(InputIssue(path: child, message: (strict ? "unknown field" : "unknown field, ignored") + near))
                }
            }
        case let .array(elements):
            guard let items = schema["items"] as? [String: Any] else { return }
            for (index, element) in elements.enumerated() {
                walk(element, items, root: root, path: JSONPath.join(path, index), strict: strict, found: &found)
            }
        default:
            return
        }
    }
}
