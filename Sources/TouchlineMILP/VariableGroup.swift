/// Variables indexed by a key of the caller's own (a match and an official, a player and a segment), as JuMP's
/// containers and PuLP's `LpVariable.dicts`: made by ``Model/addVariables(_:kind:lower:upper:name:)`` or
/// ``Model/addBinaries(_:name:)``, read by key (nil for a key the group does not hold, which
/// `LinearExpression.add(_:coefficient:)` and `sum` of optionals skip), iterated in the keys' order.
///
/// ```swift
/// var model = Model(name: "assignment")
/// let pairs = [("m1", "ann"), ("m1", "bob"), ("m2", "bob")].map(Pair.init)
/// let assign = model.addBinaries(pairs) { "assign[\($0.match),\($0.official)]" }
/// model.add(sum(assign.keys.filter { $0.match == "m1" }.map { assign[$0] }) == 1, name: "cover[m1]")
/// ```
public struct VariableGroup<Key: Hashable & Sendable>: Sendable, Sequence {
    /// The keys, in the order the variables were made.
    public private(set) var keys: [Key] = []
    private var variables: [Key: Variable] = [:]

    public init() {}

    mutating func insert(_ key: Key, _ variable: Variable) {
        if variables.updateValue(variable, forKey: key) == nil { keys.append(key) }
    }

    /// The variable of a key, or nil when the group has none for it.
    public subscript(_ key: Key) -> Variable? { variables[key] }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The sum of the variables whose key satisfies `predicate`.
    public func sum(where predicate: (Key) -> Bool) -> LinearExpression {
        var expression = LinearExpression()
        for key in keys where predicate(key) { expression.add(variables[key]) }
        return expression
    }

    /// The (key, variable) pairs in the keys' order.
    public func makeIterator() -> AnyIterator<(key: Key, variable: Variable)> {
        var position = keys.makeIterator()
        return AnyIterator { [variables] in
            guard let key = position.next(), let variable = variables[key] else { return nil }
            return (key, variable)
        }
    }
}
