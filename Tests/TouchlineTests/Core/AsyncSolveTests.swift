import Foundation
import Testing
import TouchlineMILP
import TouchlineTesting

@testable import Touchline

/// The async, cancellable, observable solve on real instances: an officials term and a lineup.
@Suite struct AsyncSolveTests {
    static let root = Repository.root

    static func load<Instance: Decodable>(_ type: Instance.Type, _ path: String) throws -> Instance {
        try JSONDecoder().decode(type, from: Data(contentsOf: root.appendingPathComponent("instances/\(path).json")))
    }

    /// Events collected from the solving thread.
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [SolveEvent] = []
        func add(_ event: SolveEvent) { lock.lock(); list.append(event); lock.unlock() }
        var all: [SolveEvent] { lock.lock(); defer { lock.unlock() }; return list }
    }

    @Test func asyncSolveReportsEveryLevelOfAnOfficialsTerm() async throws {
        let instance = try Self.load(OfficialsInstance.self, "officials/fieldgame-term")
        let events = Events()
        let report = try await Engine.solve(
            instance, kind: OfficialsKind.self, options: InstanceOptions(timeLimitSeconds: 3), progress: { events.add($0) })
        #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
        let all = events.all
        #expect(all.contains { if case .heuristic(let objective, _) = $0 { return objective != nil } else { return false } })
        #if GLPK
            let started = all.compactMap { if case let .levelStarted(name, _, _) = $0 { return name } else { return nil } }
            let finished = all.compactMap { if case let .levelFinished(name, _, _, _, _, _) = $0 { return name } else { return nil } }
            #expect(started == ["filled", "maxLoad", "travel", "repeatPairings"])
            #expect(finished == started)
        #endif
    }

    /// Cancelling the task stops a solve that would run 60 s: the answer comes back soon after, a legal plan
    /// labelled feasible with a warning that says it was cancelled.
    @Test(arguments: ["officials", "lineup"])
    func cancellingStopsTheSolveWithTheBestPlan(_ kind: String) async throws {
        #if GLPK
            let events = Events()
            let limit = InstanceOptions(timeLimitSeconds: 60)
            /// The report (nil for `CancellationError`), the seconds from `cancel()` to the answer, and whether a
            /// plan existed before the cancel (greedy's, reported by the `.heuristic` event).
            func run<Kind: ProblemKind>(_ instance: Kind.Instance, _: Kind.Type) async throws -> (SolveReport<Kind>?, Double, Bool) {
                let task = Task { try await Engine.solve(instance, kind: Kind.self, options: limit, progress: { events.add($0) }) }
                // Let it get into the MILP, then cancel.
                let clock = ContinuousClock.now
                // (On a loaded machine the lineup's listing and greedy can take many seconds before that.)
                while !events.all.contains(where: { if case .levelStarted = $0 { return true } else { return false } }),
                    (ContinuousClock.now - clock) < .seconds(50)
                {
                    try await Task.sleep(for: .milliseconds(20))
                }
                try await Task.sleep(for: .milliseconds(300))
                let hadPlan = events.all.contains { if case let .heuristic(objective, _) = $0 { return objective != nil } else { return false } }
                let cancelled = ContinuousClock.now
                task.cancel()
                var report: SolveReport<Kind>? = nil
                do { report = try await task.value } catch is CancellationError { report = nil }
                let latency = (ContinuousClock.now - cancelled).inSeconds
                print("touchline: \(kind) solve stopped \(String(format: "%.3f", latency)) s after the cancel")
                // A plan that existed before the cancel always comes back; without one, CancellationError.
                if hadPlan { #expect(report != nil, "\(kind): greedy had a plan, the cancelled solve returned none") }
                return (report, latency, hadPlan)
            }
            switch kind {
            case "officials":
                let instance = try Self.load(OfficialsInstance.self, "officials/fieldgame-term")
                let (answer, latency, _) = try await run(instance, OfficialsKind.self)
                let report = try #require(answer)
                #expect(report.status == .feasible)
                #expect(report.warnings.contains { $0.hasPrefix("cancelled") })
                #expect(Engine.verify(instance, report: report, kind: OfficialsKind.self).isEmpty)
                #expect(latency < 5, "a cancelled solve took \(latency) s to stop")
            default:
                // A colour-groups squad of 16 whose proof takes longer than 10 s on these machines.
                var instance = LineupKind.generate(size: 16, seed: 2)
                var rules = instance.rules ?? LineupRules()
                rules.mode = .colourGroups
                instance.rules = rules
                instance.colourGroups = ColourGroupRules(colours: ["red", "blue", "green"])
                let (answer, latency, _) = try await run(instance, LineupKind.self)
                #expect(latency < 5, "a cancelled solve took \(latency) s to stop")
                guard let report = answer else { return }  // cancelled before any plan (run checked greedy had none)
                if report.status == .feasible {
                    #expect(report.warnings.contains { $0.hasPrefix("cancelled") })
                }
                #expect(report.status == .feasible || report.status == .optimal)
                #expect(Engine.verify(instance, report: report, kind: LineupKind.self).isEmpty)
            }
        #endif
    }

    /// The modelling layer: a raised control stops a model before its first level, with no solution and the
    /// word "cancelled", and the solver never claims a proof.
    @Test func aCancelledControlStopsTheLexicographicSolve() throws {
        #if GLPK
            var model = Model()
            let x = model.addVariable("x", kind: .integer, lower: 0, upper: 10)
            model.add(1 * x >= 3, name: "c")
            model.minimize(1 * x, name: "x")
            let control = SolveControl()
            control.cancel()
            let result = GLPKSolver().solve(model, options: SolveOptions(control: control))
            #expect(result.values == nil)
            #expect(result.stopReason == .cancelled)
            #expect(result.message?.contains("cancelled") == true)
        #endif
    }
}
