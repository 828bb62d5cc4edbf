import Foundation
import Testing

/// Every error path of the CLI: a clear message naming the JSON path, the documented exit code, no crash,
/// and nothing but JSON (or nothing) on standard output.
@Suite struct ErrorPathTests {
    static let instance = #"""
        {"problem": "pitches",
         "pitches": [{"id": "a", "sizes": ["senior"]}, {"id": "b", "group": "South", "sizes": ["junior"]}],
         "matches": [{"id": "m1", "start": "2026-11-21T14:25", "durationMinutes": 60, "size": "senior"},
                     {"id": "m2", "start": "2026-11-21T14:25", "durationMinutes": 50, "size": "junior"}]}
        """#

    func solve(_ text: String, _ extra: [String] = []) throws -> Binary.Run {
        try Binary.run(["solve"] + extra + [try Binary.temporaryFile(text)])
    }

    func expectInvalid(_ run: Binary.Run, path: String, containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 65, sourceLocation: sourceLocation)
        let json = run.json
        #expect(json?["status"] as? String == "invalid", sourceLocation: sourceLocation)
        let errors = json?["errors"] as? [[String: Any]] ?? []
        let found = errors.contains { error in
            let message = (error["message"] as? String) ?? ""
            return (error["path"] as? String) == path && message.contains(fragment)
        }
        #expect(found, "errors: \(errors)", sourceLocation: sourceLocation)
        #expect(run.stderr.contains(path), sourceLocation: sourceLocation)
    }

    @Test func validInstanceSolves() throws {
        let run = try solve(Self.instance)
        #expect(run.status == 0)
    }

    /// An unknown field is a warning; one that is a near miss of a known field the object lacks (`preffered`
    /// for `preferred`) is an error, since the field meant would take its default, unless `--lenient`.
    @Test func unknownFieldsAreWarnedAboutNotDropped() throws {
        let extra = Self.instance.replacingOccurrences(of: "\"size\": \"junior\"}", with: "\"size\": \"junior\", \"colourOfBibs\": \"red\"}")
        let run = try solve(extra)
        #expect(run.status == 0)
        let warnings = run.json?["warnings"] as? [String] ?? []
        #expect(warnings.contains("matches[1].colourOfBibs: unknown field, ignored"), "\(warnings)")
        #expect(run.stderr.contains("colourOfBibs"))
        let text = Self.instance.replacingOccurrences(of: "\"size\": \"junior\"}", with: "\"size\": \"junior\", \"preffered\": [\"a\"]}")
        let refused = try solve(text)
        #expect(refused.status == 65)
        expectInvalid(refused, path: "matches[1].preffered", containing: "near miss of \"preferred\"")
        let lenient = try Binary.run(["solve", "--lenient", try Binary.temporaryFile(text)])
        #expect(lenient.status == 0)
        let lenientWarnings = lenient.json?["warnings"] as? [String] ?? []
        #expect(lenientWarnings.contains("matches[1].preffered: unknown field, ignored (did you mean \"preferred\"?)"), "\(lenientWarnings)")
        let validate = try Binary.run(["validate", try Binary.temporaryFile(text)])
        #expect(validate.status == 65)
        #expect(validate.stdout.contains("matches[1].preffered: unknown field, a near miss"), "\(validate.stdout)")
        let lenientValidate = try Binary.run(["validate", "--lenient", try Binary.temporaryFile(text)])
        #expect(lenientValidate.status == 0)
        #expect(lenientValidate.stderr.contains("matches[1].preffered: unknown field, ignored"))
    }

    /// A value outside a fixed set names every allowed value and the nearest one; a misspelt field's warning
    /// names the field it may have meant.
    @Test func choicesAndMisspeltFieldsNameWhatIsAllowed() throws {
        var lineup = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "instances/lineups/u10-7v7.json"))) as? [String: Any])
        var rules = lineup["rules"] as? [String: Any] ?? [:]
        rules["mode"] = "balance"
        lineup["rules"] = rules
        var players = try #require(lineup["players"] as? [[String: Any]])
        var match = try #require(lineup["match"] as? [String: Any])
        match["substitutions"] = ["every": 5]
        lineup["match"] = match
        func text() throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: lineup), as: UTF8.self) }
        let run = try Binary.run(["validate", try Binary.temporaryFile(try text())])
        #expect(run.status == 65)
        #expect(
            run.stdout.contains(
                "rules.mode: expected one of \"balanced\", \"turnBased\", \"preMarked\", \"colourGroups\", got \"balance\" (did you mean \"balanced\"?)"
            ),
            "\(run.stdout)")
        rules["mode"] = "balanced"
        lineup["rules"] = rules
        players[1]["status"] = "injured "
        lineup["players"] = players
        let status = try Binary.run(["validate", try Binary.temporaryFile(try text())])
        #expect(status.status == 65)
        #expect(
            status.stdout.contains(
                "players[1].status: expected one of \"available\", \"injured\", \"unavailable\", got \"injured \" (did you mean \"injured\"?)"),
            "\(status.stdout)")
        players[1]["status"] = "injured"
        lineup["players"] = players
        let refused = try Binary.run(["validate", try Binary.temporaryFile(try text())])
        #expect(refused.status == 65)
        #expect(refused.stdout.contains("match.substitutions.every: unknown field, a near miss of \"everyMinutes\""), "\(refused.stdout)")
        let warned = try Binary.run(["validate", "--lenient", try Binary.temporaryFile(try text())])
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("match.substitutions.every: unknown field, ignored (did you mean \"everyMinutes\"?)"), "\(warned.stderr)")
    }

    @Test func notJSON() throws {
        let run = try solve("{\"problem\": \"pitches\", ")
        #expect(run.status == 65)
        let message = (run.json?["errors"] as? [[String: Any]])?.first?["message"] as? String
        #expect(message?.contains("JSON") == true, "\(String(describing: message))")
    }

    @Test func missingProblem() throws {
        expectInvalid(try solve("{}"), path: "problem", containing: "expected one of lineup, pitches, officials, matchday, standings")
    }

    @Test func unknownProblem() throws {
        expectInvalid(try solve(#"{"problem": "cricket"}"#), path: "problem", containing: "unknown problem kind \"cricket\"")
    }

    @Test func wrongType() throws {
        let text = Self.instance.replacingOccurrences(of: "\"durationMinutes\": 50", with: "\"durationMinutes\": \"fifty\"")
        expectInvalid(try solve(text), path: "matches[1].durationMinutes", containing: "whole number")
    }

    @Test func missingField() throws {
        let text = Self.instance.replacingOccurrences(of: "\"size\": \"junior\"}", with: "\"sizes\": \"junior\"}")
        expectInvalid(try solve(text), path: "matches[1].size", containing: "missing")
    }

    @Test func badDate() throws {
        let text = Self.instance.replacingOccurrences(
            of: "2026-11-21T14:25\", \"durationMinutes\": 50", with: "2026-02-30T14:25\", \"durationMinutes\": 50")
        expectInvalid(try solve(text), path: "matches[1].start", containing: "invalid date-time")
    }

    @Test func unknownReference() throws {
        let text = Self.instance.replacingOccurrences(of: "\"size\": \"junior\"}", with: "\"size\": \"junior\", \"pitch\": \"zz\"}")
        expectInvalid(try solve(text), path: "matches[1].pitch", containing: "unknown pitch \"zz\"")
    }

    @Test func duplicateIds() throws {
        let text = Self.instance.replacingOccurrences(of: "\"id\": \"m2\"", with: "\"id\": \"m1\"")
        expectInvalid(try solve(text), path: "matches[1].id", containing: "duplicate")
    }

    @Test func badOptions() throws {
        let text = Self.instance.replacingOccurrences(
            of: "{\"problem\": \"pitches\",", with: "{\"problem\": \"pitches\", \"options\": {\"timeLimitSeconds\": -2, \"method\": \"auto\"},")
        expectInvalid(try solve(text), path: "options.timeLimitSeconds", containing: "above 0")
    }

    @Test func unknownMethod() throws {
        let text = Self.instance.replacingOccurrences(
            of: "{\"problem\": \"pitches\",", with: "{\"problem\": \"pitches\", \"options\": {\"method\": \"magic\"},")
        let run = try solve(text)
        #expect(run.status == 65)
        #expect(run.stderr.contains("options.method"))
    }

    @Test func missingFile() throws {
        let run = try Binary.run(["solve", "/nonexistent/instance.json"])
        #expect(run.status == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("cannot read"))
    }

    @Test func badUsage() throws {
        let run = try Binary.run(["solve", "--jobs", "0", "instances/pitches/late-change.json"])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
    }

    @Test func infeasibleSaysWhy() throws {
        let run = try Binary.run(["solve", "instances/pitches/pinned-clash.json"])
        #expect(run.status == 2)
        #expect(run.json?["status"] as? String == "infeasible")
        let reason = run.json?["reason"] as? String
        #expect(reason?.contains("final and semi") == true)
    }

    /// Solves `late-change`, edits the assignments of the printed result, and runs `verify` on it.
    func verifyTamperedLateChange(_ edit: (inout [String: String]) -> Void) throws -> Binary.Run {
        let instance = "instances/pitches/late-change.json"
        let solved = try Binary.run(["solve", instance])
        #expect(solved.status == 0)
        var json = try #require(solved.json)
        var solution = try #require(json["solution"] as? [String: Any])
        var assignments = try #require(solution["assignments"] as? [String: String])
        edit(&assignments)
        solution["assignments"] = assignments
        json["solution"] = solution
        let tampered = String(decoding: try JSONSerialization.data(withJSONObject: json), as: UTF8.self)
        return try Binary.run(["verify", instance, try Binary.temporaryFile(tampered)])
    }

    @Test func verifyCatchesATamperedResult() throws {
        // Put m1 on the pitch that is closed all afternoon.
        let run = try verifyTamperedLateChange { $0["m1"] = "agars-1" }
        #expect(run.status == 1)
        #expect(run.stdout.contains("closed"))
        #expect(run.stdout.contains("usage"))
        #expect(run.stdout.contains("objective"))
    }

    @Test func verifyCatchesADroppedMatch() throws {
        let run = try verifyTamperedLateChange { $0["m3"] = nil }
        #expect(run.status == 1)
        #expect(run.stdout.contains("m3 is neither placed nor listed as unplaced"))
    }

    @Test func validateListsEveryProblem() throws {
        let text = Self.instance
            .replacingOccurrences(of: "\"id\": \"m2\"", with: "\"id\": \"m1\"")
            .replacingOccurrences(of: "\"durationMinutes\": 60", with: "\"durationMinutes\": 0")
        let run = try Binary.run(["validate", try Binary.temporaryFile(text)])
        #expect(run.status == 65)
        #expect(run.stdout.contains("matches[1].id"))
        #expect(run.stdout.contains("matches[0].durationMinutes"))
        let good = try Binary.run(["validate", "instances/pitches/late-change.json"])
        #expect(good.status == 0)
    }

    /// Mistakes of every sort in one document (a wrong type, two values outside their sets, a number out of range,
    /// a missing required field, a date that does not exist, an unknown reference) are all named by one `validate`,
    /// in one pass, each once; `--strict` adds the misspelt field as an error.
    @Test func validateNamesMistakesOfEverySortInOnePass() throws {
        let lineup = """
            {"problem": "lineup",
             "match": {"periods": 2, "periodMinutes": "twenty", "substitutions": {"every": 5}},
             "formation": {"GK": 1, "DEF": 2, "MID": 2, "FWD": 2},
             "players": [{"id": "p1", "positions": ["GK"]}, {"id": "p2", "positions": ["DEF"], "status": "injured "},
                         {"id": "p3", "positions": ["MID"]}, {"id": "p4", "positions": ["FWD"], "arrivesAt": -3},
                         {"id": "p5"}],
             "rules": {"mode": "balance", "minShare": 1.5},
             "locks": [{"player": "p9", "from": 0, "to": 1, "onField": true}]}
            """
        let run = try Binary.run(["validate", try Binary.temporaryFile(lineup)])
        #expect(run.status == 65)
        let expected = [
            "match.periodMinutes: expected a whole number, got a string",
            "players[1].status: expected one of \"available\", \"injured\", \"unavailable\", got \"injured \" (did you mean \"injured\"?)",
            "players[4].positions: required field is missing",
            "rules.mode: expected one of \"balanced\", \"turnBased\", \"preMarked\", \"colourGroups\", got \"balance\" (did you mean \"balanced\"?)",
            "players[3].arrivesAt: expected a whole number from 0 to 720, got -3",
            "rules.minShare: expected a number from 0 to 1, got 1.5",
            "locks[0].player: unknown player \"p9\"; expected one of the players' ids"
        ]
        let nearMiss =
            "match.substitutions.every: unknown field, a near miss of \"everyMinutes\", which would take its default: rename it (or solve with --lenient, options.lenient, to ignore it)"
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines == expected + [nearMiss], "\(run.stdout)")
        let lenient = try Binary.run(["validate", "--lenient", try Binary.temporaryFile(lineup)])
        #expect(lenient.stdout.split(separator: "\n").map(String.init) == expected, "\(lenient.stdout)")
        #expect(lenient.stderr.contains("match.substitutions.every: unknown field, ignored (did you mean \"everyMinutes\"?)"))
        let strict = try Binary.run(["validate", "--strict", try Binary.temporaryFile(lineup)])
        #expect(
            strict.stdout.split(separator: "\n").map(String.init)
                == expected + ["match.substitutions.every: unknown field (did you mean \"everyMinutes\"?)"], "\(strict.stdout)")
        // A date that does not exist is the decoder's to find; the rest of the document is still checked.
        let dated = Self.instance
            .replacingOccurrences(of: "2026-11-21T14:25\", \"durationMinutes\": 50", with: "2026-02-30T14:25\", \"durationMinutes\": 50")
            .replacingOccurrences(of: "\"id\": \"m2\"", with: "\"id\": \"m1\"")
            .replacingOccurrences(of: "\"size\": \"junior\"}", with: "\"size\": 7}")
        let both = try Binary.run(["validate", try Binary.temporaryFile(dated)])
        #expect(both.status == 65)
        for path in ["matches[1].start", "matches[1].id", "matches[1].size"] {
            #expect(both.stdout.contains("\(path):"), "\(path) in \(both.stdout)")
        }
        // The same through solve: an invalid result with every problem, and options.strict from the instance.
        let solved = try Binary.run(["solve", try Binary.temporaryFile(lineup)])
        #expect(solved.status == 65)
        #expect((solved.json?["errors"] as? [[String: Any]])?.count == expected.count + 1)
        let strictInstance = lineup.replacingOccurrences(
            of: "{\"problem\": \"lineup\",", with: "{\"problem\": \"lineup\", \"options\": {\"strict\": true},")
        let strictSolve = try Binary.run(["solve", try Binary.temporaryFile(strictInstance)])
        #expect((strictSolve.json?["errors"] as? [[String: Any]])?.count == expected.count + 1)
    }

    /// What a newcomer met: a wrong match length does not make a late arrival's minute look wrong too; a
    /// misspelt field's warning is on the printed sheet as well; a file that cannot be read says why and where.
    @Test func followOnErrorsWarningsAndMissingFilesSayWhatHappened() throws {
        let squad = try String(contentsOf: Binary.root.appendingPathComponent("instances/lineups/quick-start.json"), encoding: .utf8)
        let broken = squad.replacingOccurrences(of: "\"periodMinutes\": 20", with: "\"periodMinutes\": \"twenty\"")
            .replacingOccurrences(of: "\"name\": \"Gus\",", with: "\"name\": \"Gus\", \"arrivesAt\": 15,")
        let run = try Binary.run(["validate", try Binary.temporaryFile(broken)])
        #expect(run.stdout.split(separator: "\n") == ["match.periodMinutes: expected a whole number, got a string"], "\(run.stdout)")
        let misspelt = squad.replacingOccurrences(of: "\"minShare\"", with: "\"minshare\"")
        let refused = try Binary.run(["solve", "--format", "text", try Binary.temporaryFile(misspelt)])
        #expect(refused.status == 65)
        #expect(refused.stdout.contains("rules.minshare"), "\(refused.stdout)")
        let text = try Binary.run(["solve", "--lenient", "--format", "text", try Binary.temporaryFile(misspelt)])
        #expect(text.status == 0)
        #expect(text.stdout.contains("warning: rules.minshare: unknown field, ignored (did you mean \"minShare\"?)"), "\(text.stdout)")
        let missing = try Binary.run(["validate", "no-such-squad.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no-such-squad.json") && missing.stderr.contains("no such file"), "\(missing.stderr)")
    }

    /// `touchline --help` names every documented exit code.
    @Test func helpListsEveryExitCode() throws {
        let help = try Binary.run(["--help"])
        #expect(help.status == 0)
        let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
        for code in [0, 1, 2, 3, 64, 65, 66, 69, 70, 73, 74] {
            #expect(text.contains(" \(code) "), "exit code \(code) is not in --help")
        }
    }

    @Test func schemaIsJSONAndUnknownKindIsUsage() throws {
        let run = try Binary.run(["schema", "pitches"])
        #expect(run.status == 0)
        #expect(run.json?["title"] as? String == "Touchline pitches instance")
        let unknown = try Binary.run(["schema", "cricket"])
        #expect(unknown.status == 64)
    }

    #if GLPK
        @Test func exportWritesLPAndMPS() throws {
            for format in ["lp", "mps"] {
                let run = try Binary.run(["export", "--format", format, "instances/pitches/late-change.json"])
                #expect(run.status == 0)
                #expect(run.stdout.contains("x(m1,agars_3)"))
            }
            let level = try Binary.run(["export", "--format", "lp", "--level", "3", "instances/pitches/late-change.json"])
            #expect(level.status == 0)
            #expect(level.stdout.contains("hold_placed"))
            #expect(level.stdout.contains("hold_changes"))
            let bad = try Binary.run(["export", "--format", "lp", "--level", "9", "instances/pitches/late-change.json"])
            #expect(bad.status == 64)
            #expect(bad.stderr.contains("--level: expected a level from 0 to"), "\(bad.stderr)")
        }

        /// `--hold` writes the same model as solving the earlier levels here, when given the values a solve reports
        /// (the way another solver checks a result level by level), and refuses a wrong count or a non-number.
        @Test func exportHoldsTheGivenLevelValues() throws {
            let instance = "instances/pitches/late-change.json"
            let solved = try Binary.run(["solve", instance])
            let levels = try #require((solved.json?["stats"] as? [String: Any])?["levels"] as? [[String: Any]])
            let values = levels.prefix(3).compactMap { ($0["value"] as? NSNumber)?.doubleValue }
            #expect(values.count == 3)
            let solvedHere = try Binary.run(["export", "--format", "lp", "--level", "3", instance])
            let held = try Binary.run([
                "export", "--format", "lp", "--level", "3", "--hold",
                values.map { String($0) }.joined(separator: ","), instance
            ])
            #expect(held.status == 0, "\(held.stderr)")
            #expect(held.stdout == solvedHere.stdout)
            let shifted = try Binary.run([
                "export", "--format", "lp", "--level", "3", "--hold",
                ([values[0] - 1] + values.dropFirst()).map { String($0) }.joined(separator: ","), instance
            ])
            #expect(shifted.status == 0)
            #expect(shifted.stdout != solvedHere.stdout)
            let short = try Binary.run(["export", "--format", "lp", "--level", "3", "--hold", "1,2", instance])
            #expect(short.status == 64)
            #expect(short.stderr.contains("--hold: expected 3 finite values"), "\(short.stderr)")
            let word = try Binary.run(["export", "--format", "lp", "--level", "1", "--hold", "many", instance])
            #expect(word.status == 64)
            #expect(word.stderr.contains("--hold"), "\(word.stderr)")
        }
    #else
        @Test func exportHoldsGivenValuesWithoutGLPK() throws {
            let run = try Binary.run(["export", "--format", "lp", "--level", "1", "--hold", "5", "instances/pitches/late-change.json"])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("hold_placed"))
        }

        @Test func milpIsUnavailableInTheGreedyBuild() throws {
            let run = try Binary.run(["solve", "--method", "milp", "instances/pitches/late-change.json"])
            #expect(run.status == 69)
            #expect(run.stderr.contains("GLPK"))
        }
    #endif
}
