/// The registry of problem kinds, a closed list: a caller cannot add one. Adding a kind to the package is one
/// folder under `Kinds/` plus one line here.
public enum ProblemKinds {
    public static let all: [any ProblemKind.Type] = [
        LineupKind.self,
        PitchesKind.self,
        OfficialsKind.self,
        MatchdayKind.self,
        StandingsKind.self
    ]

    /// The `problem` names, in registry order.
    public static var names: [String] { all.map { $0.name } }

    /// The kind whose `problem` name is `name`.
    public static func kind(named name: String) -> (any ProblemKind.Type)? {
        all.first { $0.name == name }
    }
}
