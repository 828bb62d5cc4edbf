import Foundation

/// A kind's JSON Schema as `touchline schema KIND` prints it. Each field's type, range, choices, default and
/// description are written once, in the kind's schema literal (`LineupSchema.swift` and the rest); a default the
/// engine reads (the time limit, the travel speed) is a Swift constant that the literal interpolates. Validation
/// (``SchemaShape``, ``SchemaRanges``, ``UnknownFields``) reads the same document.
enum SchemaText {
    /// The schema indented for reading, with a final newline; the text itself when it does not parse.
    static func printed(_ schema: String) -> String {
        guard case let .success(document) = JSONDocument.parse(Data(schema.utf8)) else { return schema }
        return pretty(document) + "\n"
    }

    /// Indented JSON with the members in their order; short arrays and objects of scalars on one line.
    static func pretty(_ value: JSONValue, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(number): return number.text
        case let .string(text): return String(decoding: JSONDocument.normalized(.array([.string(text)])).dropFirst().dropLast(), as: UTF8.self)
        case let .array(elements):
            if elements.isEmpty { return "[]" }
            let flat = elements.map { pretty($0, indent: inner) }
            let line = "[" + flat.joined(separator: ", ") + "]"
            if line.count <= 100 && !line.contains("\n") { return line }
            return "[\n" + flat.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
        case let .object(members):
            if members.isEmpty { return "{}" }
            let flat = members.map { "\(pretty(.string($0.key))): \(pretty($0.value, indent: inner))" }
            let line = "{" + flat.joined(separator: ", ") + "}"
            if line.count <= 100 && !line.contains("\n") { return line }
            return "{\n" + flat.map { inner + $0 }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
