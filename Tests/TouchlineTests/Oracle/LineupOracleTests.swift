import Foundation
import Testing
import TouchlineMILP
import TouchlineSearch
import TouchlineTesting

@testable import Touchline

/// The engine against the contract: random tiny lineups (every mode, every rule switched on and off at random)
/// solved by the engine and by `LineupOracle`, which enumerates every plan the verifier accepts. A proof the
/// engine claims (`optimal`, `infeasible`) must be the oracle's answer; any other answer must be a verified
/// plan no better than the oracle's optimum. `ORACLE_COUNT` sets how many instances (CI: the default; `make
/// oracle N=20000` more); a disagreement is written to `ORACLE_OUT` (default `.build/oracle`) as a regression
/// file, and the files in `Tests/Regressions/lineup-oracle/` are replayed every run.
@Suite struct LineupOracleTests {
    static let modes: [LineupMode] = [.balanced, .preMarked, .turnBased, .colourGroups]

    /// A random tiny instance: one or two periods (or one with overtime), one to three segments, a formation of
    /// two or three places with or without a keeper, four to six players, and every rule on or off at random.
    static func randomInstance(seed: UInt64, mode: LineupMode) -> LineupInstance {
        var random = SeededRandom(seed: seed &* 0x9E37_79B9 &+ UInt64(modes.firstIndex(of: mode)!))
        let keeper = random.chance(0.8)
        let outfieldCodes = random.chance(0.5) ? ["DEF"] : ["DEF", "FWD"]
        var formation: [String: Int] = [:]
        if keeper { formation["GK"] = 1 }
        for code in outfieldCodes { formation[code] = 1 }
        if formation.count < 2 { formation["DEF"] = 2 }
        let codes = formation.keys.sorted()
        let match: LineupMatch
        switch random.int(below: 4) {
        case 0: match = LineupMatch(periods: 2, periodMinutes: 10)
        case 1: match = LineupMatch(periods: 1, periodMinutes: 15, substitutions: .init(everyMinutes: 5))
        case 2:
            match = LineupMatch(periods: 1, periodMinutes: 10, overtime: .init(periods: 1, periodMinutes: 5), substitutions: .init(everyMinutes: 5))
        default: match = LineupMatch(periods: 2, periodMinutes: 10, substitutions: .init(atMinutes: [5]))
        }
        let count = random.int(in: 4...(mode == .colourGroups ? 6 : 5))
        var players: [LineupPlayer] = []
        for index in 1...count {
            var positions: [String] = []
            if keeper && (index == 1 || random.chance(0.25)) { positions.append("GK") }
            if index > 1 || !random.chance(0.5) || !keeper {
                positions.append(random.pick(outfieldCodes))
                if random.chance(0.3), let other = codes.first(where: { !positions.contains($0) }) { positions.append(other) }
            }
            if index > 1 && random.chance(0.3) { positions.shuffle(using: &random) }
            var player = LineupPlayer(id: "p\(index)", positions: positions)
            if index > 2 && random.chance(0.12) { player.status = random.chance(0.5) ? .injured : .unavailable }
            if index > 2 && player.status == nil && random.chance(0.15) { player.arrivesAt = 5 }
            if random.chance(0.1) { player.minMinutes = 5 * random.int(in: 1...2) }
            if random.chance(0.1) { player.maxMinutes = 5 * random.int(in: 1...3) }
            players.append(player)
        }
        let seasonBalance = random.chance(0.2)
        if seasonBalance { for p in players.indices where random.chance(0.5) { players[p].seasonMinutes = 5 * random.int(in: 0...3) } }
        let rules = LineupRules(
            mode: mode, minShare: random.chance(0.4) ? random.pick([0.25, 0.5, 0.75]) : nil,
            maxConsecutiveBench: random.chance(0.25) ? random.int(in: 1...2) : nil,
            keeperFullPeriods: random.chance(0.5) ? random.chance(0.8) : nil,
            maxChangesPerWindow: random.chance(0.2) ? random.int(in: 0...2) : nil,
            minStint: random.chance(0.2) ? 2 : nil, seasonBalance: seasonBalance ? true : nil)
        var instance = LineupInstance(match: match, formation: formation, players: players, rules: rules)
        let end = match.periods * match.periodMinutes + (match.overtime.map { $0.periods * $0.periodMinutes } ?? 0)
        if random.chance(0.25) {
            // One or two locks (two may name one player, and contradict each other).
            instance.locks = (0..<random.int(in: 1...2)).map { _ in
                let player = random.pick(players)
                let from = 5 * random.int(in: 0...1)
                let onField = random.chance(0.6)
                let position = onField && random.chance(0.5) ? random.pick(player.positions) : nil
                return LineupLock(player: player.id, from: from, to: min(end, from + 5 * random.int(in: 1...2)), position: position, onField: onField)
            }
        }
        switch mode {
        case .balanced: break
        case .turnBased:
            let queueable = players.filter { $0.isAvailable && $0.positions.contains { $0 != "GK" } }.map(\.id)
            instance.turnBased = TurnBasedRules(
                queue: random.chance(0.4) && !queueable.isEmpty ? [random.pick(queueable)] : nil,
                changesPerWindow: random.chance(0.3) ? random.int(in: 0...1) : nil)
        case .preMarked:
            let available = players.filter(\.isAvailable).map(\.id)
            var marks: [PreMarkedRules.Marks] = []
            let places = formation.values.reduce(0, +)
            for period in 1...(match.periods + (match.overtime?.periods ?? 0)) where random.chance(0.6) {
                marks.append(.init(period: period, active: Array(random.shuffled(available).prefix(random.int(in: 0...(places + 1))))))
            }
            instance.preMarked = PreMarkedRules(periods: marks)
        case .colourGroups:
            let colours = Array(["red", "blue", "green"].prefix(random.chance(0.7) ? 2 : 3))
            var fixed: [String: String] = [:]
            for player in players where random.chance(0.12) { fixed[player.id] = random.pick(colours) }
            instance.colourGroups = ColourGroupRules(colours: colours, assignment: fixed.isEmpty ? nil : fixed)
        }
        // A live re-plan at the first window: who was on (a legal lineup of the players there) and their minutes.
        let first = LineupVerifier.expectedSegments(instance).dropFirst().first?.start
        if let minute = first, random.chance(0.25) {
            var onField: [String: String] = [:]
            var taken = Set<String>()
            for player in random.shuffled(players) where player.isAvailable && (player.arrivesAt ?? 0) == 0 {
                if let code = player.positions.first(where: { formation[$0] != nil && !taken.contains($0) }), random.chance(0.8) {
                    onField[player.id] = code
                    taken.insert(code)
                }
            }
            if taken.count == formation.count {
                instance.state = LineupState(minute: minute, onField: onField, minutesPlayed: onField.mapValues { _ in minute })
            }
        }
        // Pairs: two or three players on and off together (available ones: validation refuses a group with an
        // injured player beside an available one), two or three never all on the bench.
        let available = players.filter(\.isAvailable).map(\.id)
        if available.count >= 2 && random.chance(0.15) {
            instance.rules!.together = [Array(random.shuffled(available).prefix(random.int(in: 2...min(3, available.count))))]
        }
        if random.chance(0.15) {
            instance.rules!.apart = [Array(random.shuffled(players.map(\.id)).prefix(random.int(in: 2...3)))]
        }
        // Keeper minutes: a share of the regulation minutes in goal, minutes outfield for a keeper, a turn in goal
        // for everyone who lists GK; in a re-plan, the keeper's minutes in goal so far.
        // (A quarter of the squads with a keeper, each rule in half of those: three independent draws left too few
        // pre-marked squads with a plan for the sanity count below.)
        if keeper && random.chance(0.25) {
            if random.chance(0.5) { instance.rules!.keeperMaxShare = random.pick([0.25, 0.5, 0.75]) }
            if random.chance(0.5) { instance.rules!.keeperMinOutfieldMinutes = 5 * random.int(in: 1...2) }
            if random.chance(0.5) { instance.rules!.keeperTurns = true }
            if var state = instance.state, let (id, _) = state.onField.first(where: { $0.value == "GK" }), random.chance(0.5) {
                state.keeperMinutes = [id: random.pick([0, state.minute])]
                instance.state = state
            }
        }
        // Positions: a player who must play one of their own positions, one who stays in one position, every
        // player of two segments outfield in two positions; in a re-plan, a player's positions so far.
        if random.chance(0.2) {
            let candidates = instance.players.indices.filter { instance.players[$0].isAvailable }
            if !candidates.isEmpty && random.chance(0.5) {
                let p = random.pick(candidates)
                instance.players[p].mustPlay = [random.pick(instance.players[p].positions)]
            }
            if !candidates.isEmpty && random.chance(0.5) { instance.players[random.pick(candidates)].onePosition = true }
            if random.chance(0.4) { instance.rules!.minPositions = 2 }
            if var state = instance.state, let (id, held) = random.shuffled(Array(state.onField)).first, random.chance(0.5),
                let player = instance.players.first(where: { $0.id == id })
            {
                let others = player.positions.filter { $0 != held && $0 != "GK" }
                state.positionsPlayed = [id: random.chance(0.5) || others.isEmpty ? [held] : [held, random.pick(others)]]
                instance.state = state
            }
        }
        // Shorter shifts: a position capped at 5, 10 or 15 minutes in a row; in a re-plan, the run so far of a
        // player on the field. (One position, so that each mode keeps its share of squads with a plan.)
        if random.chance(0.15) {
            let codes = instance.formation.keys.sorted()
            instance.rules!.maxStintMinutes = [random.pick(codes): 5 * random.int(in: 1...3)]
            if var state = instance.state, let (id, _) = random.shuffled(Array(state.onField)).first, random.chance(0.5) {
                state.stintMinutes = [id: random.pick([0, state.minute])]
                instance.state = state
            }
        }
        // Strength: ratings 0 to 3 for every player and a field held to a share of the strongest present.
        // (In one squad in ten, the shares below 0.9: more left too few pre-marked squads with a plan.)
        if random.chance(0.1) {
            for p in instance.players.indices { instance.players[p].rating = Double(random.int(in: 0...3)) }
            instance.rules!.strength = LineupStrength(minShare: random.pick([0.5, 0.75]))
        }
        // The strength gap as a level (ratings 0 to 3, some in halves), with or without a share.
        if random.chance(0.12) {
            for p in instance.players.indices where instance.players[p].rating == nil {
                instance.players[p].rating = Double(random.int(in: 0...6)) / random.pick([1, 2])
            }
            instance.rules!.strength = LineupStrength(minShare: instance.rules!.strength?.minShare, balanced: true)
        }
        return instance
    }

    /// The formats of a tiny day's games: 10 minutes with a window at 5, 5 minutes straight, two halves of 5.
    static let dayFormats = [
        LineupDayMatch(periods: 1, periodMinutes: 10, substitutions: .init(everyMinutes: 5)),
        LineupDayMatch(periods: 1, periodMinutes: 5),
        LineupDayMatch(periods: 2, periodMinutes: 5)
    ]

    /// A random tiny tournament day: the squad, formation and rules of a random tiny lineup (every rule on or off
    /// at random, as above), played over two games (one of them of one segment) or three of one segment each; a
    /// knock or a late arrival in a later game, a smaller formation in one game, locks and pre-marked periods
    /// naming their game, and a live re-plan during a game of two segments.
    static func randomDay(seed: UInt64, mode: LineupMode) -> LineupInstance {
        let one = randomInstance(seed: seed ^ 0x0DA7_0DA7, mode: mode)
        var random = SeededRandom(seed: seed &* 0x2545_F491 &+ UInt64(modes.firstIndex(of: mode)!) &+ 17)
        var games: [LineupDayMatch]
        if random.chance(0.2) {
            games = [dayFormats[1], dayFormats[1], dayFormats[1]]
        } else {
            games = [random.pick(dayFormats), dayFormats[1]]
            if random.chance(0.5) { games.reverse() }
        }
        for g in games.indices { games[g].name = "G\(g + 1)" }
        // Minutes a player's and a keeper's rules ask for, within the shortest game (validation refuses more).
        let shortest = games.map { $0.periods * $0.periodMinutes }.min()!
        var players = one.players
        for p in players.indices {
            if let arrives = players[p].arrivesAt, arrives >= games[0].periods * games[0].periodMinutes { players[p].arrivesAt = nil }
            players[p].minMinutes = players[p].minMinutes.map { min($0, shortest) }
        }
        var rules = one.rules
        if let outfield = rules?.keeperMinOutfieldMinutes { rules?.keeperMinOutfieldMinutes = min(outfield, shortest) }
        let available = players.filter(\.isAvailable)
        // A knock in a later game; a late arrival in a later game of more than one segment.
        if random.chance(0.2), let player = available.filter({ $0.id != "p1" }).randomElement(using: &random) {
            games[random.int(in: 1...(games.count - 1))].status = [player.id: .injured]
        }
        if random.chance(0.15), let g = games.indices.dropFirst().first(where: { games[$0].periodMinutes * games[$0].periods > 5 }),
            let player = available.filter({ $0.id != "p1" }).randomElement(using: &random)
        {
            games[g].arrivesAt = [player.id: 5]
        }
        // One game with one outfield place fewer, where a position has two places.
        if random.chance(0.2), let code = one.formation.keys.sorted().first(where: { one.formation[$0]! >= 2 }) {
            var smaller = one.formation
            smaller[code]! -= 1
            games[random.int(below: games.count)].formation = smaller
        }
        var day = LineupInstance(
            matches: games, formation: one.formation, players: players, rules: rules, turnBased: one.turnBased,
            colourGroups: one.colourGroups)
        if random.chance(0.25) {
            day.locks = (0..<random.int(in: 1...2)).map { _ in
                let g = random.int(below: games.count)
                let end = games[g].periods * games[g].periodMinutes
                let player = random.pick(players)
                let from = end > 5 ? 5 * random.int(in: 0...1) : 0
                let onField = random.chance(0.6)
                let position = onField && random.chance(0.5) ? random.pick(player.positions) : nil
                return LineupLock(player: player.id, from: from, to: min(end, from + 5), position: position, onField: onField, match: g + 1)
            }
        }
        // A live re-plan at minute 5 of a game with a window there: who was on (a lineup filling that game's
        // formation with players there), their minutes, a keeper's minutes in goal; in a later game, the minutes
        // each player had in the games before it.
        if random.chance(0.5), let g = random.shuffled(Array(games.indices)).first(where: { games[$0].periods * games[$0].periodMinutes > 5 }) {
            var places = games[g].formation ?? one.formation
            var onField: [String: String] = [:]
            for p in random.shuffled(Array(players.indices)) {
                let presence = LineupVerifier.dayPresence(day, g, p)
                guard presence.available, presence.arrives <= 0,
                    let code = random.shuffled(players[p].positions).first(where: { (places[$0] ?? 0) > 0 })
                else { continue }
                onField[players[p].id] = code
                places[code]! -= 1
            }
            if places.values.allSatisfy({ $0 == 0 }) {
                var state = LineupState(minute: 5, onField: onField, minutesPlayed: onField.mapValues { _ in 5 }, match: g + 1)
                if let (id, _) = onField.first(where: { $0.value == "GK" }), random.chance(0.5) { state.keeperMinutes = [id: 5] }
                if g > 0 {
                    let earlier = games.prefix(g).reduce(0) { $0 + $1.periods * $1.periodMinutes }
                    var minutes: [String: Int] = [:]
                    for player in players where random.chance(0.7) { minutes[player.id] = 5 * random.int(in: 0...(earlier / 5)) }
                    state.dayMinutesPlayed = minutes
                }
                day.state = state
            }
        }
        if mode == .preMarked {
            let ids = available.map(\.id)
            let places = one.formation.values.reduce(0, +)
            var marks: [PreMarkedRules.Marks] = []
            for (g, game) in games.enumerated() {
                for period in 1...game.periods where random.chance(0.5) {
                    marks.append(.init(period: period, active: Array(random.shuffled(ids).prefix(random.int(in: 0...(places + 1)))), match: g + 1))
                }
            }
            day.preMarked = PreMarkedRules(periods: marks)
        }
        return day
    }

    struct Outcome {
        var checked = 0
        var skipped = 0
        /// The first engine's (GLPK's where built in, else the built-in solver's) proofs.
        var optimal = 0
        var infeasible = 0
        var unproven = 0
        /// The built-in solver's, when it is the second engine (the GLPK build).
        var builtinOptimal = 0
        var builtinInfeasible = 0
        var builtinUnproven = 0
        var bestEffortChecked = 0
        var disagreements: [String] = []
    }

    /// The exact engines every instance is solved by: GLPK's pattern engine and the built-in solver's on the
    /// same programs where GLPK is built in (two independent proofs that must agree), the built-in solver's alone
    /// in the greedy-only build.
    static var methods: [InstanceOptions.Method] { Engine.hasMILP ? [.milp, .builtin] : [.builtin] }

    /// Compares the engine with the oracle on one instance; a non-empty string describes a disagreement.
    static func compare(_ instance: LineupInstance, _ outcome: inout Outcome, label: String) throws {
        guard LineupKind.validate(instance).isEmpty, let oracle = instance.isDay ? LineupOracle.solveDay(instance) : LineupOracle.solve(instance)
        else {
            outcome.skipped += 1
            return
        }
        outcome.checked += 1
        var problems: [String] = []
        var proofs: [(InstanceOptions.Method, ResultStatus, LineupObjective?)] = []
        for method in methods {
            let options = InstanceOptions(method: method, timeLimitSeconds: 20, suggestSeconds: 0)
            let report: SolveReport<LineupKind>
            do {
                report = try Engine.solve(instance, kind: LineupKind.self, options: options)
            } catch {
                problems.append("\(method.rawValue): the engine failed: \(error)")
                continue
            }
            let primary = method == methods[0]
            check(instance, report, oracle, primary: primary, &outcome, &problems, prefix: "\(method.rawValue): ")
            if !primary {
                switch report.status {
                case .optimal: outcome.builtinOptimal += 1
                case .infeasible: outcome.builtinInfeasible += 1
                default: outcome.builtinUnproven += 1
                }
            }
            if report.status == .optimal || report.status == .infeasible { proofs.append((method, report.status, report.objective)) }
        }
        // Two proofs must agree on the status, and two optima on the objective. An infeasible report's objective is
        // its best effort's, which proves nothing and may differ (the greedy's colour search behind it has a share
        // of the limit, so a loaded machine can cut it short); `check` holds each best effort to the fairest plan.
        if proofs.count == 2 && (proofs[0].1 != proofs[1].1 || (proofs[0].1 == .optimal && proofs[0].2 != proofs[1].2)) {
            problems.append(
                "the exact engines disagree: \(proofs.map { "\($0.0.rawValue) \($0.1) \($0.2.map(String.init(describing:)) ?? "-")" }.joined(separator: ", "))"
            )
        }
        record(instance, problems, &outcome, label: label)
    }

    /// The checks of one engine's report against the oracle: its plan verifies, a proof agrees with the
    /// contract's optimum, an unproven plan does not beat it; counted in `outcome` for the primary engine.
    static func check(
        _ instance: LineupInstance, _ report: SolveReport<LineupKind>, _ oracle: LineupOracle.Answer, primary: Bool,
        _ outcome: inout Outcome, _ problems: inout [String], prefix: String
    ) {
        var found: [String] = []
        defer { problems += found.map { prefix + $0 } }
        let findings = Engine.verify(instance, report: report, kind: LineupKind.self)
        if !findings.isEmpty { found.append("the engine's result does not verify: \(findings.prefix(3))") }
        switch report.status {
        case .optimal:
            if primary { outcome.optimal += 1 }
            if report.objective != oracle.objective {
                found.append(
                    "optimal \(report.objective.map(String.init(describing:)) ?? "-"), the contract's optimum \(oracle.objective.map(String.init(describing:)) ?? "none (no plan)")"
                )
            }
        case .infeasible:
            if primary { outcome.infeasible += 1 }
            if let best = oracle.objective { found.append("infeasible, but the verifier accepts a plan with \(best)") }
            #if GLPK
                // The best-effort plan: as few empty slots and as small a largest and total minutes shortfall as any
                // structurally sound plan that keeps the rules a best effort keeps (it may do better by breaking one
                // of those, as the lenient greedy's plan can).
                // (A day's best effort is each game's own, which is not the fairest over the day: not checked.)
                if primary, !instance.isDay, oracle.objective == nil, let solution = report.solution,
                    let fairest = LineupOracle.bestEffort(instance)
                {
                    outcome.bestEffortChecked += 1
                    let measure = LineupVerifier.bestEffortShortfall(instance, solution)
                    if fairest.lexicographicallyPrecedes(measure) {
                        found.append("best effort measures \(measure) (empty slots, largest and total shortfall), the fairest plan \(fairest)")
                    }
                }
            #endif
        default:
            if primary { outcome.unproven += 1 }
            // A plan that keeps every rule cannot beat the contract's optimum (a best effort may: it breaks rules).
            if report.status == .feasible, let objective = report.objective, let best = oracle.objective, LineupOracle.isBetter(objective, than: best)
            {
                found.append("\(report.status) \(objective) is better than the contract's optimum \(best)")
            }
            if report.status == .feasible && oracle.objective == nil { found.append("feasible, but the verifier accepts no plan") }
        }
    }

    /// A disagreement: counted, and the instance written as a regression file.
    static func record(_ instance: LineupInstance, _ problems: [String], _ outcome: inout Outcome, label: String) {
        guard !problems.isEmpty else { return }
        let message = "\(label): " + problems.joined(separator: "; ")
        outcome.disagreements.append(message)
        let folder = ProcessInfo.processInfo.environment["ORACLE_OUT"] ?? Repository.root.appendingPathComponent(".build/oracle").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var copy = instance
        copy.problem = "lineup"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        if let data = try? encoder.encode(copy) {
            try? data.write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(label).json"))
        }
    }

    static var count: Int { Int(ProcessInfo.processInfo.environment["ORACLE_COUNT"] ?? "") ?? 500 }
    static var firstSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["ORACLE_SEED"] ?? "") ?? 1 }

    /// Draws instances from the first seed until `count` are checked (or four times as many seeds are drawn),
    /// prints the line `scripts/oracle.sh` records, and expects floors on what was proven, so that an oracle that
    /// stopped proving (every instance `unknown`) or stopped meeting impossible squads fails: at least one in
    /// `floor` proven optimal and one in `floor` infeasible, and none left unproven, by each exact engine (the
    /// built-in solver's in every build), and no disagreement.
    static func run(_ kind: String, _ mode: LineupMode, count: Int, floor: Int, draw: (UInt64) -> LineupInstance) throws -> Outcome {
        var outcome = Outcome()
        var seed = firstSeed
        var replans = 0
        while outcome.checked < count && seed < firstSeed + UInt64(count) * 4 {
            let instance = draw(seed)
            let before = outcome.checked
            try compare(instance, &outcome, label: "\(kind)-\(mode.rawValue)-\(seed)")
            if instance.state != nil && outcome.checked > before { replans += 1 }
            seed += 1
        }
        print(
            "oracle \(kind) \(mode.rawValue): \(outcome.checked) checked (\(outcome.skipped) invalid or too large skipped; \(replans) live re-plans), \(methods[0].rawValue): optimal \(outcome.optimal), infeasible \(outcome.infeasible), other \(outcome.unproven); "
                + (methods.count > 1
                    ? "builtin: optimal \(outcome.builtinOptimal), infeasible \(outcome.builtinInfeasible), other \(outcome.builtinUnproven); " : "")
                + "best efforts checked \(outcome.bestEffortChecked), disagreements \(outcome.disagreements.count)"
        )
        #expect(outcome.checked >= count / 2, "too few instances were valid and small enough")
        #expect(replans >= outcome.checked / 20, "only \(replans) of \(outcome.checked) were live re-plans")
        #expect(outcome.optimal >= outcome.checked / floor, "only \(outcome.optimal) of \(outcome.checked) proven optimal")
        #expect(outcome.infeasible >= outcome.checked / floor, "only \(outcome.infeasible) of \(outcome.checked) proven infeasible")
        #expect(outcome.unproven <= outcome.checked / 50, "\(outcome.unproven) of \(outcome.checked) left unproven")
        if methods.count > 1 {
            #expect(outcome.builtinOptimal >= outcome.checked / floor, "builtin: only \(outcome.builtinOptimal) proven optimal")
            #expect(outcome.builtinInfeasible >= outcome.checked / floor, "builtin: only \(outcome.builtinInfeasible) proven infeasible")
            #expect(outcome.builtinUnproven <= outcome.checked / 50, "builtin: \(outcome.builtinUnproven) left unproven")
        }
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements.prefix(5))")
        return outcome
    }

    /// Each mode has proven about half optimal and half infeasible.
    @Test(arguments: modes)
    func engineAgreesWithTheContractOnRandomTinyLineups(_ mode: LineupMode) throws {
        let outcome = try Self.run("lineup", mode, count: Self.count, floor: 4) { Self.randomInstance(seed: $0, mode: mode) }
        if Engine.hasMILP {
            #expect(outcome.bestEffortChecked >= outcome.infeasible / 2, "only \(outcome.bestEffortChecked) best efforts checked")
        }
    }

    static var dayCount: Int { Int(ProcessInfo.processInfo.environment["ORACLE_DAY_COUNT"] ?? "") ?? max(1, count / 10) }

    /// Random tiny tournament days against every day plan the day's verifier accepts (`LineupOracle.solveDay`);
    /// a day's best effort is each game's own, not checked against the fairest day.
    @Test(arguments: modes)
    func engineAgreesWithTheContractOnRandomTinyDays(_ mode: LineupMode) throws {
        _ = try Self.run("day", mode, count: Self.dayCount, floor: 8) { Self.randomDay(seed: $0, mode: mode) }
    }

    /// Every instance once found to disagree (and the cases found outside the project), replayed.
    @Test func regressionFilesAgreeWithTheContract() throws {
        let folder = Repository.root.appendingPathComponent("Tests/Regressions/lineup-oracle")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        #expect(!files.isEmpty)
        var outcome = Outcome()
        for file in files {
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            let instance = try JSONDecoder().decode(LineupInstance.self, from: data)
            try Self.compare(instance, &outcome, label: file)
        }
        #expect(outcome.checked == files.count, "a regression file is invalid or too large for the oracle")
        #expect(outcome.disagreements.isEmpty, "\(outcome.disagreements)")
    }
}

/// Cases found outside the project where the engine answered wrong, each with a plan `verify` accepts: too big
/// for the oracle, so the engine's answer must be a verified plan at least as good as the legal plan, and a
/// proof claimed must not be `infeasible`.
@Suite struct LineupOutsideCaseTests {
    @Test func colourKeeperCaseIsNotInfeasible() throws {
        let folder = Repository.root.appendingPathComponent("Tests/Regressions/lineup-cases")
        let instance = try JSONDecoder().decode(
            LineupInstance.self, from: Data(contentsOf: folder.appendingPathComponent("colour-keeper-false-infeasible.json")))
        let result =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("colour-keeper-false-infeasible-legal-plan.json")))
            as? [String: Any]
        let solutionData = try JSONSerialization.data(withJSONObject: try #require(result?["solution"]))
        let legal = try JSONDecoder().decode(LineupSolution.self, from: solutionData)
        #expect(LineupKind.verify(instance, legal).isEmpty, "the legal plan is legal")
        let legalObjective = LineupKind.objective(instance, legal)
        #if GLPK
            let report = try Engine.solve(
                instance, kind: LineupKind.self, options: InstanceOptions(method: .milp, timeLimitSeconds: 20, suggestSeconds: 0))
            #expect(report.status == .optimal)
        #else
            let report = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: .greedy, suggestSeconds: 0))
            #expect(report.status != .infeasible)
        #endif
        #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        if report.status == .optimal {
            let objective = try #require(report.objective)
            #expect(!LineupOracle.isBetter(legalObjective, than: objective), "engine \(objective) is worse than a legal plan's \(legalObjective)")
        }
    }
}
