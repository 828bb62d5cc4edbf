/// The domain of a decision variable.
public enum VariableKind: String, Sendable, Codable {
    /// Any real value between the bounds.
    case continuous
    /// A whole number between the bounds.
    case integer
    /// 0 or 1 (an integer variable whose bounds lie within [0, 1]).
    case binary
}

/// A handle to a variable of one ``Model``: an index and the identity of its model, cheap to copy and to store
/// in arrays.
///
/// A variable is used only with the model that created it (or a copy of that model): using it in another model
/// makes ``Model/validate()`` fail with ``MILPError/foreignVariable(place:variable:)``. It is deliberately
/// neither `Equatable` nor `Hashable`, because `==` between variables builds a ``LinearConstraint``; use
/// ``index`` as a key.
public struct Variable: Sendable {
    /// The position of the variable in its model, from 0.
    public let index: Int
    /// The ``Model/id`` of the model that created it.
    public let model: UInt32

    @usableFromInline init(index: Int, model: UInt32) {
        self.index = index
        self.model = model
    }
}

/// What a model knows about one variable.
public struct VariableDefinition: Sendable {
    /// The readable name used in exports and error messages.
    public var name: String
    public var kind: VariableKind
    /// The lower bound; `-.infinity` for none.
    public var lower: Double
    /// The upper bound; `.infinity` for none.
    public var upper: Double
}
