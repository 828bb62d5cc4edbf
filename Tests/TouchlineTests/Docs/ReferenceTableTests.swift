import Foundation
import Testing
import TouchlineTesting

@testable import Touchline

/// Each kind's article carries its JSON reference (every field, its type and range, its default, its meaning),
/// generated from the kind's published schema so that the two cannot disagree. A changed schema fails this test;
/// `TOUCHLINE_UPDATE_GOLDEN=1 swift test --filter ReferenceTableTests` writes the tables again.
@Suite struct ReferenceTableTests {
    static let begin = "<!-- reference: generated from the kind's schema by ReferenceTableTests; do not edit -->"
    static let end = "<!-- reference: end -->"

    static func words(_ node: JSONValue, root: JSONValue) -> String {
        if case let .string(reference)? = node["$ref"] {
            switch reference {
            case "#/$defs/dateTime": return "date-time `YYYY-MM-DDTHH:MM`"
            case "#/$defs/window": return "window `{from, to}`"
            case "#/$defs/options": return "options (see the command line's *Input*)"
            default: return "object"
            }
        }
        if case let .array(choices)? = node["enum"] {
            return "one of " + choices.compactMap { if case let .string(text) = $0 { "`\(text)`" } else { nil } }.joined(separator: ", ")
        }
        var kinds: [String] = []
        switch node["type"] {
        case let .string(name)?: kinds = [name]
        case let .array(names)?: kinds = names.compactMap { if case let .string(n) = $0 { n } else { nil } }
        default: break
        }
        let named = kinds.filter { $0 != "null" }.map { kind -> String in
            switch kind {
            case "integer": return "whole number"
            case "number": return "number"
            case "string": return "string"
            case "boolean": return "true or false"
            case "array":
                guard let items = node["items"] else { return "array" }
                return "array of " + words(items, root: root).replacingOccurrences(of: "one of", with: "each one of")
            case "object": return node["additionalProperties"] != nil ? "object (keys free)" : "object"
            default: return kind
            }
        }
        var text = named.joined(separator: " or ")
        if kinds.contains("null") { text += " or null" }
        let range = SchemaRanges.describe(node)
        if !range.isEmpty, kinds.contains("integer") || kinds.contains("number") { text += ", \(range)" }
        return text.isEmpty ? "any" : text
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// The reference table of a kind: one row per field, depth first in the schema's order.
    static func table(_ kind: String) throws -> String {
        let text = try #require(JSONFrontEnd.schema(kind))
        let schema = SchemaNode.root(of: text)
        var rows: [String] = []
        schema.fields(followingReferences: false) { path, node, required in
            guard path != "problem" else { return }
            let child = node.raw
            var fallback = required ? "required" : "–"
            if let value = child["default"] {
                fallback = "`" + String(decoding: JSONDocument.normalized(.array([value])).dropFirst().dropLast(), as: UTF8.self) + "`"
            }
            let meaning: String
            if case let .string(words)? = child["description"] { meaning = words } else { meaning = "" }
            rows.append("| `\(path)` | \(cell(words(child, root: schema.keywords))) | \(cell(fallback)) | \(cell(meaning)) |")
        }
        return ([begin, "", "| field | type | default | meaning |", "|---|---|---|---|"] + rows + ["", end]).joined(separator: "\n")
    }

    @Test(arguments: [("lineup", "Lineup"), ("pitches", "Pitches"), ("officials", "Officials"), ("matchday", "Matchday"), ("standings", "Standings")])
    func articleCarriesTheSchemasReference(_ kind: String, _ article: String) throws {
        let url = Repository.url("Sources/Touchline/Touchline.docc/\(article).md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let table = try Self.table(kind)
        guard let start = text.range(of: Self.begin), let stop = text.range(of: Self.end, range: start.upperBound..<text.endIndex) else {
            Issue.record("\(article).md has no generated reference (markers missing)")
            return
        }
        let current = String(text[start.lowerBound..<stop.upperBound])
        if current != table, ProcessInfo.processInfo.environment["TOUCHLINE_UPDATE_GOLDEN"] != nil {
            try (String(text[..<start.lowerBound]) + table + String(text[stop.upperBound...])).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == table, "\(article).md's reference differs from the schema (TOUCHLINE_UPDATE_GOLDEN=1 rewrites it)")
    }
}
