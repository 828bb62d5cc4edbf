import Foundation
import Testing

@testable import Touchline

/// Every field of every kind's published schema says what it is, and every optional field with a default says it.
@Suite struct SchemaDocumentationTests {
    /// The paths of a schema's fields (`players[].status`, `rules.minShare`, `$defs.window.from`), with their
    /// schema nodes as written.
    static func fields(_ schema: String) -> [(path: String, node: JSONValue)] {
        var found: [(path: String, node: JSONValue)] = []
        SchemaNode.root(of: schema).fields(followingReferences: false, definitions: true) { path, node, _ in
            found.append((path, node.raw))
        }
        return found
    }

    @Test(arguments: ProblemKinds.names)
    func everyFieldIsDescribed(_ name: String) throws {
        let schema = try #require(JSONFrontEnd.schema(name))
        let fields = Self.fields(schema)
        #expect(fields.count > 10)
        for field in fields where field.path != "problem" {
            var words = ""
            if case let .string(text)? = field.node["description"] { words = text }
            #expect(!words.isEmpty, "\(name): \(field.path) has no description")
        }
    }

    /// The defaults the engine applies, as the schema states them.
    @Test func defaultsAreStated() throws {
        func field(_ kind: String, _ path: String) throws -> [String: Any] {
            let fields = Self.fields(try #require(JSONFrontEnd.schema(kind)))
            let node = try #require(fields.first { $0.path == path }?.node, "\(kind): \(path)")
            return try #require(try JSONSerialization.jsonObject(with: JSONDocument.normalized(node)) as? [String: Any])
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
