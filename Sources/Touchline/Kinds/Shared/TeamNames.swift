/// A team's name, for the outputs of the match-day kinds (`pitches`, `officials`, `matchday`): the instance's
/// optional `teams` lists them by id, and day sheets, printed pages, spreadsheets and calendars show the name
/// where the matches give the id. Rules and calendar UIDs keep reading the ids.
public struct TeamName: Sendable, Codable, Equatable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// Id to name (the first name of an id given twice; validation reports the second).
    static func lookup(_ teams: [TeamName]?) -> [String: String] {
        Dictionary((teams ?? []).map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The teams' names in a match's order, ids where no name is given.
    static func display(_ ids: [String]?, _ names: [String: String]) -> [String] {
        (ids ?? []).map { names[$0] ?? $0 }
    }

    /// Every id once and not empty.
    static func validate(_ teams: [TeamName]?, into issues: inout IssueCollector) {
        var seen: Set<String> = []
        for (index, team) in (teams ?? []).enumerated() {
            issues.require(!team.id.isEmpty, "teams[\(index)].id", "expected a team id, got an empty string")
            issues.require(seen.insert(team.id).inserted, "teams[\(index)].id", "duplicate team id \"\(team.id.printable)\"")
        }
    }
}
