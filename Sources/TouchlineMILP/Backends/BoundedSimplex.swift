import Foundation

/// A bounded-variable primal simplex over a ``FlatProblem``'s relaxation, in Swift: the LP engine under
/// ``BuiltinSolver``'s branch and bound.
///
/// The problem `min c·x` subject to `rowLower ≤ A x ≤ rowUpper` and `columnLower ≤ x ≤ columnUpper` gets one
/// logical variable per row, `r = A x`, so that the constraints read `[A | −I] (x, r) = 0` and every bound is a
/// variable's. The basis is kept as a sparse LU factorisation with the pivots since in product form
/// (``BasisFactorization``); it is refactored every ``refactorEvery`` pivots and before the final answer. Phase 1 minimises the
/// sum of the basic variables' infeasibilities (a composite simplex: the phase-1 costs are recomputed at every
/// iteration); the ratio test is Harris's two-pass test; after a run of degenerate pivots Bland's rule picks
/// the entering variable until a step moves. This is the textbook method (Chvátal, *Linear Programming*, and
/// Maros, *Computational Techniques of the Simplex Method*), written for the programs the lineup pattern engine
/// solves (a few hundred to a few thousand rows, most of them with two or three entries).
struct BoundedSimplex {
    enum Status { case optimal, infeasible, unbounded, stopped, failed }

    let rows: Int
    let columns: Int
    /// The structural columns, compressed by column.
    private let start: [Int]
    private let index: [Int]
    private let value: [Double]
    /// The same columns by row, for the pivot row `ρᵀA` (ρ = eₚᵀB⁻¹ is mostly zeros: the row pass touches only
    /// the rows it has).
    private let rowStart: [Int]
    private let rowColumn: [Int]
    private let rowValue: [Double]
    /// Costs of the minimisation (a maximisation's negated), structural then logical (0).
    private let cost: [Double]
    /// Bounds of every variable, structural then logical; a branch and bound changes the structurals'.
    var lower: [Double]
    var upper: [Double]
    /// Values of every variable.
    private(set) var x: [Double]
    /// The variable basic in each row position, and each variable's position (-1 when nonbasic).
    private(set) var basis: [Int]
    private var position: [Int]
    /// The basis, factored.
    private var factors: BasisFactorization
    private var pivotsSinceFactor = 0
    private(set) var iterations = 0
    /// Devex reference weights, one per variable (see `solve`).
    private var weight: [Double]
    /// A dense row of `columns` zeros, lent to ``updateAlongPivotRow`` (left as zeros).
    private var rowScratch: [Double]

    /// Pivots between refactorisations (GLPK's default too): each pivot adds an eta vector that every later
    /// solve runs through, and a sparse refactorisation costs little; the answer is checked on a fresh
    /// factorisation anyway.
    var refactorEvery: Int { 100 }
    /// Degenerate pivots in a row that make a stall.
    static let stallAfter = 40
    static let primalTolerance = 1e-7
    static let dualTolerance = 1e-7
    static let pivotTolerance = 1e-9

    init(_ problem: FlatProblem) {
        rows = problem.rowLower.count
        columns = problem.columnLower.count
        (start, index, value) = Self.compressed(
            groups: columns, by: problem.matrixColumn, holding: problem.matrixRow, values: problem.matrixValue)
        (rowStart, rowColumn, rowValue) = Self.compressed(
            groups: rows, by: problem.matrixRow, holding: problem.matrixColumn, values: problem.matrixValue)
        let sign = problem.maximize ? -1.0 : 1.0
        cost = problem.objective.map { $0 * sign } + [Double](repeating: 0, count: problem.rowLower.count)
        lower = problem.columnLower + problem.rowLower
        upper = problem.columnUpper + problem.rowUpper
        x = [Double](repeating: 0, count: columns + rows)
        weight = [Double](repeating: 1, count: columns + rows)
        rowScratch = [Double](repeating: 0, count: columns)
        let (m, n) = (rows, columns)
        basis = (0..<m).map { n + $0 }
        position = [Int](repeating: -1, count: n) + Array(0..<m)
        factors = BasisFactorization(identityOf: m, sign: -1)
        placeNonbasic()
        computeBasic()
    }

    /// Entries given as (group, other, value) triplets, stored group by group: where each group starts (one
    /// past the last group: the end), and each entry's other index and value, in the triplets' order within a
    /// group. By column (the rows of each column) and by row (the columns of each row).
    private static func compressed(
        groups: Int, by group: [Int32], holding other: [Int32], values: [Double]
    ) -> (start: [Int], other: [Int], value: [Double]) {
        var start = [Int](repeating: 0, count: groups + 1)
        for g in group { start[Int(g) + 1] += 1 }
        for g in 0..<groups { start[g + 1] += start[g] }
        var fill = start
        var others = [Int](repeating: 0, count: values.count)
        var stored = [Double](repeating: 0, count: values.count)
        for k in values.indices {
            let g = Int(group[k])
            others[fill[g]] = Int(other[k])
            stored[fill[g]] = values[k]
            fill[g] += 1
        }
        return (start, others, stored)
    }

    /// The minimisation's objective at the current values (without the problem's constant).
    var objective: Double {
        var total = 0.0
        for j in 0..<columns where cost[j] != 0 { total += cost[j] * x[j] }
        return total
    }

    /// The structural columns' values.
    var values: [Double] { Array(x[0..<columns]) }

    /// The basis and which nonbasic variables sit at their upper bound: enough to restart from this vertex.
    struct Snapshot {
        var basis: [Int32]
        var atUpper: [Int32]
    }

    var snapshot: Snapshot {
        var atUpper: [Int32] = []
        for j in 0..<(columns + rows) where position[j] < 0 && x[j] == upper[j] && upper[j] != lower[j] {
            atUpper.append(Int32(j))
        }
        return Snapshot(basis: basis.map { Int32($0) }, atUpper: atUpper)
    }

    /// Restarts from a snapshot taken of this problem (under other bounds, perhaps); false when its basis is
    /// singular (the all-logical basis is then taken).
    @discardableResult
    mutating func restore(_ snapshot: Snapshot) -> Bool {
        basis = snapshot.basis.map { Int($0) }
        position = [Int](repeating: -1, count: columns + rows)
        for (p, j) in basis.enumerated() { position[j] = p }
        for j in 0..<(columns + rows) where position[j] < 0 { x[j] = 0 }
        for j in snapshot.atUpper where position[Int(j)] < 0 && upper[Int(j)].isFinite { x[Int(j)] = upper[Int(j)] }
        placeNonbasic()
        let factored = factor()
        computeBasic()
        return factored
    }

    /// Starts from the all-logical basis with every structural column on the bound nearest its value in
    /// `values` (a solution of the program, or close to one): the rows then hold wherever the solution's
    /// columns sit on bounds (a plan's 0/1 pattern columns), and phase 1 has only the rows of its columns
    /// between bounds (a spread, a count) to repair, instead of every row from all columns at 0.
    ///
    /// With `basisAtPoint`, a column strictly between its bounds in `values` (a count or spread column of a plan,
    /// a fraction of an LP optimum) is made basic in place of the logical of a row the point holds at a bound and
    /// the column has a pivot in: with the others on the point's bounds, the basis then gives the point itself, so
    /// a feasible point starts feasible. A column that finds no such row stays on its nearest bound. The branch
    /// and bound's LPs do without it: measured on the generated series, the relaxation from the incumbent took
    /// fewer pivots (552 against 1,436 on a 10-player turn-based squad) but ended at other optimal vertices, and
    /// the dives after it lost two proofs of 142 (`Benchmarks/HISTORY.md`, round 55).
    mutating func crash(toward values: [Double], basisAtPoint: Bool) {
        guard values.count == columns else { return }
        resetToLogicalBasis()
        var between: [Int] = []
        for j in 0..<columns {
            let v = values[j]
            if upper[j].isFinite && (!lower[j].isFinite || abs(v - upper[j]) < abs(v - lower[j])) {
                x[j] = upper[j]
            } else if lower[j].isFinite {
                x[j] = lower[j]
            } else {
                x[j] = 0
            }
            let margin = Self.primalTolerance * max(1, abs(v))
            if v.isFinite && v > lower[j] + margin && v < upper[j] - margin { between.append(j) }
        }
        if basisAtPoint && !between.isEmpty { makeBasic(between, at: values) }
        computeBasic()
    }

    /// The basis swaps of ``crash(toward:basisAtPoint:)``: each column of `between` enters in place of the logical of a row
    /// `values` holds at a bound (the largest pivot among those rows, at least a thousandth of the column's
    /// largest), that logical leaving onto the bound; then one refactorisation. A basis that does not factor
    /// falls back to the all-logical one with every column on its nearest bound.
    private mutating func makeBasic(_ between: [Int], at values: [Double]) {
        var activity = [Double](repeating: 0, count: rows)
        for j in 0..<columns where values[j] != 0 {
            for k in start[j]..<start[j + 1] { activity[index[k]] += value[k] * values[j] }
        }
        /// Per row: the bound the point holds it at (nil when it holds none).
        var tight = [Double?](repeating: nil, count: rows)
        for i in 0..<rows {
            let (low, high) = (lower[columns + i], upper[columns + i])
            let margin = Self.primalTolerance * max(1, abs(activity[i]))
            if low.isFinite && abs(activity[i] - low) <= margin {
                tight[i] = low
            } else if high.isFinite && abs(activity[i] - high) <= margin {
                tight[i] = high
            }
        }
        var saved: [(Int, Double)] = []
        var swapped = false
        for j in between {
            let alpha = ftran(j)
            var largest = 0.0
            for p in 0..<rows { largest = max(largest, abs(alpha[p])) }
            var chosen = -1
            var size = max(Self.pivotTolerance, largest * 1e-3)
            for p in 0..<rows where abs(alpha[p]) > size {
                let logical = basis[p]
                guard logical >= columns, tight[logical - columns] != nil else { continue }
                chosen = p
                size = abs(alpha[p])
            }
            guard chosen >= 0 else { continue }
            let logical = basis[chosen]
            saved.append((j, x[j]))
            x[logical] = tight[logical - columns]!
            x[j] = values[j]
            pivot(chosen, j, alpha)
            swapped = true
        }
        guard swapped else { return }
        if !factor() {
            // resetToLogicalBasis has run: the columns go back to their nearest bounds.
            for (j, bound) in saved { x[j] = bound }
        }
    }

    /// Puts every nonbasic variable on a bound (the lower where finite, else the upper, else 0), keeping one
    /// already on a bound there.
    mutating func placeNonbasic() {
        for j in 0..<(columns + rows) where position[j] < 0 {
            if x[j] == upper[j] && upper[j].isFinite { continue }
            if lower[j].isFinite {
                x[j] = lower[j]
            } else if upper[j].isFinite {
                x[j] = upper[j]
            } else {
                x[j] = 0
            }
        }
    }

    // MARK: - Linear algebra

    /// B⁻¹ a_j.
    private func ftran(_ j: Int) -> [Double] {
        var alpha = [Double](repeating: 0, count: rows)
        if j >= columns {
            alpha[j - columns] = -1
        } else {
            for k in start[j]..<start[j + 1] { alpha[index[k]] += value[k] }
        }
        factors.ftran(&alpha)
        return alpha
    }

    /// yᵀ = c_Bᵀ B⁻¹.
    private func btran(_ basicCost: [Double]) -> [Double] {
        var y = basicCost
        factors.btran(&y)
        return y
    }

    /// d_j = c_j − yᵀ a_j under the costs `c` (phase 1 or 2).
    private func reducedCost(_ j: Int, _ y: [Double], _ c: Double) -> Double {
        if j >= columns { return c + y[j - columns] }
        var sum = c
        for k in start[j]..<start[j + 1] { sum -= y[index[k]] * value[k] }
        return sum
    }

    /// Factors the basis afresh (``BasisFactorization``). A singular basis (a loss of precision over many
    /// pivots) is replaced by the all-logical one; false then.
    @discardableResult
    mutating func factor() -> Bool {
        pivotsSinceFactor = 0
        let factored = BasisFactorization(rows: rows) { p in
            let j = basis[p]
            if j >= columns { return [(j - columns, -1)] }
            return (start[j]..<start[j + 1]).map { (index[$0], value[$0]) }
        }
        guard let factored else {
            resetToLogicalBasis()
            return false
        }
        factors = factored
        return true
    }

    /// The all-logical basis (B = −I), every structural nonbasic on a bound.
    mutating func resetToLogicalBasis() {
        basis = (0..<rows).map { columns + $0 }
        position = [Int](repeating: -1, count: columns) + Array(0..<rows)
        factors = BasisFactorization(identityOf: rows, sign: -1)
        pivotsSinceFactor = 0
        placeNonbasic()
    }

    /// x_B = −B⁻¹ (Σ over nonbasic j of a_j x_j).
    mutating func computeBasic() {
        var rhs = [Double](repeating: 0, count: rows)
        for j in 0..<(columns + rows) where position[j] < 0 && x[j] != 0 {
            if j >= columns {
                rhs[j - columns] += x[j]
            } else {
                for k in start[j]..<start[j + 1] { rhs[index[k]] -= value[k] * x[j] }
            }
        }
        factors.ftran(&rhs)
        for p in 0..<rows { x[basis[p]] = rhs[p] }
    }

    /// Replaces the basic variable at position `p` by `q`, whose column is `alpha = B⁻¹ a_q`.
    private mutating func pivot(_ p: Int, _ q: Int, _ alpha: [Double]) {
        factors.update(p, alpha)
        position[basis[p]] = -1
        basis[p] = q
        position[q] = p
        pivotsSinceFactor += 1
    }

    // MARK: - The method

    /// How far the basic variables lie outside their bounds (by more than `tolerance`), in total.
    func infeasibility(beyond tolerance: Double = primalTolerance) -> Double {
        var total = 0.0
        for j in basis {
            if x[j] < lower[j] - tolerance { total += lower[j] - x[j] }
            if x[j] > upper[j] + tolerance { total += x[j] - upper[j] }
        }
        return total
    }

    /// The original bounds of the variables whose bounds a run of degenerate pivots widened.
    private struct Perturbation {
        var lower: [Int: Double] = [:]
        var upper: [Int: Double] = [:]
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(random >> 11) / Double(1 << 53)
        }
    }

    /// Runs the simplex from the current basis until optimal, infeasible or unbounded, or until `shouldStop`
    /// (checked every few iterations) says so.
    ///
    /// `maxSteps` caps the moves of this call (a strong-branching trial): past it the answer is `.stopped`.
    ///
    /// Stalling: after a run of degenerate pivots the bounds of the basic variables are widened by small random
    /// amounts (between 10⁻⁶ and 10⁻⁵, relative), as GLPK's primal simplex does, so that ties in the ratio test
    /// break and the steps move. The widened program is a relaxation: its infeasibility is the program's. When it
    /// is solved the bounds are put back and the simplex goes on from that basis, which is then close to optimal;
    /// a second stall there falls back to Bland's rule, which cannot cycle. Bland's rule alone, from the first
    /// stall, took 5,330 moves to prove a 360-row window of the lineup engine empty, where perturbation takes 658
    /// and GLPK 323.
    mutating func solve(maxSteps: Int = .max, shouldStop: () -> Bool) -> Status {
        var steps = 0
        var perturbation: Perturbation? = nil
        var mayPerturb = true
        while true {
            let status = run(maxSteps: maxSteps, steps: &steps, perturbation: &perturbation, mayPerturb: mayPerturb, shouldStop: shouldStop)
            guard let widened = perturbation else { return status }
            // Back to the program's bounds; a nonbasic variable on a widened bound moves to the original one.
            for (j, value) in widened.lower {
                if position[j] < 0 && x[j] == lower[j] { x[j] = value }
                lower[j] = value
            }
            for (j, value) in widened.upper {
                if position[j] < 0 && x[j] == upper[j] { x[j] = value }
                upper[j] = value
            }
            perturbation = nil
            computeBasic()
            switch status {
            case .infeasible, .stopped, .failed: return status
            case .optimal, .unbounded: mayPerturb = false
            }
        }
    }

    private mutating func run(
        maxSteps: Int, steps: inout Int, perturbation: inout Perturbation?, mayPerturb: Bool, shouldStop: () -> Bool
    ) -> Status {
        var degenerate = 0
        var verified = false
        // A basic variable this far outside a bound is infeasible; widened once (to 1e-6, then 1e-5) when phase 1
        // ends with an infeasibility smaller than that, which is rounding, not a proof.
        var feasibility = Self.primalTolerance
        let iterationLimit = 200 * (rows + columns) + 10_000
        // The reduced costs of every variable, kept from pivot to pivot (dⱼ −= (d_q/αₚq) αₚⱼ along the pivot row,
        // which Devex needs anyway) instead of a pass over the whole matrix at every iteration; computed afresh
        // from yᵀ = c_BᵀB⁻¹ when the costs they were made under change (phase 1's follow the infeasibilities),
        // after every refactorisation, and before an answer.
        var reduced = [Double](repeating: 0, count: columns + rows)
        var madeUnder = [Double](repeating: 0, count: columns + rows)
        var reducedValid = false
        var reducedPhaseOne = false
        var lastLeft = -1
        while true {
            iterations += 1
            if iterations % 32 == 0 && shouldStop() { return .stopped }
            if pivotsSinceFactor >= refactorEvery {
                factor()
                computeBasic()
                reducedValid = false
            }
            // Phase: the basic variables' infeasibilities give the costs; none infeasible means phase 2.
            var basicCost = [Double](repeating: 0, count: rows)
            var phaseOne = false
            for p in 0..<rows {
                let j = basis[p]
                if x[j] < lower[j] - feasibility {
                    basicCost[p] = -1
                    phaseOne = true
                } else if x[j] > upper[j] + feasibility {
                    basicCost[p] = 1
                    phaseOne = true
                }
            }
            if !phaseOne { for p in 0..<rows { basicCost[p] = cost[basis[p]] } }
            if reducedValid {
                // Still the costs the reduced costs were made under: the phase, every basic variable's, and the
                // one that left last (a phase-1 cost of ±1 it had as a basic variable is 0 now).
                if reducedPhaseOne != phaseOne {
                    reducedValid = false
                } else if lastLeft >= 0 && madeUnder[lastLeft] != (phaseOne ? 0 : cost[lastLeft]) {
                    reducedValid = false
                } else {
                    for p in 0..<rows where basicCost[p] != madeUnder[basis[p]] {
                        reducedValid = false
                        break
                    }
                }
            }
            if !reducedValid {
                let y = btran(basicCost)
                for j in 0..<(columns + rows) {
                    if position[j] >= 0 {
                        madeUnder[j] = basicCost[position[j]]
                        reduced[j] = 0
                    } else {
                        madeUnder[j] = phaseOne ? 0 : cost[j]
                        reduced[j] = reducedCost(j, y, madeUnder[j])
                    }
                }
                reducedValid = true
                reducedPhaseOne = phaseOne
            }
            lastLeft = -1
            // Pricing: Devex's largest squared reduced cost over the reference weight, Bland's smallest index
            // during a degenerate run.
            var entering = -1
            var enteringCost = 0.0
            if degenerate > Self.stallAfter && mayPerturb {
                // Widen the bounds of the basic variables not yet widened; none left means Bland's rule.
                var widened = perturbation ?? Perturbation()
                var any = false
                for j in basis where widened.lower[j] == nil && widened.upper[j] == nil {
                    if lower[j].isFinite {
                        widened.lower[j] = lower[j]
                        lower[j] -= (1e-6 + 9e-6 * widened.next()) * max(1, abs(lower[j]))
                        any = true
                    }
                    if upper[j].isFinite {
                        widened.upper[j] = upper[j]
                        upper[j] += (1e-6 + 9e-6 * widened.next()) * max(1, abs(upper[j]))
                        any = true
                    }
                }
                perturbation = widened
                if any { degenerate = 0 }
            }
            let bland = degenerate > Self.stallAfter
            (entering, enteringCost) = price(reduced, bland: bland)
            if entering < 0 {
                // No improving column: check on a fresh factorisation before answering.
                if !verified {
                    verified = true
                    factor()
                    computeBasic()
                    reducedValid = false
                    continue
                }
                if phaseOne && feasibility < 1e-5 && infeasibility(beyond: feasibility) < 1e-5 {
                    feasibility *= 10
                    verified = false
                    continue
                }
                return phaseOne ? .infeasible : .optimal
            }
            verified = false
            let direction = enteringCost < 0 ? 1.0 : -1.0
            let alpha = ftran(entering)
            // Harris's ratio test: the largest step with bounds relaxed by the tolerance, then among the rows that
            // block within it the one with the largest pivot.
            let flip = upper[entering] - lower[entering]
            var limit = flip
            /// The step at which the basic variable at `p` reaches a bound (relaxed outwards by `relaxed`), and
            /// that bound; nil when it never blocks.
            func bound(_ p: Int, relaxed: Double) -> (step: Double, target: Double)? {
                if abs(alpha[p]) <= Self.pivotTolerance { return nil }
                let rate = -direction * alpha[p]
                let j = basis[p]
                if rate < 0 {
                    if phaseOne && x[j] > upper[j] + feasibility { return ((x[j] - upper[j] + relaxed) / -rate, upper[j]) }
                    if x[j] < lower[j] - feasibility || !lower[j].isFinite { return nil }
                    return ((x[j] - lower[j] + relaxed) / -rate, lower[j])
                } else {
                    if phaseOne && x[j] < lower[j] - feasibility { return ((lower[j] - x[j] + relaxed) / rate, lower[j]) }
                    if x[j] > upper[j] + feasibility || !upper[j].isFinite { return nil }
                    return ((upper[j] - x[j] + relaxed) / rate, upper[j])
                }
            }
            for p in 0..<rows {
                if let block = bound(p, relaxed: feasibility), block.step < limit { limit = block.step }
            }
            var leaving = -1
            var target = 0.0
            var pivotSize = 0.0
            var step = flip
            if limit < flip || !flip.isFinite {
                for p in 0..<rows {
                    guard let block = bound(p, relaxed: 0), block.step <= limit else { continue }
                    // Bland's rule takes the blocking variable of the smallest index (among pivots large enough to
                    // be safe), which with its entering rule cannot cycle; otherwise the largest pivot.
                    let chosen =
                        bland && abs(alpha[p]) > 1e-7
                        ? leaving < 0 || pivotSize <= 1e-7 || basis[p] < basis[leaving] : abs(alpha[p]) > pivotSize
                    if chosen {
                        pivotSize = abs(alpha[p])
                        leaving = p
                        step = max(0, block.step)
                        target = block.target
                    }
                }
            }
            if leaving < 0 && !step.isFinite { return phaseOne ? .failed : .unbounded }
            degenerate = step < 1e-12 ? degenerate + 1 : 0
            steps += 1
            if steps > iterationLimit { return .failed }
            if steps > maxSteps { return .stopped }
            // Move.
            x[entering] += direction * step
            for p in 0..<rows where alpha[p] != 0 { x[basis[p]] -= direction * alpha[p] * step }
            if leaving < 0 {
                x[entering] = direction > 0 ? upper[entering] : lower[entering]
                continue
            }
            // The leaving variable sits on the bound it reached.
            x[basis[leaving]] = target
            lastLeft = basis[leaving]
            updateAlongPivotRow(leaving, entering, alpha[leaving], reduced: &reduced)
            pivot(leaving, entering, alpha)
        }
    }

    /// The entering variable and its reduced cost (-1 when none improves): Devex's largest d²/w, or Bland's
    /// smallest index. A basic variable's reduced cost is 0, so the tolerance alone passes it over.
    private func price(_ reduced: [Double], bland: Bool) -> (Int, Double) {
        var entering = -1
        var enteringCost = 0.0
        var best = 0.0
        reduced.withUnsafeBufferPointer { reduced in
            x.withUnsafeBufferPointer { x in
                lower.withUnsafeBufferPointer { lower in
                    upper.withUnsafeBufferPointer { upper in
                        weight.withUnsafeBufferPointer { weight in
                            position.withUnsafeBufferPointer { position in
                                for j in 0..<reduced.count {
                                    let d = reduced[j]
                                    if d < -Self.dualTolerance {
                                        if !(x[j] < upper[j]) { continue }
                                    } else if d > Self.dualTolerance {
                                        if !(x[j] > lower[j]) { continue }
                                    } else {
                                        continue
                                    }
                                    if position[j] >= 0 || lower[j] == upper[j] { continue }
                                    if bland { (entering, enteringCost) = (j, d); return }
                                    let score = d * d / weight[j]
                                    if score > best { (best, entering, enteringCost) = (score, j, d) }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (entering, enteringCost)
    }

    /// Devex (Harris, "Pivot selection methods of the Devex LP code", 1973; Forrest and Goldfarb, "Steepest-edge
    /// simplex algorithms for linear programming", 1992): each nonbasic variable's weight approximates the squared
    /// length of its edge in a reference framework, and pricing takes the largest d²/w instead of Dantzig's largest
    /// |d|. Before the pivot of `q` into position `p`, the pivot row αₚ = eₚᵀB⁻¹A updates every nonbasic
    /// weight to max(wⱼ, (αₚⱼ/αₚq)² w_q) and gives the leaving variable max(w_q/αₚq², 1). Measured on a 518-row colour-group program of the lineup engine, GLPK's
    /// primal simplex from the all-logical basis took 211 iterations with its steepest-edge pricing and 179,883
    /// with textbook pricing; this method had the same trouble before Devex.
    ///
    /// The same row updates the reduced costs: with θ = d_q/αₚq, every nonbasic dⱼ becomes dⱼ − θαₚⱼ, the entering
    /// variable's 0 and the leaving one's −θ (its αₚ is 1). The row is made row by row of A from ρ = eₚᵀB⁻¹, over
    /// the rows where ρ is not zero, so a sparse ρ touches a small part of the matrix.
    private mutating func updateAlongPivotRow(_ p: Int, _ q: Int, _ pivot: Double, reduced: inout [Double]) {
        var rho = [Double](repeating: 0, count: rows)
        rho[p] = 1
        factors.btran(&rho)
        let theta = reduced[q] / pivot
        let reference = weight[q]
        let restart = reference > 1e8
        let scale = reference / (pivot * pivot)
        let leaving = basis[p]
        let (rows, columns) = (rows, columns)
        // A fixed nonbasic variable never enters in this run (only basic variables' bounds are widened), so
        // neither its reduced cost nor its weight is read before the next run computes them afresh.
        var scratch = rowScratch
        rowScratch = []
        weight.withUnsafeMutableBufferPointer { weight in
            reduced.withUnsafeMutableBufferPointer { reduced in
                position.withUnsafeBufferPointer { position in
                    lower.withUnsafeBufferPointer { lower in
                        upper.withUnsafeBufferPointer { upper in
                            func update(_ j: Int, _ a: Double) {
                                reduced[j] -= theta * a
                                if !restart { weight[j] = max(weight[j], a * a * scale) }
                            }
                            var nonzero = 0
                            for i in 0..<rows where rho[i] != 0 { nonzero += 1 }
                            if nonzero * 4 > rows {
                                // A dense ρ: a dot product per open nonbasic column.
                                start.withUnsafeBufferPointer { start in
                                    index.withUnsafeBufferPointer { index in
                                        value.withUnsafeBufferPointer { value in
                                            for j in 0..<columns where position[j] < 0 && j != q && lower[j] != upper[j] {
                                                var a = 0.0
                                                for k in start[j]..<start[j + 1] { a += rho[index[k]] * value[k] }
                                                if a != 0 { update(j, a) }
                                            }
                                        }
                                    }
                                }
                            } else {
                                // A sparse ρ: αₚⱼ gathered over ρ's nonzero rows, into a dense row left as zeros.
                                var touched: [Int] = []
                                scratch.withUnsafeMutableBufferPointer { scratch in
                                    rowStart.withUnsafeBufferPointer { rowStart in
                                        rowColumn.withUnsafeBufferPointer { rowColumn in
                                            rowValue.withUnsafeBufferPointer { rowValue in
                                                for i in 0..<rows where rho[i] != 0 {
                                                    let r = rho[i]
                                                    for k in rowStart[i]..<rowStart[i + 1] {
                                                        let j = rowColumn[k]
                                                        if position[j] >= 0 || lower[j] == upper[j] { continue }
                                                        if scratch[j] == 0 { touched.append(j) }
                                                        // A sum that cancels to exactly 0 is listed again: harmless.
                                                        scratch[j] += r * rowValue[k]
                                                    }
                                                }
                                            }
                                        }
                                    }
                                    for j in touched {
                                        let a = scratch[j]
                                        scratch[j] = 0
                                        if j != q && a != 0 { update(j, a) }
                                    }
                                }
                            }
                            for i in 0..<rows where rho[i] != 0 {
                                let j = columns + i
                                if position[j] < 0 && j != q && lower[j] != upper[j] { update(j, -rho[i]) }
                            }
                        }
                    }
                }
            }
        }
        rowScratch = scratch
        reduced[q] = 0
        reduced[leaving] = -theta
        if restart {
            // The weights have grown far from the framework: start a new one.
            for j in weight.indices { weight[j] = 1 }
        } else {
            weight[leaving] = max(scale, 1)
        }
    }

    /// Row duals and the structural columns' reduced costs at an optimal basis, in the problem's own sense
    /// (for a maximisation, the duals of the negated objective negated back).
    func duals(maximize: Bool) -> (rows: [Double], reduced: [Double]) {
        let y = btran(basis.map { cost[$0] })
        let sign = maximize ? -1.0 : 1.0
        let reduced = (0..<columns).map { reducedCost($0, y, cost[$0]) * sign }
        return (y.map { $0 * sign }, reduced)
    }
}
