/// Errors of the modelling layer and its solvers.
public enum MILPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number in the model is NaN or infinite where a finite value is needed.
    case invalidNumber(place: String)
    /// A variable index does not belong to the model.
    case unknownVariable(index: Int, place: String)
    /// A variable of another model was used in this one (in the constraint or objective named by `place`).
    case foreignVariable(place: String, variable: Int)
    /// A solver option is out of range.
    case invalidOption(name: String, expected: String)
    /// The solver failed (GLPK's fatal errors end up here, with the process still running).
    case solverFailure(String)
    /// A file could not be written.
    case export(String)

    public var description: String {
        switch self {
        case let .invalidNumber(place): return "\(place): expected a finite number"
        case let .unknownVariable(index, place): return "\(place): variable \(index) does not belong to this model"
        case let .foreignVariable(place, variable):
            return "\(place): variable \(variable) was created by another model; a variable is used only with the model that made it"
        case let .invalidOption(name, expected): return "option \(name): expected \(expected)"
        case let .solverFailure(message): return "solver failure: \(message)"
        case let .export(message): return "export failed: \(message)"
        }
    }
}
