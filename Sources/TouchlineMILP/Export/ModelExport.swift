import Foundation

/// File formats a model can be written in, for other solvers (glpsol, CBC, HiGHS, CPLEX, Gurobi).
public enum ModelFileFormat: String, Sendable, CaseIterable {
    /// CPLEX LP format (`glpsol --lp`, `cbc`, `highs`).
    case lp
    /// Free MPS format (`glpsol --freemps`, `cbc`, `highs`).
    case mps
}

extension Model {
    /// Writes one objective level of the model as text.
    ///
    /// Names are made readable and legal for the format: characters the format does not allow become `_`,
    /// brackets become parentheses (LP), names that clash get a numeric suffix. An objective constant is
    /// written as a variable fixed at 1 (`objective_constant`), which every reader understands. Range
    /// constraints become two rows in LP (`name_lo`, `name_hi`) and a RANGES entry in MPS. A maximisation is
    /// written as such in LP; in MPS, which has no objective sense that every reader accepts (glpsol rejects
    /// `OBJSENSE`), it is written as the minimisation of the negated objective, said in a comment line: the
    /// optimum read back has the opposite sign.
    ///
    /// - Parameters:
    ///   - format: CPLEX LP or free MPS.
    ///   - level: the objective level to write (0-based); earlier levels are added as `held` rows.
    ///   - held: constraints that hold earlier levels (from a solve), written as ordinary rows.
    public func export(_ format: ModelFileFormat, level: Int = 0, held: [ConstraintDefinition] = []) throws(MILPError) -> String {
        try validate()
        let objective: Objective? = level < objectives.count ? objectives[level] : nil
        let names = ExportNames(model: self, format: format, extraRows: held)
        switch format {
        case .lp: return writeLP(objective: objective, names: names, held: held)
        case .mps: return writeMPS(objective: objective, names: names, held: held)
        }
    }

    /// The constraints that hold levels `0..<level` at the given objective values (as a solve would).
    public func holdingRows(upTo level: Int, values: [Double]) -> [ConstraintDefinition] {
        objectives.prefix(level).map { holdRow($0, at: $0.expression.value(values)) }
    }

    /// The constraints that hold levels `0..<levelValues.count` at the given values of their objectives (each
    /// level's own value, as a result reports it), without a solution to read them from.
    public func holdingRows(levelValues: [Double]) -> [ConstraintDefinition] {
        zip(objectives, levelValues).map { holdRow($0, at: $1) }
    }

    /// The row that holds an objective level at `value` for the levels after it (see ``Objective``).
    func holdRow(_ objective: Objective, at value: Double) -> ConstraintDefinition {
        let merged = objective.expression.merged()
        let constant = objective.expression.constant
        var target = value
        var slack = objective.absoluteTolerance + objective.relativeTolerance * abs(value)
        if isIntegral(objective.expression) {
            target = value.rounded()
            slack = 0
        }
        return ConstraintDefinition(
            name: "hold_\(objective.name)", indices: merged.indices, coefficients: merged.coefficients,
            lower: objective.sense == .minimize ? -.infinity : target - slack - constant,
            upper: objective.sense == .minimize ? target + slack - constant : .infinity)
    }

    private func writeLP(objective: Objective?, names: ExportNames, held: [ConstraintDefinition]) -> String {
        var out = LineWriter()
        out.line("\\ Model \(name), written by Touchline")
        if let objective { out.line("\\ Objective level: \(objective.name)") }
        out.line(objective?.sense == .maximize ? "Maximize" : "Minimize")
        var objectiveTerms: [String] = []
        if let objective {
            let merged = objective.expression.merged()
            for (index, coefficient) in zip(merged.indices, merged.coefficients) {
                objectiveTerms.append(Self.term(coefficient, names.variables[index]))
            }
            if objective.expression.constant != 0 {
                objectiveTerms.append(Self.term(objective.expression.constant, names.constant))
            }
        }
        // A model without columns (every answer fixed before solving, e.g. a finished league table) still needs
        // one: the constant column, fixed at 1.
        let rows = constraints + held
        let written = rows.contains { !$0.indices.isEmpty && ($0.lower != -.infinity || $0.upper != .infinity) }
        let constantColumn = (objective.map { $0.expression.constant != 0 } ?? false) || variables.isEmpty || !written
        if objectiveTerms.isEmpty { objectiveTerms = ["0 \(variables.isEmpty ? names.constant : names.variables[0])"] }
        out.wrapped(" \(names.objective):", objectiveTerms)
        out.line("Subject To")
        // glpsol needs at least one row: a model without any fixes the constant column by one.
        if !written { out.line(" \(names.constant)_row: + \(names.constant) = 1") }
        for (rowIndex, constraint) in rows.enumerated() {
            let terms = zip(constraint.indices, constraint.coefficients).map { Self.term($1, names.variables[$0]) }
            if terms.isEmpty || (constraint.lower == -.infinity && constraint.upper == .infinity) { continue }
            let rowName = names.rows[rowIndex]
            if constraint.lower == constraint.upper {
                out.wrapped(" \(rowName):", terms + ["=", Self.number(constraint.upper)])
            } else if constraint.lower == -.infinity {
                out.wrapped(" \(rowName):", terms + ["<=", Self.number(constraint.upper)])
            } else if constraint.upper == .infinity {
                out.wrapped(" \(rowName):", terms + [">=", Self.number(constraint.lower)])
            } else {
                out.wrapped(" \(rowName)_lo:", terms + [">=", Self.number(constraint.lower)])
                out.wrapped(" \(rowName)_hi:", terms + ["<=", Self.number(constraint.upper)])
            }
        }
        out.line("Bounds")
        var generals: [String] = []
        var binaries: [String] = []
        for index in variables.indices {
            let name = names.variables[index]
            let (lower, upper) = effectiveBounds(index)
            if variables[index].kind != .continuous {
                if lower == 0 && upper == 1 {
                    binaries.append(name)
                    continue
                }
                generals.append(name)
            }
            if lower == upper {
                out.line(" \(name) = \(Self.number(lower))")
            } else if lower == -.infinity && upper == .infinity {
                out.line(" \(name) free")
            } else if lower == 0 && upper == .infinity {
                continue
            } else if upper == .infinity {
                out.line(" \(name) >= \(Self.number(lower))")
            } else if lower == -.infinity {
                out.line(" -inf <= \(name) <= \(Self.number(upper))")
            } else {
                out.line(" \(Self.number(lower)) <= \(name) <= \(Self.number(upper))")
            }
        }
        if constantColumn {
            out.line(" \(names.constant) = 1")
        }
        if !generals.isEmpty { out.wrapped("Generals", generals, indentFirst: false) }
        if !binaries.isEmpty { out.wrapped("Binaries", binaries, indentFirst: false) }
        out.line("End")
        return out.text
    }

    private func writeMPS(objective: Objective?, names: ExportNames, held: [ConstraintDefinition]) -> String {
        var out = LineWriter()
        out.line("* Model \(name), written by Touchline (free MPS)")
        if let objective { out.line("* Objective level: \(objective.name)") }
        out.line("NAME \(names.sanitizedModelName)")
        // Free MPS has no objective sense that every reader accepts (glpsol rejects OBJSENSE), so a
        // maximisation is written as the minimisation of the negated objective; the optimum changes sign.
        let sign: Double = objective?.sense == .maximize ? -1 : 1
        if sign < 0 { out.line("* Objective sense: MAXIMIZE, written as MINIMIZE of the negated objective") }
        out.line("ROWS")
        out.line(" N \(names.objective)")
        let rows = constraints + held
        var kept: [(rowIndex: Int, constraint: ConstraintDefinition)] = []
        for (rowIndex, constraint) in rows.enumerated() {
            if constraint.indices.isEmpty || (constraint.lower == -.infinity && constraint.upper == .infinity) { continue }
            kept.append((rowIndex, constraint))
            let type: String
            if constraint.lower == constraint.upper { type = "E" } else if constraint.lower == -.infinity { type = "L" } else { type = "G" }
            out.line(" \(type) \(names.rows[rowIndex])")
        }
        // Column-wise entries.
        var columns = [[(String, Double)]](repeating: [], count: variables.count)
        if let objective {
            let merged = objective.expression.merged()
            for (index, coefficient) in zip(merged.indices, merged.coefficients) {
                columns[index].append((names.objective, sign * coefficient))
            }
        }
        for (rowIndex, constraint) in kept {
            for (index, coefficient) in zip(constraint.indices, constraint.coefficients) {
                columns[index].append((names.rows[rowIndex], coefficient))
            }
        }
        out.line("COLUMNS")
        var inInteger = false
        var markerCount = 0
        for index in variables.indices {
            let isInteger = variables[index].kind != .continuous
            if isInteger != inInteger {
                out.line("    M\(markerCount) 'MARKER' \(isInteger ? "'INTORG'" : "'INTEND'")")
                markerCount += 1
                inInteger = isInteger
            }
            if columns[index].isEmpty {
                // A column must appear; give it a zero objective entry.
                out.line("    \(names.variables[index]) \(names.objective) 0")
            }
            for (row, coefficient) in columns[index] {
                out.line("    \(names.variables[index]) \(row) \(Self.number(coefficient))")
            }
        }
        if inInteger { out.line("    M\(markerCount) 'MARKER' 'INTEND'") }
        let constant = objective?.expression.constant ?? 0
        let constantColumn = constant != 0 || variables.isEmpty
        if constantColumn {
            out.line("    \(names.constant) \(names.objective) \(Self.number(sign * constant))")
        }
        out.line("RHS")
        for (rowIndex, constraint) in kept {
            let value = constraint.lower == -.infinity ? constraint.upper : constraint.lower
            if value != 0 { out.line("    RHS \(names.rows[rowIndex]) \(Self.number(value))") }
        }
        let ranged = kept.filter {
            $0.constraint.lower != -.infinity && $0.constraint.upper != .infinity && $0.constraint.lower != $0.constraint.upper
        }
        if !ranged.isEmpty {
            out.line("RANGES")
            for (rowIndex, constraint) in ranged {
                out.line("    RNG \(names.rows[rowIndex]) \(Self.number(constraint.upper - constraint.lower))")
            }
        }
        out.line("BOUNDS")
        for index in variables.indices {
            let name = names.variables[index]
            let (lower, upper) = effectiveBounds(index)
            let isInteger = variables[index].kind != .continuous
            if isInteger && lower == 0 && upper == 1 {
                out.line(" BV BND \(name)")
            } else if lower == upper {
                out.line(" FX BND \(name) \(Self.number(lower))")
            } else if lower == -.infinity && upper == .infinity {
                out.line(" FR BND \(name)")
            } else {
                if lower == -.infinity {
                    out.line(" MI BND \(name)")
                } else if lower != 0 || isInteger {
                    out.line(" LO BND \(name) \(Self.number(lower))")
                }
                if upper != .infinity { out.line(" UP BND \(name) \(Self.number(upper))") } else if isInteger { out.line(" PL BND \(name)") }
            }
        }
        if constantColumn { out.line(" FX BND \(names.constant) 1") }
        out.line("ENDATA")
        return out.text
    }

    /// A coefficient and a name, as `+ 3 x` or `- x`.
    static func term(_ coefficient: Double, _ name: String) -> String {
        let sign = coefficient < 0 ? "-" : "+"
        let magnitude = abs(coefficient)
        return magnitude == 1 ? "\(sign) \(name)" : "\(sign) \(number(magnitude)) \(name)"
    }

    /// A number as the shortest text that reads back to the same Double (`17 digits` when needed).
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

/// Legal, unique names for one export.
struct ExportNames {
    var variables: [String] = []
    var rows: [String] = []
    var objective = "obj"
    var constant = "objective_constant"
    var sanitizedModelName: String

    init(model: Model, format: ModelFileFormat, extraRows: [ConstraintDefinition]) {
        var used = Set<String>()
        func unique(_ raw: String) -> String {
            var base = ExportNames.sanitize(raw, format: format)
            if ExportNames.reserved.contains(base.lowercased()) { base += "_" }
            var candidate = base
            var counter = 2
            while used.contains(candidate) {
                candidate = "\(base)_\(counter)"
                counter += 1
            }
            used.insert(candidate)
            return candidate
        }
        sanitizedModelName = ExportNames.sanitize(model.name, format: .mps)
        objective = unique("obj")
        constant = unique("objective_constant")
        variables = model.variables.map { unique($0.name) }
        rows = (model.constraints + extraRows).map { unique($0.name) }
    }

    /// Keywords of the LP format that must not stand alone as names.
    static let reserved: Set<String> = [
        "minimize", "maximize", "minimum", "maximum", "min", "max", "subject", "such", "st", "s.t.", "bounds",
        "bound", "general", "generals", "gen", "integer", "integers", "binary", "binaries", "bin", "end", "free",
        "inf", "infinity", "semi", "semis", "sos"
    ]

    static func sanitize(_ raw: String, format: ModelFileFormat) -> String {
        // LP allows letters, digits and !"#$%&()/,.;?@_`'{}|~ ; MPS allows anything but blanks. Both stay
        // readable with the LP set, brackets mapped to parentheses.
        let allowed = Set("!\"#$%&()/,.;?@_`'{}|~")
        var text = ""
        for character in raw.prefix(200) {
            if character == "[" {
                text.append("(")
            } else if character == "]" {
                text.append(")")
            } else if character.isASCII && (character.isLetter || character.isNumber || allowed.contains(character)) {
                text.append(character)
            } else {
                text.append("_")
            }
        }
        if text.isEmpty { text = "_" }
        if let first = text.first, first.isNumber || first == "." {
            text = "_" + text
        }
        return text
    }
}

/// Accumulates lines, wrapping long ones (LP readers limit line length).
struct LineWriter {
    var text = ""

    mutating func line(_ line: String) {
        text += line
        text += "\n"
    }

    mutating func wrapped(_ head: String, _ tokens: [String], indentFirst: Bool = true) {
        var current = head
        for token in tokens {
            if current.count + token.count + 1 > 100 {
                line(current)
                current = "   "
            }
            current += (current.hasSuffix(" ") ? "" : " ") + token
        }
        line(current)
    }
}
