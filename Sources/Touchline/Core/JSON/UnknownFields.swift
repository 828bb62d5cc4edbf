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
    ///
    /// With `nearMissesOnly`, only the unknown fields that are near misses of a known field the object does not
    /// have (`arrives` where `arrivesAt` is absent), as errors: the field meant would take its default in silence.
    static func issues(in document: JSONValue, schema: String, strict: Bool, nearMissesOnly: Bool = false) -> [InputIssue] {
        var found: [InputIssue] = []
        let walk = SchemaWalk(
            visit: { _, _, _, _ in .descend },
            unknown: { path, key, absent in
                let nearest = Suggestion.nearest(key, among: absent)
                if nearMissesOnly {
                    guard let nearest else { return }
                    found.append(
                        InputIssue(
                            path: path,
                            message:
                                "unknown field, a near miss of \"\(nearest)\", which would take its default: rename it (or solve with --lenient, options.lenient, to ignore it)"
                        ))
                    return
                }
                let near = nearest.map { " (did you mean \"\($0)\"?)" } ?? ""
                found.append(InputIssue(path: path, message: (strict ? "unknown field" : "unknown field, ignored") + near))
            },
            sortedMembers: true)
        _ = walk.run(document, SchemaNode.root(of: schema))
        return found
    }
}
