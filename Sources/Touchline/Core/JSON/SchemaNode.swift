import Foundation

/// A node of a kind's JSON Schema with its `$ref` resolved: the one reader of the schema's structure. The shape
/// check (``SchemaShape``), the range check (``SchemaRanges``), the unknown-field check (``UnknownFields``), the
/// published documentation and the tests that hold the schema to the model all walk the schema through it, and
/// the walks of a document against its schema all go through ``SchemaWalk``.
package struct SchemaNode: Sendable {
    /// The node's keywords, its `$ref` followed.
    package let keywords: JSONValue
    /// The node as written (a `$ref` not followed).
    package let raw: JSONValue
    /// The whole schema, for `$ref`s.
    let root: JSONValue

    init(_ node: JSONValue, root: JSONValue) {
        self.root = root
        self.raw = node
        if case let .string(reference)? = node["$ref"], reference.hasPrefix("#/$defs/"),
            let target = root["$defs"]?[String(reference.dropFirst("#/$defs/".count))]
        {
            keywords = target
        } else {
            keywords = node
        }
    }

    /// The root of a schema given as text (parsed once per text and kept).
    package static func root(of text: String) -> SchemaNode {
        let parsed = SchemaCache.shared.parsed(text)
        return SchemaNode(parsed, root: parsed)
    }

    package subscript(keyword: String) -> JSONValue? { keywords[keyword] }

    /// The `type` as a set (`"integer"`, or `["string", "null"]`).
    package var types: Set<String> {
        switch keywords["type"] {
        case let .string(name)?: return [name]
        case let .array(names)?: return Set(names.compactMap { if case let .string(n) = $0 { n } else { nil } })
        default: return []
        }
    }

    /// The strings of an `enum` (empty when there is none).
    package var choices: [String] { Self.strings(keywords["enum"]) }

    /// The names in `required`.
    package var required: [String] { Self.strings(keywords["required"]) }

    /// The declared `properties`, in the schema's order (nil when the node declares none).
    package var properties: [(key: String, node: SchemaNode)]? {
        guard case let .object(members)? = keywords["properties"] else { return nil }
        return members.map { (key: $0.key, node: SchemaNode($0.value, root: root)) }
    }

    /// The schema of an object's other members, when `additionalProperties` is a schema.
    package var additional: SchemaNode? {
        guard let free = keywords["additionalProperties"], case .object = free else { return nil }
        return SchemaNode(free, root: root)
    }

    /// True when the node says anything of members it does not declare (`additionalProperties`).
    var isOpen: Bool { keywords["additionalProperties"] != nil }

    /// The schema of an array's items.
    package var items: SchemaNode? { keywords["items"].map { SchemaNode($0, root: root) } }

    /// The schema of an object's member `key` and whether the object requires it: the declared property, else
    /// the schema of undeclared members; nil when the schema says nothing of it.
    package func member(_ key: String) -> (node: SchemaNode, required: Bool)? {
        if let declared = keywords["properties"]?[key] {
            return (SchemaNode(declared, root: root), required.contains(key))
        }
        return additional.map { ($0, false) }
    }

    /// The node at a path of steps into a document, and whether its object requires it.
    func node(at steps: [SchemaShape.Step]) -> (node: SchemaNode, required: Bool)? {
        var node = self
        var required = true
        for step in steps {
            switch step {
            case let .key(key):
                guard let found = node.member(key) else { return nil }
                (node, required) = found
            case .index:
                guard let items = node.items else { return nil }
                (node, required) = (items, true)
            }
        }
        return (node, required)
    }

    /// Every field the schema declares, depth first in the schema's order (a field, then its own fields, its
    /// items' and its free members'), with its path as the documentation names it (`players[].status`,
    /// `colourGroups.assignment{}`, `$defs.window.from`) and whether its object requires it. A `$ref` is
    /// followed unless `followingReferences` is false (the field is visited, not entered); with `definitions`,
    /// each of `$defs` is walked once more under its own name.
    package func fields(
        followingReferences: Bool = true, definitions: Bool = false,
        _ visit: (_ path: String, _ node: SchemaNode, _ required: Bool) -> Void
    ) {
        func walk(_ node: SchemaNode, _ path: String, depth: Int) {
            guard depth < 16 else { return }
            let required = Set(node.required)
            for (key, child) in node.properties ?? [] {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                visit(childPath, child, required.contains(key))
                if followingReferences || child.raw["$ref"] == nil { walk(child, childPath, depth: depth + 1) }
            }
            if let items = node.items, followingReferences || items.raw["$ref"] == nil { walk(items, path + "[]", depth: depth + 1) }
            if let free = node.additional, followingReferences || free.raw["$ref"] == nil { walk(free, path + "{}", depth: depth + 1) }
        }
        walk(self, "", depth: 0)
        guard definitions, case let .object(defs)? = root["$defs"] else { return }
        for definition in defs { walk(SchemaNode(definition.value, root: root), "$defs.\(definition.key)", depth: 1) }
    }

    /// Every schema object in the document, wherever it sits (`properties`, `items`, `oneOf`, `$defs`, ...),
    /// with its place in the schema text: for checks of the schema itself.
    package func everyNode(_ visit: (_ place: String, _ node: JSONValue) -> Void) {
        func walk(_ value: JSONValue, _ place: String) {
            switch value {
            case let .object(members):
                visit(place, value)
                for member in members { walk(member.value, JSONPath.join(place, member.key)) }
            case let .array(elements):
                for (index, element) in elements.enumerated() { walk(element, JSONPath.join(place, index)) }
            default: return
            }
        }
        walk(keywords, "")
    }

    static func strings(_ node: JSONValue?) -> [String] {
        guard case let .array(items)? = node else { return [] }
        return items.compactMap { if case let .string(text) = $0 { text } else { nil } }
    }
}

/// The parsed schemas, one per text.
private final class SchemaCache: @unchecked Sendable {
    static let shared = SchemaCache()
    private let lock = NSLock()
    private var schemas: [String: JSONValue] = [:]

    func parsed(_ text: String) -> JSONValue {
        lock.lock()
        defer { lock.unlock() }
        if let found = schemas[text] { return found }
        let parsed = (try? JSONDocument.parse(Data(text.utf8)).get()) ?? .object([])
        schemas[text] = parsed
        return parsed
    }
}

/// A walk of a document against its schema, depth first: the one traversal the shape, range and unknown-field
/// checks share. At each value the visitor says whether to go into it, keep it, replace it or remove it; a
/// member the schema does not know and a required member that is missing go to their own handlers.
struct SchemaWalk {
    enum Action {
        /// Go into the value's members or items.
        case descend
        /// Leave the value as it is.
        case keep
        case replace(JSONValue)
        /// Remove the member (an array's item is never removed: it becomes `null`).
        case remove
    }

    /// The value, its schema node, its JSON path and whether its object requires it.
    var visit: (_ value: JSONValue, _ node: SchemaNode, _ path: String, _ required: Bool) -> Action
    /// A member of an object whose schema declares properties and no `additionalProperties`, and does not
    /// declare this one: its path and the declared members the object does not have.
    var unknown: ((_ path: String, _ key: String, _ absent: [String]) -> Void)? = nil
    /// A required member the object does not have: the value to add in its place (nil: add none).
    var missing: ((_ path: String, _ key: String, _ node: SchemaNode?) -> JSONValue?)? = nil
    /// Visit an object's members sorted by key instead of in the document's order.
    var sortedMembers = false

    /// The document as the visitor left it; nil when nothing changed.
    func run(_ document: JSONValue, _ schema: SchemaNode) -> JSONValue? {
        switch walk(document, schema, path: "", required: true, depth: 0) {
        case let .replace(value): return value
        case .remove: return .null
        case .keep, .descend: return nil
        }
    }

    /// `.keep` when nothing changed.
    private func walk(_ value: JSONValue, _ node: SchemaNode, path: String, required: Bool, depth: Int) -> Action {
        let action = visit(value, node, path, required)
        guard case .descend = action, depth < JSONDocument.maximumDepth else { return action }
        switch value {
        case let .object(members):
            var replaced = members
            var changed = false
            var removed: Set<String> = []
            let order = sortedMembers ? members.indices.sorted { members[$0].key < members[$1].key } : Array(members.indices)
            for index in order {
                let member = members[index]
                let child = JSONPath.join(path, member.key)
                guard let (childNode, isRequired) = node.member(member.key) else {
                    if let unknown, node.properties != nil, !node.isOpen {
                        let absent = (node.properties ?? []).map(\.key).filter { key in !members.contains { $0.key == key } }
                        unknown(child, member.key, absent.sorted())
                    }
                    continue
                }
                switch walk(member.value, childNode, path: child, required: isRequired, depth: depth + 1) {
                case .keep, .descend: break
                case let .replace(new):
                    replaced[index].value = new
                    changed = true
                case .remove:
                    removed.insert(member.key)
                    changed = true
                }
            }
            if let missing {
                for key in node.required where !members.contains(where: { $0.key == key }) {
                    if let added = missing(JSONPath.join(path, key), key, node.member(key)?.node) {
                        replaced.append((key: key, value: added))
                        changed = true
                    }
                }
            }
            if !removed.isEmpty { replaced.removeAll { removed.contains($0.key) } }
            return changed ? .replace(.object(replaced)) : .keep
        case let .array(elements):
            guard let items = node.items else { return .keep }
            var replaced = elements
            var changed = false
            for (index, element) in elements.enumerated() {
                switch walk(element, items, path: JSONPath.join(path, index), required: true, depth: depth + 1) {
                case .keep, .descend: break
                case let .replace(new):
                    replaced[index] = new
                    changed = true
                case .remove:
                    replaced[index] = .null
                    changed = true
                }
            }
            return changed ? .replace(.array(replaced)) : .keep
        default:
            return .keep
        }
    }
}
