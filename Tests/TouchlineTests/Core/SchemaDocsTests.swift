import Foundation
import Testing

@testable import Touchline

/// Every field of every kind's published schema says what it is, every optional field with a default says it,
/// and the table of words names no field the schemas do not have.
@Suite struct SchemaDocsTests {
    /// The paths of a schema's fields, as `SchemaDocs` names them, with their schema nodes.
    static func fields(_ schema: String) throws -> [(path: String, node: [String: Any])] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any])
        var found: [(path: String, node: [String: Any])] = []
        func walk(_ node: [String: Any], _ path: String) {
            for (key, value) in node["properties"] as? [String: Any] ?? [:] {
                guard let child = value as? [String: Any] else { continue }
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                found.append((childPath, child))
                walk(child, childPath)
            }
            if let items = node["items"] as? [String: Any] { walk(items, path + "[]") }
            if let free = node["additionalProperties"] as? [String: Any] { walk(free, path + "{}") }
        }
        walk(root, "")
        for (name, definition) in root["$defs"] as? [String: Any] ?? [:] {
            if let definition = definition as? [String: Any] { walk(definition, "$defs.\(name)") }
        }
        return found
    }

    @Test(arguments: ProblemKinds.names)
    func everyFieldIsDescribed(_ name: String) throws {
        let schema = try #require(JSONFrontEnd.schema(name))
        let fields = try Self.fields(schema)
        #expect(fields.count > 10)
        for field in fields where field.path != "problem" {
            let words = field.node["description"] as? String ?? ""
            #expect(!words.isEmpty, "\(name): \(field.path) has no description")
        }
        let paths = Set(fields.map(\.path))
        for entry in SchemaDocs.entries(for: name).keys where !entry.hasPrefix("options") {
            #expect(paths.contains(entry), "\(name): SchemaDocs describes \(entry), which the schema does not have")
        }
    }

    /// The defaults the engine applies, as the schema states them.
    @Test func defaultsAreStated() throws {
        func field(_ kind: String, _ path: String) throws -> [String: Any] {
            let fields = try Self.fields(try #require(JSONFrontEnd.schema(kind)))
            return try #require(fields.first { $0.path == path }?.node, "\(kind): \(path)")
        }
        #expect(try field("lineup", "rules.mode")["default"] as? String == "balanced")
        #expect(try field("lineup", "rules.minShare")["default"] as? Int == 0)
        #expect(try field("lineup", "rules.minStint")["default"] as? Int == 1)
        #expect(try field("lineup", "players[].status")["default"] as? String == "available")
        #expect(try field("pitches", "rules.bufferMinutes")["default"] as? Int == 0)
        #expect(try field("officials", "rules.travelSpeedKmh")["default"] as? Int == 50)
        #expect(try field("officials", "matches[].officials")["default"] as? Int == 1)
        #expect(try field("matchday", "rules.restMinutes")["default"] as? Int == 0)
        #expect(try field("standings", "points.win")["default"] as? Int == 3)
        #expect(try field("lineup", "$defs.options.timeLimitSeconds")["default"] as? Int == 10)
        #expect(try field("pitches", "$defs.options.strict")["default"] as? Bool == false)
        // A default in words is in the description.
        #expect((try field("lineup", "players[].name")["description"] as? String)?.contains("absent: the id") == true)
    }
}
