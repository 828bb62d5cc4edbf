import Foundation
import Testing
import Touchline
import TouchlineMILP
import TouchlineTesting

@testable import TouchlineReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The evidence report: its arithmetic, its readers of other solvers' output, its charts, and a small run end
/// to end.
@Suite struct ReportTests {
    static func result(_ kind: String = "lineup", greedy: [Double], milp: [Double], status: String = "optimal", maximise: Bool = false)
        -> InstanceResult
    {
        func levels(_ values: [Double]) -> [ObjectiveLevel] {
            values.enumerated().map { index, value in
                var level = ObjectiveLevel("level\(index)", Int(value), maximise: maximise && index == 0)
                level.value = value
                return level
            }
        }
        return InstanceResult(
            kind: kind, name: "x", greedy: MethodResult(method: "greedy", status: "feasible", levels: levels(greedy)),
            milp: MethodResult(method: "milp", status: status, levels: levels(milp), gap: status == "optimal" ? 0 : 0.5),
            greedyOnlySeconds: 0.001)
    }

    @Test func greedyGapsAreMeasuredOnThePrimaryLevelInTheRightDirection() {
        #expect(Self.result(greedy: [120, 3], milp: [100, 5]).primaryGap == 0.2)
        #expect(Self.result(greedy: [90, 3], milp: [100, 5], maximise: true).primaryGap == 0.1)
        #expect(Self.result(greedy: [0, 3], milp: [0, 3]).primaryGap == 0)
        // A value of 0 is measured against 1, not divided by.
        #expect(Self.result(greedy: [2], milp: [0]).primaryGap == 2)
    }

    @Test func greedyIsOptimalOnlyWhenTheMILPProvesTheSameObjective() {
        let same = Self.result(greedy: [100, 5], milp: [100, 5])
        #expect(same.greedyOptimal == true)
        #expect(same.firstWorseLevel == nil)
        let worse = Self.result(greedy: [100, 7], milp: [100, 5])
        #expect(worse.greedyOptimal == false)
        #expect(worse.firstWorseLevel == "level1")
        #expect(Self.result(greedy: [100, 5], milp: [100, 5], status: "feasible").greedyOptimal == nil)
    }

    @Test func glpsolCBCAndHiGHSOutputsAreRead() {
        let glpsol = """
            Problem:    lineup
            Rows:       206
            Columns:    154 (150 integer, 150 binary)
            Non-zeros:  1000
            Status:     INTEGER OPTIMAL
            Objective:  obj = -12.5 (MAXimum)
            """
        let run = SolverRun(solver: "glpsol", seconds: 1, glpsolSolution: glpsol)
        #expect(run.status == "optimal" && run.objective == -12.5)
        let stopped = SolverRun(solver: "glpsol", seconds: 1, glpsolSolution: "Status:     INTEGER NON-OPTIMAL\nObjective:  obj = 10 (MINimum)\n")
        #expect(stopped.status == "time limit" && stopped.objective == 10)
        let none = SolverRun(solver: "glpsol", seconds: 1, glpsolSolution: "Status:     INTEGER UNDEFINED\nObjective:  obj = 0 (MINimum)\n")
        #expect(none.status == "time limit" && none.objective == nil)
        let empty = SolverRun(solver: "glpsol", seconds: 1, glpsolSolution: "Status:     INTEGER EMPTY\nObjective:  obj = 0 (MINimum)\n")
        #expect(empty.status == "infeasible" && empty.objective == nil)

        let cbc = SolverRun(solver: "cbc", seconds: 1, cbcSolution: "Optimal - objective value 10.00000000\n      0 x  1  5\n")
        #expect(cbc.status == "optimal" && cbc.objective == 10)
        let cbcStopped = SolverRun(solver: "cbc", seconds: 1, cbcSolution: "Stopped on time - objective value 12.00000000\n")
        #expect(cbcStopped.status == "time limit" && cbcStopped.objective == 12)
        let cbcInfeasible = SolverRun(solver: "cbc", seconds: 1, cbcSolution: "Infeasible - objective value 0.00000000\n")
        #expect(cbcInfeasible.status == "infeasible" && cbcInfeasible.objective == nil)
        // Before its limit an infeasible answer is CBC's proof; at the limit, its preprocessing was cut off.
        let cbcProof = SolverRun(solver: "cbc", seconds: 3, cbcSolution: "Infeasible - objective value 0.00000000\n", timeLimit: 10)
        #expect(cbcProof.status == "infeasible")
        let cbcCutOff = SolverRun(solver: "cbc", seconds: 10.1, cbcSolution: "Infeasible - objective value 0.00000000\n", timeLimit: 10)
        #expect(cbcCutOff.status == "time limit" && cbcCutOff.objective == nil && cbcCutOff.message != nil)

        let highs = SolverRun(solver: "highs", highsLine: "optimal 10.0 0.031\n")
        #expect(highs.status == "optimal" && highs.objective == 10 && highs.seconds == 0.031)
        let highsStopped = SolverRun(solver: "highs", highsLine: "time-limit none 30.0")
        #expect(highsStopped.status == "time limit" && highsStopped.objective == nil)
        #expect(SolverRun(solver: "highs", highsLine: "Traceback").status == "error")
        let banner = SolverRun(solver: "highs", highsLine: "Running HiGHS 1.16.0 (git hash: f3f113d)\nIncludes notices\noptimal 5.0 0.2\n")
        #expect(banner.status == "optimal" && banner.objective == 5)
    }

    @Test func disagreementsBetweenSolversAreFound() {
        func comparison(_ runs: [SolverRun], maximise: Bool = false) -> ModelComparison {
            ModelComparison(kind: "lineup", name: "x", level: "spread", maximise: maximise, variables: 1, constraints: 1, runs: runs)
        }
        let agree = comparison([
            SolverRun(solver: "touchline", status: "optimal", objective: 10),
            SolverRun(solver: "glpsol", status: "optimal", objective: 10.0000000001),
            SolverRun(solver: "cbc", status: "time limit", objective: 12),
            SolverRun(solver: "highs", status: "not installed")
        ])
        #expect(agree.disagreements.isEmpty)
        #expect(agree.optimum == 10)
        let differ = comparison([
            SolverRun(solver: "touchline", status: "optimal", objective: 10),
            SolverRun(solver: "highs", status: "optimal", objective: 9)
        ])
        #expect(differ.disagreements.count == 1)
        let infeasible = comparison([
            SolverRun(solver: "touchline", status: "optimal", objective: 10),
            SolverRun(solver: "cbc", status: "infeasible")
        ])
        #expect(infeasible.disagreements.count == 1)
        let beaten = comparison(
            [
                SolverRun(solver: "touchline", status: "optimal", objective: 10),
                SolverRun(solver: "glpsol", status: "time limit", objective: 11)
            ], maximise: true)
        #expect(beaten.disagreements.count == 1, "a solution above a proven maximum is a contradiction")
        let unprovenSolution = comparison([
            SolverRun(solver: "touchline", status: "infeasible"),
            SolverRun(solver: "glpsol", status: "time limit", objective: 20)
        ])
        #expect(unprovenSolution.disagreements.count == 1, "a proof of infeasibility against any solution found")
    }

    @Test func timeTargetsCompareProvenRunsWithNoiseAllowed() {
        let fast = SolverRun(solver: "touchline", status: "optimal", objective: 1, seconds: 1.0)
        let slow = SolverRun(solver: "touchline", status: "optimal", objective: 1, seconds: 4.0)
        let unproven = SolverRun(solver: "touchline", status: "time limit", objective: 1, seconds: 30)
        let other = SolverRun(solver: "glpsol", status: "optimal", objective: 1, seconds: 1.0)
        let otherStopped = SolverRun(solver: "glpsol", status: "time limit", seconds: 30)
        #expect(Report.noSlower(fast, than: other, factor: 1))
        #expect(!Report.noSlower(slow, than: other, factor: 1))
        #expect(!Report.noSlower(slow, than: other, factor: 3))
        #expect(Report.noSlower(SolverRun(solver: "touchline", status: "optimal", seconds: 3.2), than: other, factor: 3))
        #expect(!Report.noSlower(unproven, than: other, factor: 3))
        #expect(Report.noSlower(fast, than: otherStopped, factor: 1))
    }

    @Test func chartsAreWellFormedSVGWithEverySeries() throws {
        let chart = SVGChart(
            title: "lineup <&> test",
            panels: [
                SVGChart.Panel(
                    title: "Seconds", xLabel: "players", yLabel: "seconds", logarithmic: true,
                    series: [
                        SVGChart.Series(label: "MILP", colour: "#1f77b4", points: [(6, 0.01), (8, 0.5), (10, nil), (12, 10)]),
                        SVGChart.Series(label: "greedy", colour: "#ff7f0e", points: [(6, 0.001), (8, 0.002), (10, 0.003), (12, 0.004)])
                    ]),
                SVGChart.Panel(
                    title: "Gaps", xLabel: "players", yLabel: "percent",
                    series: [
                        SVGChart.Series(label: "gap", colour: "#2ca02c", points: [(6, 0), (8, 12.5), (10, 40), (12, 0)], dashed: true)
                    ])
            ])
        let svg = chart.render()
        let parser = XMLParser(data: Data(svg.utf8))
        let counter = ElementCounter()
        parser.delegate = counter
        #expect(parser.parse(), "the SVG is well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(counter.counts["svg"] == 1)
        // The MILP line breaks at its missing point: two polylines would need two points each, so (6, 8) is one
        // and (12) alone is a marker only; greedy is one line; the gap is one line.
        #expect(counter.counts["polyline"] == 3)
        #expect(counter.counts["circle"] == 3 + 4 + 4)
        #expect(svg.contains("lineup &lt;&amp;&gt; test"))
    }

    final class ElementCounter: NSObject, XMLParserDelegate {
        var counts: [String: Int] = [:]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            counts[name, default: 0] += 1
        }
    }

    /// A small run end to end: two shipped instances and the small series of every kind; every instance and
    /// every kind's chart in the Markdown; with glpsol installed, the exported models agree.
    @Test func aSmallReportCoversEveryKindAndInstance() throws {
        let root = Repository.root
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchline-report-test-\(UUID().uuidString)")
        let instances = folder.appendingPathComponent("instances")
        try FileManager.default.createDirectory(at: instances.appendingPathComponent("lineups"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: instances.appendingPathComponent("standings"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["lineups/u8-4v4.json", "standings/world-cup-2018-group-a.json", "standings/expected.json"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("instances/\(path)"), to: instances.appendingPathComponent(path))
        }
        var series: [String: [Int]] = [:]
        for kind in ProblemKinds.all { series[kind.name] = kind.generatorSize.smallSeries }
        let solvers = ExternalSolvers.detect(python: nil, highsScript: nil)
        let report = Report.run(
            ReportConfiguration(
                instancesDirectory: instances.path, series: series, timeLimit: 5, externalTimeLimit: 10, solvers: solvers,
                workDirectory: folder.appendingPathComponent("work").path, command: "test"))
        #expect(report.instances.map(\.name) == ["instances/lineups/u8-4v4.json", "instances/standings/world-cup-2018-group-a.json"])
        #expect(report.series.count == ProblemKinds.all.map { $0.generatorSize.smallSeries.count }.reduce(0, +))
        for result in report.instances + report.series {
            #expect(result.greedy.status != "error", "\(result.kind) \(result.name): \(result.greedy.message ?? "")")
            #expect(result.milp?.status != "error", "\(result.kind) \(result.name): \(result.milp?.message ?? "")")
            if Solvers.isMILPAvailable { #expect(result.milp?.hasPlan == true) }
        }
        let markdown = report.markdown()
        for kind in ProblemKinds.names {
            #expect(markdown.contains("![\(kind) scaling](charts/\(kind).svg)"))
            #expect(report.charts()[kind] != nil)
        }
        #expect(markdown.contains("instances/lineups/u8-4v4.json"))
        #expect(markdown.contains("## Targets") && markdown.contains("## Machine"))
        if Solvers.isMILPAvailable {
            // The lineup has a model; the group table is exact (no model).
            #expect(report.comparisons.map(\.name) == ["instances/lineups/u8-4v4.json"])
            for comparison in report.comparisons {
                #expect(comparison.disagreements.isEmpty, "\(comparison.disagreements)")
                #expect(comparison.run("touchline")?.isOptimal == true)
                if solvers.glpsol != nil {
                    #expect(comparison.run("glpsol")?.isOptimal == true)
                    #expect(comparison.run("glpsol")?.objective == comparison.run("touchline")?.objective)
                }
            }
        } else {
            #expect(report.comparisons.isEmpty)
        }
    }
}
