extension LineupKind {
    /// What a valid lineup instance probably does not mean (`LineupInstance.warnings()`).
    public static func inputWarnings(_ instance: LineupInstance) -> [InputIssue] { instance.warnings() }
}

extension LineupInstance {
    /// Input that is legal but probably not meant, each with its JSON path:
    /// - windows that leave a segment less than half as long as the longest (`everyMinutes: 7` in 30-minute
    ///   halves leaves 2-minute segments), with the window lengths that divide the period;
    /// - a formation position no available player lists (no plan can fill it);
    /// - a player's position the formation does not have (`"STRIKER"`): the player never plays it.
    /// Call it on an instance that passed validation.
    func warnings() -> [InputIssue] {
        if isDay { return dayWarnings() }
        var found: [InputIssue] = []
        let segments = LineupVerifier.expectedSegments(LineupInstance(match: match, formation: [:], players: []))
        let longest = segments.map { $0.end - $0.start }.max() ?? 0
        let short = segments.filter { 2 * ($0.end - $0.start) < longest }
        if let first = short.first, let substitutions = match.substitutions {
            let spans = short.prefix(3).map { "\($0.start)–\($0.end)" }.joined(separator: ", ") + (short.count > 3 ? ", …" : "")
            let length = first.end - first.start
            var message =
                "the windows leave \(short.count) segment\(short.count == 1 ? "" : "s") of \(length) minute\(length == 1 ? "" : "s") or so (min \(spans)) beside segments of \(longest)"
            if let every = substitutions.everyMinutes, substitutions.atMinutes == nil {
                let divisors = (2..<max(2, match.periodMinutes)).filter { match.periodMinutes % $0 == 0 }
                    .sorted { (abs($0 - every), $0) < (abs($1 - every), $1) }.prefix(2).sorted()
                if !divisors.isEmpty {
                    message += "; every \(divisors.map(String.init).joined(separator: " or ")) minutes divides a \(match.periodMinutes)-minute period"
                }
                found.append(InputIssue(path: "match.substitutions.everyMinutes", message: message))
            } else {
                found.append(InputIssue(path: "match.substitutions", message: message))
            }
        }
        let codes = Set(formation.filter { $0.value > 0 }.keys)
        for code in codes.sorted() where !players.contains(where: { $0.isAvailable && $0.positions.contains(code) }) {
            found.append(InputIssue(path: "formation.\(code)", message: "no available player lists \(code), so no plan can fill it"))
        }
        for (index, player) in players.enumerated() {
            for (j, code) in player.positions.enumerated() where !codes.contains(code) {
                found.append(
                    InputIssue(
                        path: "players[\(index)].positions[\(j)]",
                        message:
                            "\"\(code)\" is not in the formation (\(codes.sorted().joined(separator: ", "))); \(player.displayName) never plays it"))
            }
        }
        return found
    }
}
