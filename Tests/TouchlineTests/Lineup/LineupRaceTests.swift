import Foundation
import Testing
import TouchlineMILP
import TouchlineTesting

@testable import Touchline

/// `method: auto` in the GLPK build on two cores: GLPK and the built-in solver at once, the first proof answers
/// (`Engine+Race.swift`). What is checked is what the answer claims, never which engine was faster.
@Suite struct LineupRaceTests {
    #if GLPK
        static var twoCores: Bool { ProcessInfo.processInfo.activeProcessorCount >= 2 }

        /// A raced answer is a proof one of the engines made, with the objective each engine proves alone, and
        /// `stats.race` says which answered and that the other was stopped.
        @Test(.enabled(if: twoCores), arguments: ["u10-7v7", "u10-pairs", "u12-pre-marked"])
        func theFirstProofAnswers(_ name: String) throws {
            let instance = try LineupOutputTests.load(name)
            let raced = try Engine.solve(instance, kind: LineupKind.self)
            let race = try #require(raced.stats.race, "auto races on two cores")
            #expect(raced.status == .optimal)
            #expect(race.proven)
            #expect(Engine.verify(instance, report: raced, kind: LineupKind.self).isEmpty)
            let answered = try #require(race.engines.first { $0.engine == race.winner })
            #expect(answered.status == "optimal" && !answered.stopped)
            #expect(race.engines.count == 2 && race.engines.filter(\.stopped).count <= 1)
            #expect(raced.method == (race.winner == "glpk" ? .milp : .builtin))
            for method in [InstanceOptions.Method.milp, .builtin] {
                let alone = try Engine.solve(instance, kind: LineupKind.self, options: InstanceOptions(method: method))
                #expect(alone.stats.race == nil)
                if alone.status == .optimal { #expect(alone.objective == raced.objective, "\(method)") }
            }
        }

        /// No race where the answer must not depend on timing, where it is switched off, and for the kinds the
        /// built-in solver does not serve.
        @Test func noRaceWhenReproducibleOrSwitchedOff() throws {
            let instance = try LineupOutputTests.load("u10-7v7")
            let reproducible = try Engine.solve(instance, kind: LineupKind.self, settings: RunSettings(reproducible: true))
            #expect(reproducible.stats.race == nil && reproducible.method == .milp)
            var off = RunSettings()
            off.race = false
            let alone = try Engine.solve(instance, kind: LineupKind.self, settings: off)
            #expect(alone.stats.race == nil && alone.method == .milp)
            #expect(!Engine.races(PitchesKind.self, method: .auto, settings: RunSettings()))
            #expect(!Engine.races(LineupKind.self, method: .milp, settings: RunSettings()))
        }

        /// A cancel of the whole solve stops both engines; the answer is still a verified plan.
        @Test(.enabled(if: twoCores)) func cancellingStopsBothEngines() throws {
            let instance = try LineupOutputTests.load("u14-11v11-22-hard")
            let control = SolveControl()
            control.cancel()
            let report = try Engine.solve(instance, kind: LineupKind.self, settings: RunSettings(control: control))
            let race = try #require(report.stats.race)
            #expect(!race.proven)
            #expect(report.solution != nil)
            #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
        }

        /// Once the race has answered, the stopped engine's events reach the caller no more, even while it winds
        /// down on its own thread.
        @Test(.enabled(if: twoCores)) func noEventsAfterTheAnswer() throws {
            final class Log: @unchecked Sendable {
                let lock = NSLock()
                var returned = false
                var before = 0
                var after = 0
                func record() {
                    lock.lock()
                    if returned { after += 1 } else { before += 1 }
                    lock.unlock()
                }
                func markReturned() {
                    lock.lock()
                    returned = true
                    lock.unlock()
                }
            }
            let log = Log()
            let instance = try LineupOutputTests.load("u10-7v7")
            let control = SolveControl { _ in log.record() }
            let report = try Engine.solve(instance, kind: LineupKind.self, settings: RunSettings(control: control))
            log.markReturned()
            let race = try #require(report.stats.race)
            #expect(race.proven)
            // Long enough for the stopped engine to reach its next check and finish its level.
            Thread.sleep(forTimeInterval: 1.5)
            log.lock.lock()
            defer { log.lock.unlock() }
            #expect(log.before > 0, "the race passes events on while it runs")
            #expect(log.after == 0, "\(log.after) events after the answer")
        }
    #endif
}
