import Foundation
import Touchline
import TouchlineMILP

/// The promises every problem kind keeps, checked the same way for each (a kind's test calls
/// ``check(_:instances:tamper:milpSeconds:)`` and expects no failures):
///
/// - every shipped and generated instance decodes and validates;
/// - every key the instance types encode is in the kind's hand-written JSON Schema, and every property the
///   schema lists (where an instance reaches it) is read by the instance types;
/// - greedy's plan passes the independent verifier;
/// - the engine's answer is never worse than greedy's, its objective is the one recomputed from its plan, and
///   the report survives a JSON round trip and `verify`;
/// - a tampered plan and a forged claim are caught by `verify`.
package enum KindConformance {
    /// Every broken promise, in words; empty when the kind keeps them all.
    ///
    /// - Parameters:
    ///   - instances: shipped instance files; those of other kinds are skipped. The generator adds two
    ///     instances of the kind's small series.
    ///   - tamper: breaks a rule of a legal plan (drop a player, double-book an official), for the verifier
    ///     to catch.
    ///   - milpSeconds: the time limit of the engine's solves (auto method: the MILP where this build has GLPK).
    package static func check<Kind: ProblemKind>(
        _ kind: Kind.Type, instances: [URL], tamper: (inout Kind.Solution) -> Void, milpSeconds: Double = 2
    ) -> [String] {
        var failures: [String] = []
        var documents: [(label: String, data: Data)] = []
        for url in instances {
            guard let data = try? Data(contentsOf: url), JSONFrontEnd.kind(of: data)?.name == Kind.name else { continue }
            documents.append((url.lastPathComponent, data))
        }
        for size in Kind.generatorSize.smallSeries.prefix(2) {
            switch Result(catching: { () throws(TouchlineError) in try JSONFrontEnd.generate(kind: Kind.name, size: size, seed: 1) }) {
            case let .success(text): documents.append(("generated size \(size)", Data(text.utf8)))
            case let .failure(error): failures.append("generate size \(size): \(error)")
            }
        }
        if documents.isEmpty { failures.append("no instance of \(Kind.name) to check") }
        for (label, data) in documents {
            failures += checkInstance(kind, label: label, data: data, tamper: tamper, milpSeconds: milpSeconds)
        }
        return failures
    }

    static func checkInstance<Kind: ProblemKind>(
        _ kind: Kind.Type, label: String, data: Data, tamper: (inout Kind.Solution) -> Void, milpSeconds: Double
    ) -> [String] {
        var failures: [String] = []
        func fail(_ text: String) { failures.append("\(label): \(text)") }
        let instance: Kind.Instance
        switch Result(catching: { () throws(TouchlineError) in try Kind.decodeInstance(data) }) {
        case let .failure(error):
            fail("does not decode: \(error.description.prefix(300))")
            return failures
        case let .success(decoded):
            instance = decoded
        }
        let issues = JSONFrontEnd.validate(data)
        if !issues.isEmpty { fail("does not validate: \(issues.prefix(3).map(\.description))") }

        // Codable keys against the schema: every key the instance types write is in the schema (the schema's
        // fields against the model's, both ways and for every field, are SchemaModelTests').
        let encoder = JSONEncoder()
        if let encoded = try? encoder.encode(instance) {
            for warning in JSONFrontEnd.warnings(encoded) { fail("the schema lacks a key the instance types write: \(warning)") }
        } else {
            fail("the instance does not encode")
        }

        // Greedy's plan keeps every rule (where no collision is seen before solving: the engine runs greedy only
        // then).
        let prepared = Kind.prepare(instance)
        let greedy = Kind.preCheck(prepared) == nil ? Kind.greedy(prepared, seconds: milpSeconds) : nil
        if let greedy {
            let violations = Kind.verify(instance, greedy)
            if !violations.isEmpty { fail("greedy's plan breaks rules: \(violations.prefix(3))") }
        }

        // The engine: never worse than greedy, honest objective, a report that survives JSON and verify.
        let report: SolveReport<Kind>
        do {
            report = try Engine.solve(
                instance, kind: kind, options: InstanceOptions(timeLimitSeconds: milpSeconds, suggestSeconds: 0),
                settings: RunSettings(reproducible: true))
        } catch {
            fail("the engine failed: \(error.description.prefix(300))")
            return failures
        }
        guard let solution = report.solution else {
            if report.status == .optimal || report.status == .feasible { fail("status \(report.status) without a plan") }
            return failures
        }
        let recomputed = Kind.objective(instance, solution)
        if report.objective != recomputed { fail("reported objective \(String(describing: report.objective)) but the plan gives \(recomputed)") }
        let keeps = report.status == .optimal || report.status == .feasible
        if keeps, let greedy, Kind.isBetter(Kind.objective(instance, greedy), than: recomputed) {
            fail("greedy's plan is better than the engine's answer")
        }
        do {
            let decoded = try JSONDecoder().decode(SolveReport<Kind>.self, from: encoder.encode(report))
            let violations = Engine.verify(instance, report: decoded, kind: kind)
            let claims = violations.filter { violation in
                ["status ", "method:", "bound:", "gap:", "objective:", "stats.levels"].contains { violation.hasPrefix($0) }
            }
            if keeps ? !violations.isEmpty : !claims.isEmpty {
                fail("verify refuses the engine's own report after a JSON round trip: \(violations.prefix(3))")
            }
        } catch {
            fail("the report does not survive a JSON round trip: \(error)")
        }

        // Tampering is caught.
        if keeps {
            var tampered = report
            var plan = solution
            tamper(&plan)
            tampered.solution = plan
            if Engine.verify(instance, report: tampered, kind: kind).isEmpty { fail("verify accepts a tampered plan") }
            var forged = report
            forged.status = .optimal
            forged.method = .greedy
            if Engine.verify(instance, report: forged, kind: kind).isEmpty { fail("verify accepts greedy's plan labelled optimal") }
        }
        return failures
    }
}
