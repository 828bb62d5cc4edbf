import Foundation
import Touchline
import TouchlineMILP

/// One target of the performance brief and how this run measured against it.
package struct TargetCheck: Sendable, Equatable {
    package var target: String
    /// How many cases met it, of how many.
    package var met: Int
    package var total: Int
    /// The cases that missed, each with by how much.
    package var misses: [String]
    /// True when the target asks for most (not all) cases.
    package var most: Bool

    package var isMet: Bool { total > 0 && (most ? met * 2 > total : met == total) }
}

extension Report {
    /// The kinds in the registry's order (``ProblemKinds``: the one list of kinds).
    static var kindOrder: [String] { ProblemKinds.names }

    /// The targets of the performance brief, checked against this run's numbers.
    package var targets: [TargetCheck] {
        var checks: [TargetCheck] = []
        func proven(_ result: InstanceResult, within limit: Double) -> Bool {
            guard let milp = result.milp else { return false }
            return (milp.status == "optimal" || milp.status == "infeasible") && milp.seconds < limit
        }
        func miss(_ result: InstanceResult) -> String {
            guard let milp = result.milp else { return "\(result.name): no MILP in this build" }
            let gap = milp.gap.map { ", gap \(Self.percent($0))" } ?? ""
            return "\(result.kind) \(result.name): \(milp.status) in \(Self.seconds(milp.seconds)) s\(gap)"
        }
        func check(_ target: String, _ cases: [InstanceResult], limit: Double, most: Bool = false) {
            guard !cases.isEmpty else { return }
            let misses = cases.filter { !proven($0, within: limit) }
            checks.append(TargetCheck(target: target, met: cases.count - misses.count, total: cases.count, misses: misses.map(miss), most: most))
        }
        let lineups = instances.filter { $0.kind == "lineup" }
        check("Shipped lineups proven optimal (or infeasible) with a median under 1 s (more than half in under 1 s)", lineups, limit: 1, most: true)
        check("Every shipped lineup proven optimal (or infeasible) in under 5 s", lineups, limit: 5)
        check(
            "A 300-match term proven optimal in under 10 s (shipped terms and generated size 300)",
            instances.filter { $0.name.contains("term") } + series.filter { $0.size == 300 }, limit: 10)
        check(
            "Standings analysis of a 20-team league proven in under 10 s (shipped analyses and generated size 20)",
            instances.filter { $0.name.contains("standings/analysis/") } + series.filter { $0.kind == "standings" && $0.size == 20 },
            limit: 10)
        check(
            "Every other shipped instance proven optimal within the \(Self.seconds(timeLimit)) s limit",
            instances.filter { $0.kind != "lineup" && !$0.name.contains("term") && !$0.name.contains("standings/analysis/") },
            limit: timeLimit + 0.5)

        func speed(_ target: String, against solver: String, factor: Double) {
            let cases = comparisons.filter { ($0.run(solver)?.status ?? "not installed") != "not installed" }
            guard !cases.isEmpty else { return }
            let misses = cases.filter { !Self.noSlower($0.run("touchline"), than: $0.run(solver), factor: factor) }
            checks.append(
                TargetCheck(
                    target: target, met: cases.count - misses.count, total: cases.count,
                    misses: misses.map { Self.timeMiss($0, against: solver) }, most: false))
        }
        speed(
            "In-process Touchline-on-GLPK no slower than glpsol on the same exported model (level 0; 10 % or 0.05 s of noise allowed)",
            against: "glpsol", factor: 1)
        speed("In-process Touchline-on-GLPK within 3× of CBC on the same model (level 0)", against: "cbc", factor: 3)
        let slowGreedy = instances.filter { $0.greedyOnlySeconds >= 0.01 }
        checks.append(
            TargetCheck(
                target: "Greedy under 10 ms on every shipped instance", met: instances.count - slowGreedy.count,
                total: instances.count, misses: slowGreedy.map { "\($0.kind) \($0.name): \(Self.seconds($0.greedyOnlySeconds)) s" },
                most: false))
        let compared = instances.filter { $0.primaryGap != nil }
        let far = compared.filter { $0.primaryGap! > 0.10 + Tolerance.exact }
        checks.append(
            TargetCheck(
                target: "Greedy within 10 % of the MILP's primary objective on most shipped instances",
                met: compared.count - far.count, total: compared.count,
                misses: far.map { "\($0.kind) \($0.name): \(Self.percent($0.primaryGap!)) worse on \($0.milp?.levels.first?.name ?? "")" },
                most: true))
        return checks
    }

    /// True when `run` proved the optimum no slower than `factor` × `other` (with 10 % or 0.05 s of noise),
    /// or `other` proved nothing while `run` did.
    static func noSlower(_ run: SolverRun?, than other: SolverRun?, factor: Double) -> Bool {
        guard let run, run.isOptimal else { return false }
        guard let other, other.isOptimal else { return true }
        return run.seconds <= max(other.seconds * factor * 1.1, other.seconds * factor + 0.05)
    }

    static func timeMiss(_ comparison: ModelComparison, against solver: String) -> String {
        let own = comparison.run("touchline")!
        let other = comparison.run(solver)!
        let ownText = own.isOptimal ? "\(Self.seconds(own.seconds)) s" : "not proven in \(Self.seconds(own.seconds)) s"
        let ratio = own.isOptimal && other.isOptimal && other.seconds > 0 ? String(format: " (%.1f×)", own.seconds / other.seconds) : ""
        let otherText = other.isOptimal ? "\(Self.seconds(other.seconds)) s" : "\(other.status) after \(Self.seconds(other.seconds)) s"
        return "\(comparison.kind) \(comparison.name): Touchline \(ownText), \(solver) \(otherText)\(ratio)"
    }

    // MARK: - Markdown

    /// The report as Markdown; charts are referenced as `\(chartsFolder)/KIND.svg` (see ``charts()``).
    package func markdown(chartsFolder: String = "charts") -> String {
        var out = """
            # Touchline evidence report

            Generated by `\(command)` on \(date) in \(String(format: "%.1f", minutes)) minutes. Every number below \
            was measured in that run on the machine described here; nothing is copied from an earlier run except \
            the hand-kept [history](#history). Each solve had \(Self.seconds(timeLimit)) s (the shipped instances' \
            own limit is overridden); each external solver \(Self.seconds(externalTimeLimit)) s per model. Timings \
            on a shared 2-core machine are noisy: compare ratios within this report, not across reports.

            ## Machine

            | | |
            |---|---|
            | CPU | \(machine.cpu), \(machine.cores) cores |
            | Memory | \(String(format: "%.1f", machine.memoryGiB)) GiB |
            | System | \(machine.system) |
            | Swift | \(machine.swift) |
            | In-process MILP | \(machine.glpk) |
            | glpsol | \(machine.solvers["glpsol"] ?? "not installed") |
            | CBC | \(machine.solvers["cbc"] ?? "not installed") |
            | HiGHS | \(machine.solvers["highs"] ?? "not installed") |

            ## Targets

            | Target | Met | Verdict |
            |---|---|---|

            """
        for check in targets {
            out += "| \(check.target) | \(check.met) of \(check.total) | \(check.isMet ? "met" : "**missed**") |\n"
        }
        let missed = targets.filter { !$0.misses.isEmpty }
        if !missed.isEmpty {
            out += "\nWhere the targets miss, and by how much:\n"
            for check in missed {
                out += "\n- \(check.target):\n"
                for line in check.misses { out += "  - \(line)\n" }
            }
        }
        let disagreements = comparisons.flatMap { comparison in comparison.disagreements.map { "\(comparison.kind) \(comparison.name): \($0)" } }
        out += "\n## Solver agreement\n\n"
        if comparisons.isEmpty {
            out += "No exported model was solved (no GLPK in this build, or `--no-compare`).\n"
        } else if disagreements.isEmpty {
            out +=
                "On all \(comparisons.count) exported models, every solver that proved an optimum proved the same one, none declared a model infeasible that another solved, and no solution beat a proven optimum.\n"
        } else {
            out += "**Defects: solvers disagree.**\n\n" + disagreements.map { "- \($0)\n" }.joined()
        }

        out +=
            "\n## Summary by kind\n\n| Kind | Shipped instances | MILP proven | Greedy already optimal | Greedy within 10 % (primary) | Median MILP s | Median greedy s |\n|---|---|---|---|---|---|---|\n"
        for kind in Self.kindOrder {
            let rows = instances.filter { $0.kind == kind }
            guard !rows.isEmpty else { continue }
            let proven = rows.filter { $0.milp?.status == "optimal" || $0.milp?.status == "infeasible" }.count
            let greedyOptimal = rows.filter { $0.greedyOptimal == true }.count
            let decided = rows.filter { $0.greedyOptimal != nil }.count
            let close = rows.filter { ($0.primaryGap ?? 1) <= 0.10 + Tolerance.exact }.count
            let compared = rows.filter { $0.primaryGap != nil }.count
            out +=
                "| \(kind) | \(rows.count) | \(proven) | \(greedyOptimal) of \(decided) proven | \(close) of \(compared) | \(Self.seconds(Self.median(rows.compactMap { $0.milp?.seconds }))) | \(Self.seconds(Self.median(rows.map(\.greedyOnlySeconds)))) |\n"
        }

        for kind in Self.kindOrder {
            out += section(kind: kind, chartsFolder: chartsFolder)
        }
        if let fuzz {
            // FUZZ.md's own heading is replaced by this section's.
            out += "\n## Fuzzing\n\n" + (fuzz.hasPrefix("#") ? String(fuzz.drop { $0 != "\n" }).trimmingCharacters(in: .newlines) + "\n" : fuzz)
        }
        if let udine {
            // UDINE.md's own heading is replaced by this section's.
            out +=
                "\n## Udine referee assignment (officials, a league's objective)\n\n"
                + (udine.hasPrefix("#") ? String(udine.drop { $0 != "\n" }).trimmingCharacters(in: .newlines) + "\n" : udine)
        }
        if let terms {
            // TERMS.md's own heading is replaced by this section's.
            out +=
                "\n## Terms and seasons (search, split and merge)\n\n"
                + (terms.hasPrefix("#") ? String(terms.drop { $0 != "\n" }).trimmingCharacters(in: .newlines) + "\n" : terms)
        }
        if let limits {
            // LIMITS.md's own heading is replaced by this section's.
            out +=
                "\n## Promises: time limit, memory, reproducibility\n\n"
                + (limits.hasPrefix("#") ? String(limits.drop { $0 != "\n" }).trimmingCharacters(in: .newlines) + "\n" : limits)
        }
        out += "\n## History\n\n"
        out +=
            history.map { $0.hasPrefix("#") ? String($0.drop { $0 != "\n" }).trimmingCharacters(in: .newlines) + "\n" : $0 }
            ?? "No history file was given.\n"
        out += """

            ## How to read this report

            - **objective**: the kind's lexicographic objective, level by level in the order shown in the \
            column heading (the first is the primary objective).
            - **status**: `optimal` = proven by GLPK (for the whole lexicographic objective); `feasible` = a \
            legal plan not proven optimal, with its **gap** on the first unproven level; `infeasible` = no plan \
            keeps every hard rule (proven, or found without solving).
            - **greedy optimal?**: *yes* when the MILP proved its plan optimal and greedy's objective is the \
            same on every level; *no (level)* names the first level where greedy is worse; *-* when nothing \
            was proven.
            - **greedy gap**: how much worse greedy is on the primary level, relative to the MILP's value.
            - **greedy s**: the greedy heuristic alone (median of up to 7 runs); **MILP s**: the whole \
            `method: milp` solve (validation, greedy warm start, every level, verification).
            - **Against other solvers**: level 0 of the instance's model, exported with `touchline export` as \
            LP (glpsol, HiGHS) and free MPS (CBC), and solved in process by Touchline's GLPK backend with its \
            greedy warm start and the kind's settings. Seconds are wall-clock, each solver on one thread.

            """
        return out
    }

    func section(kind: String, chartsFolder: String) -> String {
        let rows = instances.filter { $0.kind == kind }
        let generated = series.filter { $0.kind == kind }
        guard !rows.isEmpty || !generated.isEmpty else { return "" }
        var out = "\n## \(kind)\n"
        if !rows.isEmpty {
            out += "\n### Shipped instances\n\n" + table(rows, heading: "Instance")
        }
        if !generated.isEmpty {
            let meaning = ProblemKinds.kind(named: kind)?.generatorSize.meaning ?? "size"
            out += "\n### Scaling (generated: `touchline generate \(kind) --size N --seed S`; size = \(meaning))\n\n"
            out += "![\(kind) scaling](\(chartsFolder)/\(kind).svg)\n\n"
            out += table(generated, heading: "Size, seed")
        }
        let compared = comparisons.filter { $0.kind == kind }
        if !compared.isEmpty {
            out += "\n### Against other solvers (level 0 of the exported model)\n\n"
            out += "| Instance | Level | Variables | Rows | Touchline | glpsol | CBC | HiGHS | Optimum |\n|---|---|---:|---:|---|---|---|---|---:|\n"
            for comparison in compared {
                let cells = ["touchline", "glpsol", "cbc", "highs"].map { Self.cell(comparison.run($0)) }
                let optimum = comparison.optimum.map { Self.number($0) } ?? "-"
                out +=
                    "| \(comparison.name) | \(comparison.level) (\(comparison.maximise ? "max" : "min")) | \(comparison.variables) | \(comparison.constraints) | \(cells.joined(separator: " | ")) | \(optimum) |\n"
            }
        }
        return out
    }

    func table(_ rows: [InstanceResult], heading: String) -> String {
        let names = Self.mostCommon(rows.map { ($0.milp ?? $0.greedy).levels.map(\.name) }.filter { !$0.isEmpty })
        // Lineups: the built-in solver's columns (the engine of the build without GLPK) beside GLPK's.
        let builtin = rows.contains { $0.builtin != nil }
        var out = "| \(heading) | Greedy objective | Greedy s | MILP objective | Status | Gap | MILP s | Nodes | Greedy optimal? | Greedy gap |"
        out += builtin ? " Built-in objective | Built-in status | Built-in s |\n" : "\n"
        out += "|---|---|---:|---|---|---:|---:|---:|---|---:|" + (builtin ? "---|---|---:|\n" : "\n")
        out += "| *(objective levels: \(names.joined(separator: " / ")))* | | | | | | | | | |" + (builtin ? " | | |\n" : "\n")
        for row in rows {
            let name = row.size == nil ? row.name : row.name.replacingOccurrences(of: "size ", with: "")
            let milp = row.milp
            let optimal: String =
                switch row.greedyOptimal {
                case true?: "yes"
                case false?: "no (\(row.firstWorseLevel ?? "plan"))"
                case nil: row.greedy.hasPlan ? "-" : "no plan"
                }
            out += "| \(name) | \(Self.objective(row.greedy, names)) | \(Self.seconds(row.greedyOnlySeconds)) | "
            out += "\(milp.map { Self.objective($0, names) } ?? "n/a") | \(milp?.status ?? "no GLPK") | "
            out += "\(milp?.gap.map { Self.percent($0) } ?? "-") | \(milp.map { Self.seconds($0.seconds) } ?? "-") | "
            out += "\(milp.map { String($0.nodes) } ?? "-") | \(optimal) | \(row.primaryGap.map { Self.percent($0) } ?? "-") |"
            if builtin {
                let own = row.builtin
                out += " \(own.map { Self.objective($0, names) } ?? "n/a") | \(own?.status ?? "-") | \(own.map { Self.seconds($0.seconds) } ?? "-") |"
            }
            out += "\n"
        }
        return out
    }

    // MARK: - Charts

    /// One SVG per kind with a series: seconds against size (log scale) and the greedy-to-MILP gap.
    package func charts() -> [String: String] {
        var result: [String: String] = [:]
        for kind in Self.kindOrder {
            let rows = series.filter { $0.kind == kind }
            guard !rows.isEmpty else { continue }
            let sizes = Array(Set(rows.compactMap(\.size))).sorted()
            func points(_ value: (InstanceResult) -> Double?) -> [(Double, Double?)] {
                sizes.map { size in
                    let values = rows.filter { $0.size == size }.compactMap(value)
                    return (Double(size), values.isEmpty ? nil : Self.median(values))
                }
            }
            let milpProven = points { ($0.milp?.status == "optimal" || $0.milp?.status == "infeasible") ? $0.milp?.seconds : nil }
            let milpAll = points { $0.milp?.seconds }
            let time = SVGChart.Panel(
                title: "Seconds to solve", xLabel: ProblemKinds.kind(named: kind)?.generatorSize.unit ?? "size",
                yLabel: "seconds (log scale)", logarithmic: true,
                series: [
                    SVGChart.Series(label: "MILP (all levels)", colour: "#1f77b4", points: milpAll),
                    SVGChart.Series(label: "MILP, proven optimal", colour: "#2ca02c", points: milpProven, dashed: true),
                    SVGChart.Series(label: "greedy", colour: "#ff7f0e", points: points { max($0.greedyOnlySeconds, 1e-6) }),
                    SVGChart.Series(label: "time limit", colour: "#d62728", points: sizes.map { (Double($0), timeLimit) }, dashed: true)
                ])
            let gap = SVGChart.Panel(
                title: "Gaps", xLabel: time.xLabel, yLabel: "percent",
                series: [
                    SVGChart.Series(label: "greedy vs MILP, primary level", colour: "#ff7f0e", points: points { $0.primaryGap.map { 100 * $0 } }),
                    SVGChart.Series(
                        label: "MILP's unproven gap", colour: "#1f77b4",
                        points: points { $0.milp.map { 100 * ($0.gap ?? ($0.status == "optimal" ? 0 : 1)) } }, dashed: true)
                ])
            result[kind] = SVGChart(title: "\(kind): MILP and greedy against size", panels: [time, gap]).render()
        }
        return result
    }

    // MARK: - Formatting

    static func objective(_ result: MethodResult, _ names: [String]) -> String {
        guard !result.levels.isEmpty else { return result.status == "error" ? "error: \(result.message ?? "")" : result.status }
        let values = result.levels.map { number($0.value) }
        let text =
            result.levels.map(\.name) == names
            ? values.joined(separator: " / ")
            : zip(result.levels, values).map { "\($0.name) \($1)" }.joined(separator: " / ")
        return result.hasPlan ? text : "\(result.status) (best effort \(text))"
    }

    static func cell(_ run: SolverRun?) -> String {
        guard let run else { return "-" }
        switch run.status {
        case "optimal": return Self.seconds(run.seconds)
        case "time limit": return "> \(Self.seconds(run.seconds))\(run.objective.map { " (found \(number($0)))" } ?? " (none found)")"
        default: return run.status
        }
    }

    static func seconds(_ value: Double) -> String {
        value < 0.01 ? String(format: "%.4f", value) : value < 10 ? String(format: "%.3f", value) : String(format: "%.1f", value)
    }

    static func percent(_ value: Double) -> String { String(format: "%.1f %%", 100 * value) }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.4g", value)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func mostCommon(_ lists: [[String]]) -> [String] {
        var counts: [[String]: Int] = [:]
        for list in lists { counts[list, default: 0] += 1 }
        return counts.max { ($0.value, $1.key.count) < ($1.value, $0.key.count) }?.key ?? []
    }
}
