import Foundation

/// Decodes a `Decodable` value straight from a parsed ``JSONValue``, so that an input is read once: the strict
/// reader parses the bytes, the schema checks the tree, and the model is decoded from that same tree (no bytes
/// written and parsed again by Foundation's decoder).
///
/// It answers as Foundation's `JSONDecoder` does, with the same errors and coding paths (an array's item is
/// `Index 2`), so that the messages built from them (``JSONPath/issue(from:)``) stay the same:
/// - a missing key: `keyNotFound`; a `null` or missing value for a non-optional: `valueNotFound`;
/// - a value of another type: `typeMismatch`;
/// - a number that does not fit the type (`2.5` or `1e20` for an `Int`): `dataCorrupted`;
/// - numbers as ``JSONDocument/normalized(_:)`` writes them (beyond the doubles: the largest finite one).
struct JSONValueDecoder {
    /// Reads the strings `Infinity`, `-Infinity` and `NaN` as those numbers (how Touchline's own encoder writes
    /// them); off, as Foundation's decoder is by default.
    var nonConformingFloats = false

    func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        try Value(from: ValueDecoder(value: value, codingPath: [], nonConformingFloats: nonConformingFloats))
    }
}

/// A coding key of an array item or a dictionary key, named as Foundation names them.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var nonConformingFloats = false
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else {
            throw Self.mismatch([String: Any].self, value, codingPath)
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath, floats: nonConformingFloats))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = value else { throw Self.mismatch([Any].self, value, codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath, floats: nonConformingFloats)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleContainer(value: value, codingPath: codingPath, floats: nonConformingFloats)
    }

    /// What Foundation's decoder says of a value of the wrong type.
    static func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
        if case .null = value {
            return .valueNotFound(
                type, .init(codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        let found: String
        switch value {
        case .null: found = "null"
        case .bool: found = "bool"
        case .number: found = "number"
        case .string: found = "string"
        case .array: found = "array"
        case .object: found = "dictionary"
        }
        return .typeMismatch(type, .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(found) instead."))
    }

    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey], floats: Bool) throws -> T {
        // The scalars directly; everything else through its own `init(from:)`.
        let scalar: Any?
        switch type {
        case is String.Type:
            guard case let .string(text) = value else { throw mismatch(type, value, path) }
            scalar = text
        case is Bool.Type:
            guard case let .bool(flag) = value else { throw mismatch(type, value, path) }
            scalar = flag
        case is Int.Type: scalar = try integer(Int.self, value, path)
        case is Int64.Type: scalar = try integer(Int64.self, value, path)
        case is Int32.Type: scalar = try integer(Int32.self, value, path)
        case is UInt64.Type: scalar = try integer(UInt64.self, value, path)
        case is Double.Type: scalar = try floating(value, path, floats: floats)
        case is Float.Type: scalar = Float(try floating(value, path, floats: floats))
        default: scalar = nil
        }
        if let scalar, let decoded = scalar as? T { return decoded }
        return try T(from: ValueDecoder(value: value, codingPath: path, nonConformingFloats: floats))
    }

    static func integer<I: FixedWidthInteger>(_ type: I.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> I {
        guard case let .number(number) = value else { throw mismatch(type, value, path) }
        if let whole = number.integer, let fitted = I(exactly: whole) { return fitted }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path, debugDescription: "Parsed JSON number <\(number.normalizedText)> does not fit in \(type)."))
    }

    static func floating(_ value: JSONValue, _ path: [any CodingKey], floats: Bool) throws -> Double {
        if floats, case let .string(text) = value {
            switch text {
            case "Infinity": return .infinity
            case "-Infinity": return -.infinity
            case "NaN": return .nan
            default: break
            }
        }
        guard case let .number(number) = value else { throw mismatch(Double.self, value, path) }
        return number.normalizedValue
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(key: String, value: JSONValue)]
    let codingPath: [any CodingKey]
    /// The members by key, for a large object (a map of thousands of match ids); a small one is searched.
    let index: [String: Int]?

    let floats: Bool

    init(members: [(key: String, value: JSONValue)], codingPath: [any CodingKey], floats: Bool) {
        self.members = members
        self.codingPath = codingPath
        self.floats = floats
        if members.count > 16 {
            var index: [String: Int] = [:]
            index.reserveCapacity(members.count)
            for (position, member) in members.enumerated() where index[member.key] == nil { index[member.key] = position }
            self.index = index
        } else {
            self.index = nil
        }
    }

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

    private func find(_ key: Key) -> JSONValue? {
        if let index { return index[key.stringValue].map { members[$0].value } }
        return members.first { $0.key == key.stringValue }?.value
    }

    private func value(_ key: Key) throws -> JSONValue {
        guard let found = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return found
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try value(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ValueDecoder.decode(type, try value(key), codingPath + [key], floats: floats)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = find(key) else { return nil }
        if case .null = found { return nil }
        return try ValueDecoder.decode(type, found, codingPath + [key], floats: floats)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key], nonConformingFloats: floats).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try value(key), codingPath: codingPath + [key], nonConformingFloats: floats).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: Key(stringValue: "super").flatMap(find) ?? .null, codingPath: codingPath, nonConformingFloats: floats)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: find(key) ?? .null, codingPath: codingPath + [key], nonConformingFloats: floats)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let floats: Bool
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], floats: Bool) {
        self.elements = elements
        self.codingPath = codingPath
        self.floats = floats
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func next<T>(_ type: T.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [AnyKey(intValue: currentIndex)], debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        if case .null = try next(Any?.self) {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = try next(type)
        let decoded = try ValueDecoder.decode(type, element, codingPath + [AnyKey(intValue: currentIndex)], floats: floats)
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let element = try next([String: Any].self)
        let container = try ValueDecoder(value: element, codingPath: codingPath + [AnyKey(intValue: currentIndex)], nonConformingFloats: floats)
            .container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = try next([Any].self)
        let container = try ValueDecoder(value: element, codingPath: codingPath + [AnyKey(intValue: currentIndex)], nonConformingFloats: floats)
            .unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = try next(Any.self)
        defer { currentIndex += 1 }
        return ValueDecoder(value: element, codingPath: codingPath + [AnyKey(intValue: currentIndex)], nonConformingFloats: floats)
    }
}

private struct SingleContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let floats: Bool

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try ValueDecoder.decode(type, value, codingPath, floats: floats) }
}
