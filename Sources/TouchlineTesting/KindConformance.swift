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

        // Codable keys against the schema, both ways.
        let encoder = JSONEncoder()
        if let encoded = try? encoder.encode(instance) {
            for warning in JSONFrontEnd.warnings(encoded) { fail("the schema lacks a key the instance types write: \(warning)") }
        } else {
            fail("the instance does not encode")
        }
        for path in SchemaProbe.unreadProperties(
            data, schema: Kind.schema,
            decodes: { probe in
                (try? JSONDecoder().decode(Kind.Instance.self, from: probe)) != nil
            })
        {
            fail("the schema lists \(path), which the instance types do not read")
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
                instance, kind: kind, options: InstanceOptions(timeLimitSeconds: milpSeconds), settings: RunSettings(reproducible: true))
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

/// The reverse of the unknown-field check: every property the schema lists, where the instance reaches it, is
/// read by the instance types. Each property is replaced in turn by a value no field accepts; if the instance
/// still decodes, the types ignored the key.
enum SchemaProbe {
    /// No field of any kind reads an array of arrays of booleans; an object would not do (a type whose fields
    /// are all optional decodes from any object).
    static var sentinel: [Any] { [[true]] }

    static func unreadProperties(_ data: Data, schema: String, decodes: (Data) -> Bool) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: data),
            let root = try? JSONSerialization.jsonObject(with: Data(schema.utf8)) as? [String: Any]
        else { return ["(the instance or the schema is not JSON)"] }
        var unread: [String] = []
        var seen: Set<String> = []
        walk(document, root, root: root, path: [], document: document, unread: &unread, seen: &seen, decodes: decodes)
        return unread
    }

    private static func resolve(_ schema: [String: Any], root: [String: Any]) -> [String: Any] {
        guard let reference = schema["$ref"] as? String, reference.hasPrefix("#/$defs/"),
            let definitions = root["$defs"] as? [String: Any],
            let target = definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any]
        else { return schema }
        return target
    }

    enum Step { case key(String), index(Int) }

    private static func walk(
        _ value: Any, _ rawSchema: [String: Any], root: [String: Any], path: [Step], document: Any,
        unread: inout [String], seen: inout Set<String>, decodes: (Data) -> Bool
    ) {
        let schema = resolve(rawSchema, root: root)
        if let object = value as? [String: Any], let properties = schema["properties"] as? [String: Any] {
            for (key, childSchema) in properties.sorted(by: { $0.key < $1.key }) {
                let label = (path.compactMap { if case let .key(k) = $0 { k } else { nil } } + [key]).joined(separator: ".")
                if !seen.contains(label) {
                    seen.insert(label)
                    let probe = replacing(document, at: path + [.key(key)], with: sentinel)
                    if let bytes = try? JSONSerialization.data(withJSONObject: probe), decodes(bytes) {
                        unread.append(label)
                    }
                }
                if let child = object[key], let childSchema = childSchema as? [String: Any] {
                    walk(
                        child, childSchema, root: root, path: path + [.key(key)], document: document,
                        unread: &unread, seen: &seen, decodes: decodes)
                }
            }
        } else if let array = value as? [Any], let items = schema["items"] as? [String: Any], let first = array.first {
            walk(
                first, items, root: root, path: path + [.index(0)], document: document,
                unread: &unread, seen: &seen, decodes: decodes)
        }
    }

    private static func replacing(_ value: Any, at path: [Step], with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        let rest = Array(path.dropFirst())
        switch step {
        case let .key(key):
            var object = value as? [String: Any] ?? [:]
            object[key] = replacing(object[key] as Any, at: rest, with: replacement)
            return object
        case let .index(index):
            var array = value as? [Any] ?? []
            guard index < array.count else { return array }
            array[index] = replacing(array[index], at: rest, with: replacement)
            return array
        }
    }
}
