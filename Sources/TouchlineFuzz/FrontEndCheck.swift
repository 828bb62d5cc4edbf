import Foundation
import Touchline
import TouchlineMILP

/// One input through every entry of the JSON front end, with the promises each one makes checked: validate and
/// solve agree on validity; every result is one line of JSON with a status; every plan passes `verify`; the same
/// input gives the same bytes; export works for every valid instance; text and calendar rendering never fail.
/// A crash or a hang is caught by the caller (``FuzzRun``); this returns every other broken promise.
package enum FrontEndCheck {
    package struct Steps: Sendable {
        /// Solve a second time and compare the bytes.
        package var repeatSolve = false
        /// Render the plan as text (and as a calendar for the kinds that have one).
        package var render = false
        /// Export the model as CPLEX LP.
        package var export = false
        /// Solve with the MILP under this time limit (seconds) as well.
        package var milpSeconds: Double?

        package init(repeatSolve: Bool = false, render: Bool = false, export: Bool = false, milpSeconds: Double? = nil) {
            self.repeatSolve = repeatSolve
            self.render = render
            self.export = export
            self.milpSeconds = milpSeconds
        }

        /// Every step (for regression inputs).
        package static let all = Steps(repeatSolve: true, render: true, export: true, milpSeconds: 0.2)
    }

    /// What happened to one input.
    package struct Outcome: Sendable {
        /// The status `solve` printed (`invalid`, `feasible`, ...), or nil when it printed none.
        package var status: String?
        /// The kind named by the input, or nil.
        package var kind: String?
        /// Broken promises, one sentence each (empty when every check held).
        package var failures: [String] = []
    }

    package static func run(_ data: Data, steps: Steps = Steps()) -> Outcome {
        var outcome = Outcome(status: nil, kind: JSONFrontEnd.kind(of: data)?.name)
        let issues = JSONFrontEnd.validate(data)
        for issue in issues where issue.description.contains(where: { $0.isNewline }) {
            outcome.failures.append("validate: an issue prints on more than one line: \(issue.description.prefix(200))")
        }
        _ = JSONFrontEnd.warnings(data)

        // A quarter of a second: a season tour's greedy search (16 teams and more) runs to its limit and answers
        // `unknown`, and at 2 s those few seeds took nine tenths of a run's time while checking nothing more.
        let greedy = InstanceOptions(method: .greedy, timeLimitSeconds: 0.25)
        let settings = RunSettings(reproducible: true)
        func solve(_ options: InstanceOptions, format: OutputFormat = .json) -> Result<FrontEndOutput, TouchlineError> {
            Result(catching: { () throws(TouchlineError) in try JSONFrontEnd.solve(data, options: options, settings: settings, format: format) })
        }
        /// An error that only a bug gives (a plan that failed its own verification, a solver failure).
        func isInternal(_ error: TouchlineError) -> Bool {
            switch error {
            case .verificationFailed, .solverFailure: true
            default: false
            }
        }
        let solved = solve(greedy)
        outcome.status = check(solved, data: data, valid: issues.isEmpty, label: "solve --method greedy", into: &outcome.failures)

        if steps.repeatSolve {
            let again = solve(greedy)
            if (try? again.get().output) != (try? solved.get().output) {
                outcome.failures.append("solve --method greedy --reproducible: two runs printed different bytes")
            }
        }
        if steps.render && issues.isEmpty {
            for format in [OutputFormat.text, .html, .ics, .csv] {
                switch solve(greedy, format: format) {
                case let .failure(error) where isInternal(error):
                    outcome.failures.append("solve --format \(format.rawValue): internal error: \(error.description.prefix(300))")
                case .failure:
                    break  // a kind without this format: a usage error, which is right
                case let .success(output):
                    if format == .html && output.output.range(of: "<script", options: .caseInsensitive) != nil {
                        outcome.failures.append("solve --format html: the input wrote markup into the page")
                    }
                    if format == .ics && !output.output.isEmpty {
                        let lines = output.output.components(separatedBy: "\r\n")
                        if lines.contains(where: { $0.contains("\n") || $0.contains("\r") }) {
                            outcome.failures.append("solve --format ics: a bare line break inside a content line")
                        }
                    }
                }
            }
        }
        if steps.export && issues.isEmpty {
            switch Result(catching: { () throws(TouchlineError) in try JSONFrontEnd.export(data, format: .lp) }) {
            case .success: break
            case let .failure(error): outcome.failures.append("export --format lp on a valid instance: \(error.description.prefix(300))")
            }
        }
        if let seconds = steps.milpSeconds, issues.isEmpty {
            let milp = solve(InstanceOptions(method: .milp, timeLimitSeconds: seconds, suggestSeconds: 0))
            if case .failure(.methodUnavailable) = milp {
            } else {
                _ = check(milp, data: data, valid: true, label: "solve --method milp --time-limit \(seconds)", into: &outcome.failures)
            }
        }
        return outcome
    }

    /// Checks one `solve` output; returns its status.
    static func check(
        _ result: Result<FrontEndOutput, TouchlineError>, data: Data, valid: Bool, label: String, into failures: inout [String]
    ) -> String? {
        let solved: FrontEndOutput
        switch result {
        case let .failure(error):
            failures.append("\(label): \(error.description.prefix(300))")
            return nil
        case let .success(output):
            solved = output
        }
        if solved.output.contains("\n") {
            failures.append("\(label): the JSON result spans more than one line")
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(solved.output.utf8))) as? [String: Any],
            let status = object["status"] as? String
        else {
            failures.append("\(label): the output is not a JSON object with a status: \(solved.output.prefix(200))")
            return nil
        }
        if valid != (status != "invalid") {
            let errors = (object["errors"] as? [[String: Any]] ?? []).map { "\($0["path"] ?? ""): \($0["message"] ?? "")" }
            failures.append(
                "\(label): validate says \(valid ? "valid" : "invalid") but solve printed status \(status) \(errors.joined(separator: "; ").prefix(300))"
            )
        }
        if solved.status.rawValue != status {
            failures.append("\(label): the JSON says status \(status), the front end \(solved.status.rawValue)")
        }
        if status != "invalid" {
            switch Result(catching: { () throws(TouchlineError) in try JSONFrontEnd.verify(instance: data, result: Data(solved.output.utf8)) }) {
            case let .success(violations):
                // The plan of an infeasible or unknown result lists the rules it breaks; verify names them too,
                // so only a plan that claims to keep every rule must verify clean.
                let claims = violations.filter { violation in
                    ["status ", "method:", "bound:", "gap:", "objective:", "stats.levels"].contains { violation.hasPrefix($0) }
                }
                if !claims.isEmpty || (!violations.isEmpty && (status == "optimal" || status == "feasible")) {
                    failures.append(
                        "\(label): verify found \(violations.count) violation(s) in a \(status) result: \(violations.prefix(3).joined(separator: " | ").prefix(400))"
                    )
                }
            case let .failure(error):
                failures.append("\(label): verify could not read its own result: \(error.description.prefix(300))")
            }
        }
        return status
    }
}
