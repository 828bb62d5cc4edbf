import Foundation

/// A JSON document read as strictly as RFC 8259 and no stricter, before any kind decodes it.
///
/// Foundation's decoder answers "not valid JSON" with no position for a syntax error, and also for legal JSON
/// whose numbers do not fit a Swift type (`0.5` for a whole number, `1e400`, `2^63`). This reader gives every
/// syntax error its line and column, accepts every RFC 8259 number (kept as written, with its `Double` value and,
/// when it is a whole number that fits, its `Int64`), and defines the corner cases:
/// - a UTF-8 byte order mark at the start is ignored; any other invalid UTF-8 is an error with its position;
/// - a key that appears twice in one object is an error naming its JSON path;
/// - the top level must be an object (an instance or a result);
/// - nesting deeper than ``maximumDepth`` is an error (no stack overflow on `[[[[…`);
/// - a `\u` escape of an unpaired surrogate is an error.
/// ``normalized`` writes the document back in the form Foundation's decoder reads without surprises (whole
/// numbers as digits, others in Swift's shortest form, underflow as 0), so that range errors are found here,
/// with their paths, and never reach the decoder; ``JSONDocument/asWritten(_:)`` writes it with every number
/// exactly as written (the fuzzer's mutations).
package indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// True when a string or key of the document has a character ``Swift/String/printable`` escapes.
    var hasControlCharacters: Bool {
        switch self {
        case .null, .bool, .number: return false
        case let .string(text): return text.printable != text
        case let .array(elements): return elements.contains { $0.hasControlCharacters }
        case let .object(members): return members.contains { $0.key.printable != $0.key || $0.value.hasControlCharacters }
        }
    }
}

package struct JSONNumber: Sendable {
    /// As written in the document.
    package var text: String
    /// The nearest double (±infinity when out of range, 0 on underflow).
    package var value: Double
    /// The exact value when it is a whole number that fits in 64 bits (`10`, `10.0`, `1e1`).
    package var integer: Int64?

    init(text: String, value: Double, integer: Int64?) {
        self.text = text
        self.value = value
        self.integer = integer
    }

    /// The number as ``JSONDocument/normalized(_:)`` writes it: a whole number as digits, another in Swift's
    /// shortest form, and beyond the doubles (only outside every numeric field: the range check names those) the
    /// largest finite double.
    var normalizedText: String {
        if let integer { return String(integer) }
        if value.isFinite { return "\(value)" }
        return "\(value < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude)"
    }

    /// The value ``normalizedText`` stands for.
    var normalizedValue: Double { value.isFinite ? value : (value < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude) }

    /// A number from its text, which must be an RFC 8259 number (`-0`, `1e400`, `9223372036854775808`).
    package init(_ text: String) {
        let integral = !text.contains { $0 == "." || $0 == "e" || $0 == "E" }
        // Double(String) reads any length: ±infinity above the range, 0 below it.
        let value = Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity)
        var integer: Int64? = nil
        if integral {
            integer = Int64(text)
        } else if value.isFinite, value == value.rounded(), abs(value) < 9.2e18 {
            integer = Int64(value)
        }
        self.init(text: text, value: value == 0 ? 0 : value, integer: integer)
    }
}

package struct JSONSyntaxError: Error, Sendable {
    var message: String
    var line: Int
    var column: Int
    /// Set for errors about a value (a duplicate key): its JSON path.
    var path: String?

    var issue: InputIssue {
        if let path { return InputIssue(path: path, message: message) }
        return InputIssue(path: "", message: "not valid JSON: \(message) at line \(line), column \(column)")
    }
}

package enum JSONDocument {
    static let maximumDepth = 200

    /// Reads a document whose top level must be an object.
    package static func parse(_ data: Data) -> Result<JSONValue, JSONSyntaxError> {
        var reader = Reader(bytes: [UInt8](data))
        do {
            let value = try reader.document()
            return .success(value)
        } catch let error as JSONSyntaxError {
            return .failure(error)
        } catch {
            return .failure(JSONSyntaxError(message: "\(error)", line: 1, column: 1))
        }
    }

    /// A copy of a value whose strings have their control characters written as escapes (``Swift/String/printable``),
    /// for text that a person reads line by line; the value itself when it has none or does not round-trip.
    static func printableCopy<Value: Codable>(_ value: Value) -> Value {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        guard let data = try? encoder.encode(value), case let .success(document) = parse(data) else { return value }
        var changed = false
        func map(_ node: JSONValue) -> JSONValue {
            switch node {
            case let .string(text):
                let shown = text.printable
                if shown != text { changed = true }
                return .string(shown)
            case let .array(elements): return .array(elements.map(map))
            case let .object(members): return .object(members.map { (key: $0.key, value: map($0.value)) })
            default: return node
            }
        }
        let mapped = map(document)
        guard changed else { return value }
        return (try? JSONValueDecoder(nonConformingFloats: true).decode(Value.self, from: mapped)) ?? value
    }

    /// The document as JSON that Foundation's decoder reads as this reader did.
    static func normalized(_ value: JSONValue) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(value, asWritten: false, to: &out)
        return Data(out)
    }

    /// The document as compact JSON with every number exactly as written (`1e-400`, `-0` and
    /// `9223372036854775808` stay what they are): what a mutated document must look like to the reader.
    package static func asWritten(_ value: JSONValue) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1024)
        write(value, asWritten: true, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, asWritten: Bool, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(contentsOf: Array("null".utf8))
        case let .bool(flag): out.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case let .number(number):
            out.append(contentsOf: Array((asWritten ? number.text : number.normalizedText).utf8))
        case let .string(text): writeString(text, to: &out)
        case let .array(elements):
            out.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, asWritten: asWritten, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, asWritten: asWritten, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): out.append(contentsOf: [92, 92])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [92, UInt8(ascii: "u"), 48, 48, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    private struct Reader {
        let bytes: [UInt8]
        var i = 0
        var depth = 0
        /// The keys and indices leading to the value being read (rendered only for an error).
        var path: [PathStep] = []

        enum PathStep { case key(String), index(Int) }

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
            let at = min(offset ?? i, bytes.count)
            var line = 1, lineStart = 0
            for k in 0..<at where bytes[k] == 10 {
                line += 1
                lineStart = k + 1
            }
            // Columns count characters (UTF-8 continuation bytes are not new columns).
            let column = 1 + bytes[lineStart..<at].filter { $0 & 0xC0 != 0x80 }.count
            return JSONSyntaxError(message: message, line: line, column: column)
        }

        func renderedPath() -> String {
            var text = ""
            for step in path {
                switch step {
                case let .key(key): text = JSONPath.join(text, key)
                case let .index(index): text = JSONPath.join(text, index)
                }
            }
            return text
        }

        mutating func skipWhitespace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return String(format: "byte 0x%02X", byte)
        }

        mutating func document() throws -> JSONValue {
            if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
                throw fail("the document is UTF-16; expected UTF-8", at: 0)
            }
            skipWhitespace()
            guard i < bytes.count else { throw fail("the document is empty; expected a JSON object") }
            guard bytes[i] == UInt8(ascii: "{") else {
                let found = try value()
                let what =
                    switch found {
                    case .array: "an array"
                    case .string: "a string"
                    case .number: "a number"
                    case .bool: "true or false"
                    default: "null"
                    }
                var error = fail("the document is \(what); expected a JSON object (an instance)")
                error.path = ""
                throw error
            }
            let result = try value()
            skipWhitespace()
            if i < bytes.count { throw fail("unexpected \(describe(bytes[i])) after the end of the document") }
            return result
        }

        mutating func value() throws -> JSONValue {
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of the document; expected a value") }
            switch bytes[i] {
            case UInt8(ascii: "{"): return try object()
            case UInt8(ascii: "["): return try array()
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw fail("unexpected \(describe(bytes[i])); expected a value")
            }
        }

        mutating func literal(_ word: String) throws {
            let expected = Array(word.utf8)
            guard bytes.count - i >= expected.count, Array(bytes[i..<(i + expected.count)]) == expected else {
                throw fail("unexpected \(describe(bytes[i])); expected a value")
            }
            i += expected.count
        }

        mutating func enter() throws {
            depth += 1
            if depth > JSONDocument.maximumDepth { throw fail("nested deeper than \(JSONDocument.maximumDepth) levels") }
        }

        mutating func object() throws -> JSONValue {
            try enter()
            i += 1
            var members: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "}") {
                i += 1
                depth -= 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard i < bytes.count else { throw fail("unexpected end of the document inside an object") }
                guard bytes[i] == UInt8(ascii: "\"") else { throw fail("unexpected \(describe(bytes[i])); expected a key in double quotes") }
                let keyStart = i
                let key = try string()
                skipWhitespace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                    throw fail(i < bytes.count ? "unexpected \(describe(bytes[i])); expected ':'" : "unexpected end of the document; expected ':'")
                }
                i += 1
                path.append(.key(key))
                if !seen.insert(key).inserted {
                    var error = fail("duplicate key (it appears twice in one object)", at: keyStart)
                    error.path = renderedPath()
                    throw error
                }
                let element = try value()
                path.removeLast()
                members.append((key, element))
                if try closes("}") { break }
            }
            depth -= 1
            return .object(members)
        }

        mutating func array() throws -> JSONValue {
            try enter()
            i += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                i += 1
                depth -= 1
                return .array(elements)
            }
            while true {
                path.append(.index(elements.count))
                elements.append(try value())
                path.removeLast()
                if try closes("]") { break }
            }
            depth -= 1
            return .array(elements)
        }

        /// After a member or an element: true when `closing` ends the object or array (read), false after a comma.
        mutating func closes(_ closing: Unicode.Scalar) throws -> Bool {
            skipWhitespace()
            guard i < bytes.count else { throw fail("unexpected end of the document; expected ',' or '\(closing)'") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; return false }
            if bytes[i] == UInt8(ascii: closing) { i += 1; return true }
            throw fail("unexpected \(describe(bytes[i])); expected ',' or '\(closing)'")
        }

        mutating func hex4() throws -> UInt32 {
            guard bytes.count - i >= 4 else { throw fail("unexpected end of the document in a \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[i]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw fail("expected four hexadecimal digits after \\u")
                }
                value = value * 16 + digit
                i += 1
            }
            return value
        }

        mutating func string() throws -> String {
            let open = i
            i += 1
            var buffer: [UInt8] = []
            var plain = true
            var start = i
            while true {
                guard i < bytes.count else { throw fail("unterminated string (it starts here)", at: open) }
                let byte = bytes[i]
                if byte == UInt8(ascii: "\"") {
                    break
                } else if byte == UInt8(ascii: "\\") {
                    plain = false
                    buffer.append(contentsOf: bytes[start..<i])
                    i += 1
                    guard i < bytes.count else { throw fail("unterminated string (it starts here)", at: open) }
                    let escape = bytes[i]
                    i += 1
                    switch escape {
                    case UInt8(ascii: "\""): buffer.append(34)
                    case UInt8(ascii: "\\"): buffer.append(92)
                    case UInt8(ascii: "/"): buffer.append(47)
                    case UInt8(ascii: "b"): buffer.append(8)
                    case UInt8(ascii: "f"): buffer.append(12)
                    case UInt8(ascii: "n"): buffer.append(10)
                    case UInt8(ascii: "r"): buffer.append(13)
                    case UInt8(ascii: "t"): buffer.append(9)
                    case UInt8(ascii: "u"):
                        let at = i - 2
                        var scalar = try hex4()
                        if scalar >= 0xD800 && scalar < 0xDC00 {
                            guard bytes.count - i >= 6, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else {
                                throw fail("unpaired surrogate in a \\u escape", at: at)
                            }
                            i += 2
                            let low = try hex4()
                            guard low >= 0xDC00 && low < 0xE000 else { throw fail("unpaired surrogate in a \\u escape", at: at) }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        } else if scalar >= 0xDC00 && scalar < 0xE000 {
                            throw fail("unpaired surrogate in a \\u escape", at: at)
                        }
                        buffer.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
                    default:
                        throw fail("invalid escape \\\(describe(escape))", at: i - 2)
                    }
                    start = i
                } else if byte < 0x20 {
                    throw fail("a control character (\(describe(byte))) inside a string; write it as an escape")
                } else {
                    if byte >= 0x80 { plain = false }
                    i += 1
                }
            }
            let end = i
            i += 1
            if plain { return String(decoding: bytes[start..<end], as: UTF8.self) }
            buffer.append(contentsOf: bytes[start..<end])
            guard let text = String(validating: buffer, as: UTF8.self) else {
                // Find the first invalid byte for the position.
                var k = open + 1
                while k < end {
                    let length = Reader.sequenceLength(bytes, k, end)
                    if length == 0 { break }
                    k += length
                }
                throw fail("invalid UTF-8 (\(describe(bytes[min(k, end - 1)])))", at: k)
            }
            return text
        }

        /// The length of the valid UTF-8 sequence at k (1 for ASCII and escapes' bytes), 0 when invalid.
        static func sequenceLength(_ bytes: [UInt8], _ k: Int, _ end: Int) -> Int {
            let b = bytes[k]
            if b < 0x80 { return 1 }
            let length = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0
            guard length > 0, k + length <= end else { return 0 }
            guard String(validating: bytes[k..<(k + length)], as: UTF8.self) != nil else { return 0 }
            return length
        }

        mutating func number() throws -> JSONNumber {
            let start = i
            if bytes[i] == UInt8(ascii: "-") { i += 1 }
            func digits() -> Int {
                let from = i
                while i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
                return i - from
            }
            guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else {
                throw fail("expected a digit after '-'")
            }
            if bytes[i] == UInt8(ascii: "0") {
                i += 1
                if i < bytes.count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") {
                    throw fail("a number may not start with 0 followed by digits", at: start)
                }
            } else {
                _ = digits()
            }
            if i < bytes.count && bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw fail("expected a digit after '.'") }
            }
            if i < bytes.count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
                i += 1
                if i < bytes.count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
                guard digits() > 0 else { throw fail("expected a digit in the exponent") }
            }
            return JSONNumber(String(decoding: bytes[start..<i], as: UTF8.self))
        }
    }
}

/// The numeric ranges of a kind's JSON Schema (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
/// `integer`), checked on a document with the JSON path of every value out of range. The schema is the one
/// place the ranges are written: `validate`, `solve` and the published schema cannot disagree.
enum SchemaRanges {
    static func check(_ value: JSONValue, schema text: String) -> [InputIssue] {
        run(value, schema: text, clamp: false).issues
    }

    private static func limit(_ schema: JSONValue, _ key: String) -> Double? {
        if case let .number(n)? = schema[key] { return n.value }
        return nil
    }

    /// How a range reads in a message: `from 1 to 720`, `at least 0`, `above 0 and at most 1`.
    static func describe(_ schema: JSONValue) -> String {
        func show(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
        let low = limit(schema, "minimum"), high = limit(schema, "maximum")
        let lowOpen = limit(schema, "exclusiveMinimum"), highOpen = limit(schema, "exclusiveMaximum")
        var parts: [String] = []
        if let low, let high { return "from \(show(low)) to \(show(high))" }
        if let low { parts.append("at least \(show(low))") }
        if let lowOpen { parts.append("above \(show(lowOpen))") }
        if let high { parts.append("at most \(show(high))") }
        if let highOpen { parts.append("below \(show(highOpen))") }
        return parts.joined(separator: " and ")
    }

    /// The document with every number outside its range replaced by the nearest value inside it (whole where a
    /// whole number is expected): what the rest of validation reads, so that it can name every other problem too.
    static func clamped(_ value: JSONValue, schema text: String) -> JSONValue {
        run(value, schema: text, clamp: true).repaired ?? value
    }

    /// Checks every number against its range; with `clamp`, replaces those outside it (nil: nothing changed).
    private static func run(_ value: JSONValue, schema text: String, clamp: Bool) -> (issues: [InputIssue], repaired: JSONValue?) {
        var issues: [InputIssue] = []
        let walk = SchemaWalk(visit: { value, node, path, _ in
            guard case let .number(number) = value else { return .descend }
            let schema = node.keywords
            let kinds = node.types
            guard kinds.contains("integer") || kinds.contains("number") else { return .keep }
            let range = describe(schema)
            let whole = kinds.contains("integer") && !kinds.contains("number")
            let wanted = whole ? "a whole number" : "a number"
            let shown = number.text.count > 40 ? String(number.text.prefix(37)) + "..." : number.text
            let expected = range.isEmpty ? wanted : "\(wanted) \(range)"
            let v = number.value
            var inside = v.isFinite && (!whole || number.integer != nil)
            if let low = limit(schema, "minimum"), v < low { inside = false }
            if let high = limit(schema, "maximum"), v > high { inside = false }
            if let low = limit(schema, "exclusiveMinimum"), v <= low { inside = false }
            if let high = limit(schema, "exclusiveMaximum"), v >= high { inside = false }
            guard !inside else { return .keep }
            issues.append(InputIssue(path: path, message: "expected \(expected), got \(shown)"))
            return clamp ? .replace(.number(nearestInside(v, schema, whole: whole))) : .keep
        })
        let repaired = walk.run(value, SchemaNode.root(of: text))
        return (issues, repaired)
    }

    /// The value inside a schema's range nearest to `v` (its lower end for NaN).
    private static func nearestInside(_ v: Double, _ schema: JSONValue, whole: Bool) -> JSONNumber {
        var low = limit(schema, "minimum") ?? -1e15
        var high = limit(schema, "maximum") ?? 1e15
        if let open = limit(schema, "exclusiveMinimum") { low = max(low, whole ? open.rounded(.down) + 1 : open + min(1, (high - open) / 2)) }
        if let open = limit(schema, "exclusiveMaximum") { high = min(high, whole ? open.rounded(.up) - 1 : open - min(1, (open - low) / 2)) }
        if whole { low = low.rounded(.up); high = high.rounded(.down) }
        var x = v.isNaN ? low : min(max(whole ? v.rounded() : v, low), high)
        if !(x >= low && x <= high) { x = low }
        if whole {
            let integer = Int64(x)
            return JSONNumber(text: String(integer), value: Double(integer), integer: integer)
        }
        return JSONNumber(text: "\(x)", value: x, integer: x == x.rounded() && abs(x) < 9e18 ? Int64(x) : nil)
    }

    /// Every numeric node of a schema without both a lower and an upper limit (for the test that keeps the
    /// schemas complete): their places inside the schema.
    static func unbounded(_ text: String) -> [String] {
        var found: [String] = []
        SchemaNode.root(of: text).everyNode { place, node in
            let kinds = SchemaNode(node, root: .object([])).types
            guard kinds.contains("integer") || kinds.contains("number") else { return }
            let low = limit(node, "minimum") ?? limit(node, "exclusiveMinimum")
            let high = limit(node, "maximum") ?? limit(node, "exclusiveMaximum")
            if low == nil || high == nil { found.append(place) }
        }
        return found
    }
}
