import Foundation

/// Finds fields that a kind's JSON Schema does not know (a typo such as `preffered` would otherwise be
/// dropped in silence). Extra fields are allowed by the contract, so these are warnings, not errors.
enum UnknownFields {
    /// Walks the parsed document itself (a Foundation object tree of a large instance would take several times
    /// the memory of the document).
    static func find(in document: JSONValue, schema: String) -> [String] {
        guard let schemaObject = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any]
        else { return [] }
        var found: [String] = []
        walk(document, schemaObject, root: schemaObject, path: "", found: &found)
        return found
    }

    private static func resolve(_ schema: [String: Any], root: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/"),
              let definitions = root["$defs"] as? [String: Any],
              let target = definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any]
        else { return schema }
        return target
    }

    private static func walk(_ value: JSONValue, _ rawSchema: [String: Any], root: [String: Any], path: String, found: inout [String]) {
        let schema = resolve(rawSchema, root: root)
        switch value {
        case let .object(members):
            guard let properties = schema["properties"] as? [String: Any] else { return }
            let open = schema["additionalProperties"] != nil
            for member in members.sorted(by: { $0.key < $1.key }) {
                let child = JSONPath.join(path, member.key)
                if let childSchema = properties[member.key] as? [String: Any] {
                    walk(member.value, childSchema, root: root, path: child, found: &found)
                } else if !open {
                    let absent = properties.keys.filter { key in !members.contains { $0.key == key } }.sorted()
                    let near = Suggestion.nearest(member.key, among: absent).map { " (did you mean \"\($0)\"?)" } ?? ""
                    found.append("\(child): unknown field, ignored\(near)")
                }
            }
        case let .array(elements):
            guard let items = schema["items"] as? [String: Any] else { return }
            for (index, element) in elements.enumerated() {
                walk(element, items, root: root, path: JSONPath.join(path, index), found: &found)
            }
        default:
            return
        }
    }
}
