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
        // The schema as the range and shape checks read it (parsed once per kind, `$ref`s resolved alike).
        let root = SchemaRanges.schema(schema)
        var found: [InputIssue] = []
        walk(document, root, root: root, path: "", strict: strict, found: &found)
        return found
    }

    private static func walk(
        _ value: JSONValue, _ rawSchema: JSONValue, root: JSONValue, path: String, strict: Bool, found: inout [InputIssue]
    ) {
        let schema = SchemaRanges.resolve(rawSchema, root: root)
        switch value {
        case let .object(members):
            guard case let .object(properties)? = schema["properties"] else { return }
            let open = schema["additionalProperties"] != nil
            let known = Set(properties.map(\.key))
            for member in members.sorted(by: { $0.key < $1.key }) {
                let child = JSONPath.join(path, member.key)
                if let childSchema = schema["properties"]?[member.key] {
                    walk(member.value, childSchema, root: root, path: child, strict: strict, found: &found)
                } else if !open {
                    let absent = known.filter { key in !members.contains { $0.key == key } }.sorted()
                    let near = Suggestion.nearest(member.key, among: absent).map { " (did you mean \"\($0)\"?)" } ?? ""
                    found.append(InputIssue(path: child, message: (strict ? "unknown field" : "unknown field, ignored") + near))
                }
            }
        case let .array(elements):
            guard let items = schema["items"] else { return }
            for (index, element) in elements.enumerated() {
                walk(element, items, root: root, path: JSONPath.join(path, index), strict: strict, found: &found)
            }
        default:
            return
        }
    }
}
