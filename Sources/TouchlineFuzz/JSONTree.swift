import Foundation

/// A JSON document as the mutator edits it: numbers kept as the text to write (so that `1e-400`, `-0` or
/// `9223372036854775808` reach the reader exactly as written) and object members in a fixed order (sorted when
/// read), so that the same seed always gives the same input.
public indirect enum JSONTree: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONTree])
    case object([Member])

    public struct Member: Sendable, Equatable {
        var key: String
        var value: JSONTree
    }

    /// Reads a document (a seed, which is valid JSON); nil when it is not.
    static func read(_ data: Data) -> JSONTree? {
        try? JSONDecoder().decode(Decoded.self, from: data).tree
    }

    /// Decodes any JSON value; objects come back with their keys sorted.
    private struct Decoded: Decodable {
        var tree: JSONTree

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Key.self) {
                var members: [Member] = []
                for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                    members.append(Member(key: key.stringValue, value: try object.decode(Decoded.self, forKey: key).tree))
                }
                tree = .object(members)
                return
            }
            if var array = try? decoder.unkeyedContainer() {
                var elements: [JSONTree] = []
                while !array.isAtEnd { elements.append(try array.decode(Decoded.self).tree) }
                tree = .array(elements)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                tree = .null
            } else if let flag = try? single.decode(Bool.self) {
                tree = .bool(flag)
            } else if let whole = try? single.decode(Int64.self) {
                tree = .number(String(whole))
            } else if let real = try? single.decode(Double.self) {
                tree = .number("\(real)")
            } else {
                tree = .string(try single.decode(String.self))
            }
        }
    }

    /// The document as compact JSON text (UTF-8).
    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    private func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case let .bool(flag): out += Array((flag ? "true" : "false").utf8)
        case let .number(text): out += Array(text.utf8)
        case let .string(text): JSONTree.writeString(text, to: &out)
        case let .array(elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONTree.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [92, 34]
            case UInt8(ascii: "\\"): out += [92, 92]
            case 0..<0x20: out += [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

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
    func replacing(at target: Int, _ transform: (JSONTree) -> JSONTree) -> JSONTree {
        var position = 0
        return replacing(target, &position, transform)
    }

    private func replacing(_ target: Int, _ position: inout Int, _ transform: (JSONTree) -> JSONTree) -> JSONTree {
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
}
