/// What a tournament day's played matches leave to a re-plan during a later match (`state.match` > 1), per
/// player (in the squad's order): the day's minutes so far, the regulation minutes the player was there and
/// available, and whether they were there from kick-off in every played match.
struct LineupPlayedDay: Sendable, Equatable {
    /// How many matches were played before the match in play.
    var matches: Int
    /// Minutes played in them (`state.dayMinutesPlayed`).
    var minutes: [Int]
    /// Regulation minutes the player was available and there in them (the day's `minShare` counts these).
    var present: [Int]
    /// Available and there from kick-off in every one of them (the day's spread is taken over such players).
    var fromKickOff: [Bool]
}

extension LineupInstance {
    /// A tournament day re-planned during match `state.match` as the day still to play: that match (with the
    /// `state`) and the matches after it, with what the played matches leave in `playedDay`. Each match keeps
    /// its name ("Match 3"), its locks and marks (renumbered from 1), its status and arrivals; the players' own
    /// `arrivesAt` and the turn-based queue, which count in the day's first match only, are dropped when that
    /// match was played. Every stage of a day reads the day through this (the engines, the verifier, the text),
    /// so a re-planned day is an ordinary day whose first match is re-planned. The same instance when there is
    /// nothing to cut (one match, no `state`, or the day's first match in play); idempotent.
    public func remainingDay() -> LineupInstance {
        guard let matches, let state, let match = state.match, match > 1, match <= matches.count, playedDay == nil else { return self }
        let played = match - 1
        var day = self
        day.matches = matches.indices.dropFirst(played).map { m in
            var game = matches[m]
            game.name = dayMatchName(m)
            return game
        }
        let ids = players.map(\.id)
        var present = [Int](repeating: 0, count: players.count)
        var fromKickOff = [Bool](repeating: true, count: players.count)
        for m in 0..<played {
            let end = matches[m].periods * matches[m].periodMinutes
            for p in players.indices {
                let presence = LineupVerifier.dayPresence(self, m, p)
                if presence.available { present[p] += max(0, end - max(presence.arrives, 0)) }
                if !presence.available || presence.arrives > 0 { fromKickOff[p] = false }
            }
        }
        day.playedDay = LineupPlayedDay(
            matches: played, minutes: ids.map { state.dayMinutesPlayed?[$0] ?? 0 }, present: present, fromKickOff: fromKickOff)
        for p in day.players.indices { day.players[p].arrivesAt = nil }
        day.locks = locks.map { locks in
            locks.compactMap { lock in
                guard let m = lock.match, m > played else { return nil }
                var lock = lock
                lock.match = m - played
                return lock
            }
        }
        day.preMarked = preMarked.map { marks in
            PreMarkedRules(
                periods: marks.periods.compactMap { period in
                    guard let m = period.match, m > played else { return nil }
                    return .init(period: period.period, active: period.active, match: m - played)
                })
        }
        if var turns = turnBased {
            turns.queue = nil
            day.turnBased = turns
        }
        day.state?.match = 1
        return day
    }

    /// The match of a day that `state` describes (from 0): `state.match` less one; nil without a `state`.
    var dayStateMatch: Int? { state.map { ($0.match ?? 1) - 1 } }
}
