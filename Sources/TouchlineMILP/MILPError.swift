/// Errors of the modelling layer and its solvers.
public enum MILPError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number in the model is NaN or infinite where a finite value is needed.
    case invalidNumber(place: String)
    /// A variable index does not belong to the model.
    case unknownVariable(index: Int, place: String)
    /// A variable of another model was used in this one (in the constraint or objective named by `place`).
    case foreignVariable(place: String, variable: Int)
    /// A name is empty or longer than 255 characters (GLPK's limit).
    case invalidName(String)
    /// A solver option is out of range.
    case invalidOption(name: String, expected: String)
    /// The solver failed (GLPK's fatal errors end up here, with the process still running).
    case solverFailure(String)
    /// The GLPK backend was asked for in a build without the `GLPK` trait.
    case backendUnavailable(String)
    /// A file could not be written.
    case export(String)

    public var description: String {
        switch self {
        case let .invalidNumber(place): return "\(place): expected a finite number"
        case let .unknownVariable(index, place): return "\(place): variable \(index) does not belong to this model"
        case let .foreignVariable(place, variable):
            return "\(place): variable \(variable) was created by another model; a variable is used only with the model that made it"
        case let .invalidName(name): return "invalid name \"\(name.prefix(40))\": expected 1 to 255 characters"
        case let .invalidOption(name, expected): return "option \(name): expected \(expected)"
        case let .solverFailure(message): return "solver failure: \(message)"
        case let .backendUnavailable(message): return message
        case let .export(message): return "export failed: \(message)"
        }
    }
}
