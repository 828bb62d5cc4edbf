import Foundation

/// Finds fields that a kind's JSON Schema does not know (a typo such as `preffered` would otherwise be
/// dropped in silence). Extra fields are allowed by the contract, so these are warnings, not errors.
enum UnknownFields {
    static func find(in data: Data, schema: String) -> [String] {
        guard let parsed = try? JSONDocument.parse(data).get(),
              let document = try? JSONSerialization.jsonObject(with: JSONDocument.normalized(parsed)),
              let schemaObject = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any]
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

    private static func walk(_ value: Any, _ rawSchema: [String: Any], root: [String: Any], path: String, found: inout [String]) {
        let schema = resolve(rawSchema, root: root)
        if let object = value as? [String: Any] {
            if let properties = schema["properties"] as? [String: Any] {
                let open = schema["additionalProperties"] != nil
                for key in object.keys.sorted() {
                    let child = JSONPath.join(path, key)
                    if let childSchema = properties[key] as? [String: Any] {
                        walk(object[key]!, childSchema, root: root, path: child, found: &found)
                    } else if !open {
                        found.append("\(child): unknown field, ignored")
                    }
                }
            }
        } else if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
            for (index, element) in array.enumerated() {
                walk(element, items, root: root, path: JSONPath.join(path, index), found: &found)
            }
        }
    }
}
