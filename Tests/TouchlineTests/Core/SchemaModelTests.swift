import Foundation
import Testing

@testable import Touchline

/// The schema and the Codable model describe the same fields: every field of the schema is a stored field of the
/// model and the model has no field the schema leaves out; a field the schema does not require may be left out
/// of the input; and a default the schema states is the one the engine applies.
@Suite struct SchemaModelTests {
    /// A document with every field of the schema: a placeholder of the right shape for each value (the
    /// validation's own, `SchemaShape.placeholder`), an object with all its properties, an array of one item.
    static func fullDocument(_ node: SchemaNode, depth: Int = 0) -> JSONValue {
        let types = node.types
        if depth < 12, let properties = node.properties, types.isEmpty || types.contains("object") {
            return .object(properties.map { (key: $0.key, value: fullDocument($0.node, depth: depth + 1)) })
        }
        if depth < 12, let items = node.items, types.contains("array") {
            return .array([fullDocument(items, depth: depth + 1)])
        }
        return SchemaShape.placeholder(node)
    }

    /// Every property of the schema as steps into the full document (the first item of an array), and
    /// whether its object requires it.
    static func properties(_ node: SchemaNode, steps: [SchemaShape.Step] = [], depth: Int = 0)
        -> [(steps: [SchemaShape.Step], required: Bool)]
    {
        guard depth < 12 else { return [] }
        var found: [(steps: [SchemaShape.Step], required: Bool)] = []
        let required = Set(node.required)
        for (key, child) in node.properties ?? [] where !(steps.isEmpty && key == "problem") {
            found.append((steps + [.key(key)], required.contains(key)))
            found += properties(child, steps: steps + [.key(key)], depth: depth + 1)
        }
        if let items = node.items, node.types.contains("array") {
            found += properties(items, steps: steps + [.index(0)], depth: depth + 1)
        }
        return found
    }

    /// Steps as the documentation's path (`players[].status`).
    static func label(_ steps: [SchemaShape.Step]) -> String {
        steps.reduce("") { text, step in
            switch step {
            case let .key(key): text.isEmpty ? key : "\(text).\(key)"
            case .index: text + "[]"
            }
        }
    }

    static func decodes<Kind: ProblemKind>(_ document: JSONValue, as kind: Kind.Type) -> Result<Kind.Instance, any Error> {
        Result { try JSONDecoder().decode(Kind.Instance.self, from: JSONDocument.normalized(document)) }
    }

    /// The stored fields of a decoded value, as dotted paths (`rules.minStint`, `players[].status`), descending
    /// into values that are there and that the schema gives fields of their own (a date is a leaf to the schema).
    static func modelFields(
        _ value: Any, _ path: String = "", into found: inout Set<String>, descend: (String) -> Bool, depth: Int = 0
    ) {
        guard depth < 14 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            if let wrapped = mirror.children.first?.value { modelFields(wrapped, path, into: &found, descend: descend, depth: depth + 1) }
        case .collection:
            if let first = mirror.children.first?.value { modelFields(first, path + "[]", into: &found, descend: descend, depth: depth + 1) }
        case .dictionary:
            if let pair = mirror.children.first?.value, let value = Mirror(reflecting: pair).children.dropFirst().first?.value {
                modelFields(value, path + "{}", into: &found, descend: descend, depth: depth + 1)
            }
        case .struct:
            for child in mirror.children {
                // `LineupInstance.givenMatch` is stored under the JSON name `match` (its `match` is the format a
                // one-match engine reads, the first match's on a tournament day).
                // `LineupInstance.playedDay` is derived (what a re-planned day's played games leave), never read
                // from or written to the JSON (it is not among the coding keys).
                guard let label = child.label.map({ $0 == "givenMatch" ? "match" : $0 }), label != "playedDay" else { continue }
                let childPath = path.isEmpty ? label : "\(path).\(label)"
                found.insert(childPath)
                if descend(childPath) { modelFields(child.value, childPath, into: &found, descend: descend, depth: depth + 1) }
            }
        default:
            return
        }
    }

    func check<Kind: ProblemKind>(_ kind: Kind.Type) throws {
        let root = SchemaNode.root(of: Kind.schema)
        let full = Self.fullDocument(root)
        let instance: Kind.Instance
        switch Self.decodes(full, as: kind) {
        case let .failure(error): throw Failure("\(Kind.name): the document with every schema field does not decode: \(error)")
        case let .success(decoded): instance = decoded
        }
        var schema: Set<String> = []
        root.fields { path, _, _ in schema.insert(path) }
        var model: Set<String> = []
        Self.modelFields(instance, into: &model) { path in
            schema.contains { $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[]") || $0.hasPrefix(path + "{}") }
        }
        // The kind's `problem` is read before the model; the result-only parts of `previous` are read and ignored.
        let notInModel = schema.subtracting(model).filter { $0 != "problem" && !Self.readAndIgnored.contains($0) }
        #expect(notInModel.isEmpty, "\(Kind.name): the schema has \(notInModel.sorted()), which the model does not store")
        let notInSchema = model.subtracting(schema)
        #expect(notInSchema.isEmpty, "\(Kind.name): the model stores \(notInSchema.sorted()), which the schema leaves out")
        #expect(model.count > 20)

        let fields = Self.properties(root)
        #expect(fields.count > 20)
        var optional = 0
        for field in fields where !Self.readAndIgnored.contains(Self.label(field.steps)) {
            // The model reads every field: a value no field accepts in its place fails the decoding.
            if let probed = SchemaShape.replacing(full, at: field.steps[...], with: Self.sentinel),
                case .success = Self.decodes(probed, as: kind)
            {
                Issue.record("\(Kind.name): \(Self.label(field.steps)) is in the schema, but the model does not read it")
            }
            // A field the schema does not require may be left out.
            guard !field.required else { continue }
            optional += 1
            guard let without = SchemaShape.replacing(full, at: field.steps[...], with: nil) else { continue }
            if case let .failure(error) = Self.decodes(without, as: kind) {
                Issue.record("\(Kind.name): \(Self.label(field.steps)) is optional in the schema, but the model requires it: \(error)")
            }
        }
        #expect(optional > 10)
    }

    /// No field of any kind reads an array of arrays of booleans (an object would not do: a type whose fields
    /// are all optional decodes from any object).
    static let sentinel = JSONValue.array([.array([.bool(true)])])

    /// Members of `previous` that the output has and an input may carry back: the schema lists them so that
    /// they are not warned about, and the model does not read them.
    static let readAndIgnored: Set<String> = [
        "previous.unplaced", "previous.unfilled", "previous.usage", "previous.load", "previous.travel", "previous.moves",
        "previous.distanceKm", "previous.routes", "previous.tourKm"
    ]

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func lineup() throws { try check(LineupKind.self) }
    @Test func pitches() throws { try check(PitchesKind.self) }
    @Test func officials() throws { try check(OfficialsKind.self) }
    @Test func matchday() throws { try check(MatchdayKind.self) }
    @Test func standings() throws { try check(StandingsKind.self) }

    /// Writing a default the schema states into a shipped instance changes nothing in the result: the engine
    /// applies the default the schema publishes. Every `default` of a field whose parent is in the instance is
    /// written in (at every item of an array), one at a time, and the plan compared byte for byte.
    @Test(arguments: [
        "lineups/u12-overtime-season.json", "lineups/u14-locked-keeper.json", "lineups/u10-turn-based.json",
        "pitches/fieldgame-saturday.json", "officials/pinned-conflict.json", "matchday/fieldgame-saturday.json",
        "standings/premier-league-2011-12.json"
    ])
    func statedDefaultsAreApplied(_ file: String) throws {
        let data = try Data(contentsOf: Self.instances.appendingPathComponent(file))
        let document = try JSONDocument.parse(data).get()
        let kind = try #require(JSONFrontEnd.kind(of: data))
        let root = SchemaNode.root(of: kind.schema)
        let options = InstanceOptions(method: .greedy, timeLimitSeconds: 5)
        func solved(_ value: JSONValue) throws -> String {
            try JSONFrontEnd.solve(
                Data(JSONDocument.asWritten(value)), options: options, settings: RunSettings(reproducible: true)
            ).output
        }
        let baseline = try solved(document)
        var written = 0
        var perturbed = 0
        var noticed = 0
        var defaults: [(path: [String], value: JSONValue, node: SchemaNode)] = []
        root.fields { path, node, _ in
            guard let value = node["default"] else { return }
            defaults.append((path.replacingOccurrences(of: "[]", with: ".[]").split(separator: ".").map(String.init), value, node))
        }
        for (path, value, node) in defaults where path.first != "options" {
            guard let changed = Self.writing(value, at: path[...], in: document), changed.count > 0 else { continue }
            written += 1
            #expect(try solved(changed.document) == baseline, "\(file): writing \(path) = its default changed the result")
            // The comparison can see a difference: another value in the same place changes the plan.
            guard let other = Self.another(value, node),
                let moved = Self.writing(other, at: path[...], in: document)
            else { continue }
            let result = try solved(moved.document)
            guard !result.contains("\"status\":\"invalid\"") else { continue }
            perturbed += 1
            if result != baseline { noticed += 1 }
        }
        #expect(written >= 2, "\(file): only \(written) defaults could be written in")
        if perturbed >= 2 { #expect(noticed >= 1, "\(file): no other value of \(perturbed) fields changed the result") }
    }

    /// A value other than `value` that the schema allows (the next number, the other truth value, another
    /// choice); nil for objects and arrays.
    static func another(_ value: JSONValue, _ schema: SchemaNode) -> JSONValue? {
        switch value {
        case let .bool(flag): return .bool(!flag)
        case let .number(number):
            let next = (number.integer ?? 0) + 1
            return .number(JSONNumber("\(next)"))
        case let .string(text):
            guard case let .array(choices)? = schema["enum"] else { return nil }
            return choices.first { if case let .string(choice) = $0 { choice != text } else { false } }
        default: return nil
        }
    }

    static let instances = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("instances")

    /// The document with `value` written at `path` wherever the parent is there and the field is not; nil
    /// when the path leads nowhere.
    static func writing(_ value: JSONValue, at path: ArraySlice<String>, in document: JSONValue) -> (document: JSONValue, count: Int)? {
        guard let step = path.first else { return nil }
        if step == "[]" {
            guard case let .array(elements) = document else { return nil }
            var count = 0
            let changed = elements.map { element -> JSONValue in
                guard let inner = writing(value, at: path.dropFirst(), in: element) else { return element }
                count += inner.count
                return inner.document
            }
            return (.array(changed), count)
        }
        guard case var .object(members) = document else { return nil }
        if let index = members.firstIndex(where: { $0.key == step }) {
            guard path.count > 1, let inner = writing(value, at: path.dropFirst(), in: members[index].value) else { return nil }
            members[index].value = inner.document
            return (.object(members), inner.count)
        }
        guard path.count == 1 else { return nil }
        return (.object(members + [(key: step, value: value)]), 1)
    }
}
