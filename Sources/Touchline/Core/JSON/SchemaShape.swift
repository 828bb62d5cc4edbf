import Foundation

/// The shape a kind's JSON Schema gives an instance (`type`, `enum`, `const`, `required`), checked on the parsed
/// document before any decoder sees it, so that `validate` names every problem of a document in one pass.
///
/// Foundation's decoder stops at the first value of the wrong type, so four mistakes took four rounds. Here every
/// value of the wrong type, every value outside its fixed set and every missing required field is named with its
/// JSON path, and the document is *repaired* for the rest of validation: a wrong optional value is removed (its
/// default applies), a wrong or missing required one is replaced by a placeholder of the right shape. Decoding
/// and the kind's own rules then run on the repaired document; their problems at a path already named (or
/// beneath it) are left out, since they would be about the placeholder, not the user's input.
enum SchemaShape {
    /// One step of a path into a document.
    enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    /// The problems found and the repaired document (nil when nothing changed).
    struct Checked {
        var issues: [InputIssue] = []
        var repaired: JSONValue?
    }

    static func check(_ value: JSONValue, schema text: String) -> Checked {
        var checked = Checked()
        var issues: [InputIssue] = []
        let walk = SchemaWalk(
            visit: { value, node, path, required in
                // The root's `problem` names the kind and was read before this schema was chosen.
                if path == "problem" { return .keep }
                let allowed = node.types
                let choices = node.choices
                if case .null = value, !required, !allowed.contains("null") {
                    return .remove  // an optional field given as null is absent (the decoders read it so)
                }
                if !choices.isEmpty {
                    if case let .string(text) = value, choices.contains(text) { return .keep }
                    issues.append(InputIssue(path: path, message: choiceMessage(value, allowed: choices)))
                    // A wrong optional value is removed, so that its default applies.
                    return required ? .replace(placeholder(node)) : .remove
                }
                if !allowed.isEmpty, !fits(value, allowed) {
                    let got = value.isNull ? "found null" : "got \(describe(value))"
                    issues.append(InputIssue(path: path, message: "expected \(describe(types: allowed)), \(got)"))
                    return required ? .replace(placeholder(node)) : .remove
                }
                return .descend
            },
            missing: { path, key, node in
                guard path != "problem" else { return nil }
                issues.append(InputIssue(path: path, message: "required field is missing"))
                return node.map { placeholder($0) } ?? .null
            })
        checked.repaired = walk.run(value, SchemaNode.root(of: text))
        checked.issues = issues
        return checked
    }

    /// What a value is, in the words of the messages ("a string", "a whole number").
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "true or false"
        case let .number(number): number.integer != nil ? "a whole number" : "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func describe(types: Set<String>) -> String {
        let order = ["object", "array", "string", "integer", "number", "boolean", "null"]
        let words: [String: String] = [
            "object": "an object", "array": "an array", "string": "a string", "integer": "a whole number",
            "number": "a number", "boolean": "true or false", "null": "null"
        ]
        let shown = order.filter { types.contains($0) && !($0 == "integer" && types.contains("number")) }
        return shown.compactMap { words[$0] }.joined(separator: " or ")
    }

    private static func fits(_ value: JSONValue, _ types: Set<String>) -> Bool {
        switch value {
        case .null: types.contains("null")
        case .bool: types.contains("boolean")
        case .number: types.contains("integer") || types.contains("number")
        case .string: types.contains("string")
        case .array: types.contains("array")
        case .object: types.contains("object")
        }
    }

    /// The message for a value outside a fixed set, as the decoders of the input's choices write it.
    static func choiceMessage(_ value: JSONValue, allowed: [String]) -> String {
        var message = "expected one of " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        if case let .string(text) = value {
            message += ", got \"\(text.printable)\""
            if let near = Suggestion.nearest(text, among: allowed) { message += " (did you mean \"\(near)\"?)" }
        } else {
            message += ", got \(describe(value))"
        }
        return message
    }

    /// A value of the schema's shape, for the rest of validation to read in place of a wrong or missing one: its
    /// first example, default, allowed value or constant, else the least value its type and range allow (an
    /// object with its required fields filled the same way).
    static func placeholder(_ node: SchemaNode, depth: Int = 0) -> JSONValue {
        if case let .array(examples)? = node["examples"], let first = examples.first { return first }
        if let value = node["default"] { return value }
        if case let .array(choices)? = node["enum"], let first = choices.first { return first }
        if let value = node["const"] { return value }
        let allowed = node.types
        func number(_ whole: Bool) -> JSONValue {
            var low = 0.0
            if case let .number(n)? = node["minimum"] { low = max(low, n.value) }
            if case let .number(n)? = node["exclusiveMinimum"] { low = max(low, whole ? n.value.rounded(.down) + 1 : n.value + 1) }
            if case let .number(n)? = node["maximum"] { low = min(low, n.value) }
            let value = whole ? low.rounded(.up) : low
            return .number(JSONNumber(text: "\(value)", value: value, integer: value == value.rounded() ? Int64(value) : nil))
        }
        if allowed.contains("object") {
            guard depth < 8, node.properties != nil else { return .object([]) }
            return .object(
                node.required.map { key in
                    (key: key, value: node.member(key).map { placeholder($0.node, depth: depth + 1) } ?? .null)
                })
        }
        if allowed.contains("array") { return .array([]) }
        if allowed.contains("integer") { return number(true) }
        if allowed.contains("number") { return number(false) }
        if allowed.contains("boolean") { return .bool(false) }
        if allowed.contains("string") { return .string("?") }
        return .null
    }

    /// The document with the value at `steps` removed (an object's member) or replaced by `value`.
    static func replacing(_ document: JSONValue, at steps: ArraySlice<Step>, with value: JSONValue?) -> JSONValue? {
        guard let step = steps.first else { return value }
        switch (document, step) {
        case let (.object(members), .key(key)):
            guard let index = members.firstIndex(where: { $0.key == key }) else {
                guard steps.count == 1, let value else { return document }
                return .object(members + [(key: key, value: value)])
            }
            var copy = members
            if let inner = replacing(members[index].value, at: steps.dropFirst(), with: value) {
                copy[index].value = inner
            } else {
                copy.remove(at: index)
            }
            return .object(copy)
        case let (.array(elements), .index(position)) where elements.indices.contains(position):
            var copy = elements
            copy[position] = replacing(elements[position], at: steps.dropFirst(), with: value) ?? .null
            return .array(copy)
        default:
            return document
        }
    }

    /// The schema of the value at `steps` and whether its object requires it (nil when the schema does not say).
    static func schema(at steps: [Step], schema text: String) -> (schema: SchemaNode, required: Bool)? {
        SchemaNode.root(of: text).node(at: steps).map { ($0.node, $0.required) }
    }

    /// True when `path` is `reported` or lies beneath it (`players[2].id` beneath `players[2]`).
    static func isWithin(_ path: String, _ reported: String) -> Bool {
        guard path.hasPrefix(reported) else { return false }
        if path.count == reported.count || reported.isEmpty { return true }
        let next = path[path.index(path.startIndex, offsetBy: reported.count)]
        return next == "." || next == "["
    }
}

extension JSONValue {
    var isNull: Bool { if case .null = self { true } else { false } }
}
