import Foundation
import Touchline
import TouchlineMILP
import TouchlineSearch

/// The generator of a fuzz run: Touchline's SplitMix64 (``SeededRandom``), so that input number N of a run with
/// seed S is the same input on every platform (`touchline-fuzz --seed S --replay N`).
package struct FuzzRandom: Sendable {
    private var source: SeededRandom

    package init(seed: UInt64) { source = SeededRandom(seed: seed) }

    package mutating func next() -> UInt64 { source.next() }

    /// A number in `0..<bound` (bound > 0).
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    package mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// A structure-aware mutator of JSON instances: it edits the tree (numbers to their extremes, strings to long,
/// empty, control-character or borrowed values, keys deleted, unknown or duplicated, arrays emptied, shortened,
/// repeated or shuffled, values of the wrong type) and sometimes the bytes (truncation, flipped bytes, a byte
/// order mark, CRLF, invalid UTF-8, a duplicate key).
package struct Mutator: Sendable {
    /// Inputs larger than this are not grown further.
    package var maximumBytes = 1 << 20

    package init() {}

    static let extremeNumbers = [
        "0", "-0", "1", "-1", "2", "0.5", "-0.5", "1e-400", "1e308", "-1e308", "1e400", "1E+2", "10.0",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "2147483647", "2147483648", "4294967296", "18446744073709551616", "720", "721", "1440", "1441", "100000",
        "100001", "1000000", "-1000000", "3.0000000001", "0.0000001", "123456789012345678901234567890",
        "-9223372036854775807", "-2147483648", "-2147483649", "1.7976931348623157e308", "-1.7976931348623157e308",
        "5e-324", "-5e-324", "2.2250738585072014e-308", "-0.0", "1e-320"
    ]

    static let oddStrings = [
        "", " ", "\n", "South\nvenue[9]: forged line", "\u{0}", "\u{1B}[2J", "a\u{2028}b", "é", "😀", "\"", "\\",
        "null", "0", "-1", "1e400", "2026-11-21T14:25", "2026-02-30T10:00", "2026-11-21T24:00", "2026-11-21",
        "9999-12-31T23:59", "0000-01-01T00:00", "14:25", "auto", "milp", "greedy", "builtin", "lineup", "officials", "pitches",
        "matchday", "standings", "GK", "goalkeeper", "red", "turnBased", "colourGroups", "preMarked", "balanced"
    ]

    /// A mutated copy of `seed` (1 to 4 edits). `tree` is the seed already read (nil: read it here, or mutate
    /// its bytes when it is not JSON).
    package func mutate(_ seed: [UInt8], tree given: JSONValue?? = nil, random: inout FuzzRandom) -> [UInt8] {
        let read: JSONValue? = given ?? JSONValue.read(Data(seed))
        guard var tree = read, !random.chance(12) else {
            return mutateBytes(seed, random: &random)
        }
        var borrowed: [String] = []
        tree.strings(into: &borrowed)
        let edits = 1 + random.below(4)
        for _ in 0..<edits {
            let target = random.below(tree.count)
            tree = tree.replacing(at: target) { node in mutateNode(node, borrowed: borrowed, random: &random) }
        }
        var bytes = tree.bytes
        if bytes.count > maximumBytes { bytes = Array(seed) }
        if random.chance(4) { bytes = mutateBytes(bytes, random: &random) }
        return bytes
    }

    func mutateNode(_ node: JSONValue, borrowed: [String], random: inout FuzzRandom) -> JSONValue {
        // One in ten: a value of another type.
        if random.chance(10) {
            return random.pick([
                .null, .bool(true), .bool(false), .number(text: "0"), .number(text: "-1"), .string("x"), .array([]), .object([]),
                .array([.number(text: "1")]), .object([(key: "id", value: .string("x"))])
            ])
        }
        switch node {
        case .null, .bool:
            return random.pick([.bool(true), .bool(false), .null])
        case let .number(number):
            if random.chance(60) { return .number(text: random.pick(Self.extremeNumbers)) }
            let value = number.value
            switch random.below(5) {
            case 0: return .number(text: Self.format(value + 1))
            case 1: return .number(text: Self.format(value - 1))
            case 2: return .number(text: Self.format(value * Double(random.pick([2, 10, 1000, -1]))))
            case 3: return .number(text: String(random.below(2001) - 1000))
            default: return .number(text: Self.format(value / 2))
            }
        case let .string(text):
            switch random.below(8) {
            case 0: return .string(random.pick(Self.oddStrings))
            case 1: return .string(String(repeating: text.isEmpty ? "x" : text, count: 2 + random.below(300)))
            case 2: return .string(String(repeating: "long-id-", count: 40 + random.below(700)))
            case 3: return .string(text + random.pick(["\n", "\t", "\r\n", "\u{7F}", "\u{85}", " ", "é", "\u{0}"]))
            case 4, 5: return .string(borrowed.isEmpty ? "" : random.pick(borrowed))
            case 6: return .string(String(text.dropLast(max(1, text.count / 2))))
            default: return .string(text.uppercased())
            }
        case var .array(elements):
            switch random.below(7) {
            case 0: return .array([])
            case 1:
                if !elements.isEmpty { elements.remove(at: random.below(elements.count)) }
                return .array(elements)
            case 2:
                if !elements.isEmpty { elements.append(elements[random.below(elements.count)]) }
                return .array(elements)
            case 3:
                // Many copies of one element (duplicate ids, crowded schedules), bounded.
                guard !elements.isEmpty else { return .array([.null]) }
                let copy = elements[random.below(elements.count)]
                let times = min(1 + random.below(60), max(1, 4000 / max(copy.count, 1)))
                return .array(elements + Array(repeating: copy, count: times))
            case 4:
                for index in stride(from: elements.count - 1, to: 0, by: -1) {
                    elements.swapAt(index, random.below(index + 1))
                }
                return .array(elements)
            case 5:
                return .array(Array(elements.prefix(random.below(elements.count + 1))))
            default:
                return .array(elements + [random.pick([.null, .number(text: "1"), .string(""), .object([]), .array([])])])
            }
        case var .object(members):
            switch random.below(6) {
            case 0, 1:
                if !members.isEmpty { members.remove(at: random.below(members.count)) }
                return .object(members)
            case 2:
                members.append(
                    (
                        key: random.pick(["preffered", "extra", "", "id", "options", "\u{0}", "ids"]),
                        value: random.pick([.number(text: "1"), .string("x"), .null, .array([])])
                    ))
                return .object(members)
            case 3:
                return .object([])
            case 4:
                // A member's value replaced by another member's (a string where a list was, and so on).
                if members.count >= 2 {
                    let from = random.below(members.count), to = random.below(members.count)
                    members[to].value = members[from].value
                }
                return .object(members)
            default:
                members.reverse()
                return .object(members)
            }
        }
    }

    static func format(_ value: Double) -> String {
        if value.isFinite && value == value.rounded() && abs(value) < 9e18 { return String(Int64(value)) }
        return value.isFinite ? "\(value)" : "1e400"
    }

    /// Edits on the bytes: what a careless upload or a broken pipe does to a document.
    func mutateBytes(_ input: [UInt8], random: inout FuzzRandom) -> [UInt8] {
        var bytes = input
        switch random.below(9) {
        case 0:
            if !bytes.isEmpty { bytes = Array(bytes.prefix(random.below(bytes.count))) }
        case 1:
            if !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
        case 2:
            bytes = [0xEF, 0xBB, 0xBF] + bytes
        case 3:
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte == 10 { out.append(13) }
                out.append(byte)
            }
            bytes = out
        case 4:
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: random.pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80]]), at: at)
        case 5:
            // A duplicate key: the first member of the document written twice.
            if let brace = bytes.firstIndex(of: UInt8(ascii: "{")), let comma = bytes[brace...].firstIndex(of: UInt8(ascii: ",")) {
                let member = Array(bytes[(brace + 1)..<comma])
                bytes.insert(contentsOf: member + [UInt8(ascii: ",")], at: brace + 1)
            }
        case 6:
            if !bytes.isEmpty { bytes.remove(at: random.below(bytes.count)) }
        case 7:
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: Array(random.pick(["\\ud800", "\\u0000", "[[[[[[[[", "\"", ",", "}", " \t\n", "1e999999"]).utf8), at: at)
        default:
            bytes = Array(random.pick(["[]", "null", "\"lineup\"", "", "{}", "{\"problem\": \"lineup\"}", "{\"problem\": 1}"]).utf8)
        }
        return bytes
    }
}

extension JSONValue {
    /// The numbers a sweep puts in every numeric field: the ends of Int64, the ends and the smallest of Double,
    /// negative zero and a subnormal.
    package static let sweepExtremes = [
        "-9223372036854775808", "9223372036854775807", "-0", "1e308", "-1e308", "5e-324", "-1", "0"
    ]

    /// Every document that replaces one number of this one by one of `values` (one variant per number and value,
    /// in document order): a sweep of every numeric field, where random mutation may miss a field that few
    /// seeds carry.
    package func numberSweep(_ values: [String] = JSONValue.sweepExtremes) -> [JSONValue] {
        switch self {
        case let .number(number):
            return values.filter { $0 != number.text }.map { .number(text: $0) }
        case let .array(elements):
            return elements.indices.flatMap { i in
                elements[i].numberSweep(values).map { variant in
                    var copy = elements
                    copy[i] = variant
                    return .array(copy)
                }
            }
        case let .object(members):
            return members.indices.flatMap { i in
                members[i].value.numberSweep(values).map { variant in
                    var copy = members
                    copy[i].value = variant
                    return .object(copy)
                }
            }
        default:
            return []
        }
    }

    /// The document as compact JSON, every number as written.
    package var data: Data { Data(bytes) }
}
