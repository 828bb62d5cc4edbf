import Foundation
import Touchline

/// The fuzzer edits documents as the engine's own reader reads them (`JSONValue`): numbers keep the text
/// they were written with (so `1e-400`, `-0` or `9223372036854775808` reach the reader exactly as written) and
/// object members keep the document's order, so that the same seed always gives the same input.
extension JSONValue {
    /// Reads a document (a seed); nil when it is not an RFC 8259 JSON object.
    package static func read(_ data: Data) -> JSONValue? {
        guard case let .success(value) = JSONDocument.parse(data) else { return nil }
        return value
    }

    /// The document as compact JSON text (UTF-8), every number as written.
    var bytes: [UInt8] { JSONDocument.asWritten(self) }

    /// How many nodes the tree has (itself included).
    var count: Int {
        switch self {
        case let .array(elements): return 1 + elements.reduce(0) { $0 + $1.count }
        case let .object(members): return 1 + members.reduce(0) { $0 + $1.value.count }
        default: return 1
        }
    }

    /// Every string value in the tree (ids and references to them), for mutations that reuse one elsewhere.
    func strings(into found: inout [String], limit: Int = 2000) {
        guard found.count < limit else { return }
        switch self {
        case let .string(text): found.append(text)
        case let .array(elements): for element in elements { element.strings(into: &found, limit: limit) }
        case let .object(members): for member in members { member.value.strings(into: &found, limit: limit) }
        default: return
        }
    }

    /// Replaces the node at pre-order position `target` (0 is the root) by `transform` of it.
    func replacing(at target: Int, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        var position = 0
        return replacing(target, &position, transform)
    }

    private func replacing(_ target: Int, _ position: inout Int, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
        if position == target {
            position += count
            return transform(self)
        }
        position += 1
        switch self {
        case var .array(elements):
            for index in elements.indices {
                if position > target { break }
                let size = elements[index].count
                if target < position + size {
                    elements[index] = elements[index].replacing(target, &position, transform)
                } else {
                    position += size
                }
            }
            return .array(elements)
        case var .object(members):
            for index in members.indices {
                if position > target { break }
                let size = members[index].value.count
                if target < position + size {
                    members[index].value = members[index].value.replacing(target, &position, transform)
                } else {
                    position += size
                }
            }
            return .object(members)
        default:
            return self
        }
    }

    /// A number node from its text (an RFC 8259 number).
    static func number(text: String) -> JSONValue { .number(JSONNumber(text)) }
}
