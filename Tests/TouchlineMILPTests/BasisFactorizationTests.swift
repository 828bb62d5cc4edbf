import Foundation
import Testing
import TouchlineSearch

@testable import TouchlineMILP

/// The simplex's sparse basis factorisation against dense arithmetic: its two solves have small residuals on
/// random sparse matrices, before and after basis changes, and it says "singular" exactly when Gaussian
/// elimination with full pivoting finds the matrix singular.
@Suite struct BasisFactorizationTests {
    /// A random sparse m × m matrix by column: a permutation's entry and up to two more per column (most often
    /// ±1, as in the lineup programs; sometimes an arbitrary value). A few have no permutation behind them, two
    /// equal columns or an empty one, so that singular matrices come up too.
    static func randomMatrix(_ m: Int, _ random: inout SeededRandom) -> [[Double]] {
        func entry() -> Double { random.chance(0.7) ? (random.chance(0.5) ? 1 : -1) : random.unit() * 4 - 2 }
        var a = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        let permutation = random.shuffled(Array(0..<m))
        let unstructured = random.chance(0.15)
        for p in 0..<m {
            if !unstructured { a[p][permutation[p]] = entry() }
            for _ in 0..<random.int(in: 0...2) { a[p][random.int(below: m)] = entry() }
        }
        if m > 1 && random.chance(0.1) { a[1] = a[0] }
        if random.chance(0.05) { a[random.int(below: m)] = [Double](repeating: 0, count: m) }
        return a
    }

    /// The rank of a matrix given by columns, by Gaussian elimination with full pivoting.
    static func rank(_ columns: [[Double]]) -> Int {
        let m = columns.count
        var a = columns
        var rank = 0
        var usedRow = [Bool](repeating: false, count: m)
        var usedColumn = [Bool](repeating: false, count: m)
        while true {
            var best = (0.0, -1, -1)
            for p in 0..<m where !usedColumn[p] {
                for i in 0..<m where !usedRow[i] && abs(a[p][i]) > best.0 { best = (abs(a[p][i]), p, i) }
            }
            guard best.0 > 1e-9 else { return rank }
            let (_, c, r) = best
            usedColumn[c] = true
            usedRow[r] = true
            rank += 1
            for p in 0..<m where !usedColumn[p] && a[p][r] != 0 {
                let factor = a[p][r] / a[c][r]
                for i in 0..<m { a[p][i] -= factor * a[c][i] }
            }
        }
    }

    static func factor(_ columns: [[Double]]) -> BasisFactorization? {
        BasisFactorization(rows: columns.count) { p in
            columns[p].enumerated().filter { $0.element != 0 }.map { ($0.offset, $0.element) }
        }
    }

    /// max |B w − a| and max |yᵀB − c| for random right-hand sides.
    static func residuals(
        _ factors: BasisFactorization, _ columns: [[Double]], _ random: inout SeededRandom
    ) -> (ftran: Double, btran: Double) {
        let m = columns.count
        let a = (0..<m).map { _ in random.chance(0.5) ? 0 : random.unit() * 2 - 1 }
        var w = a
        factors.ftran(&w)
        var ftran = 0.0
        for i in 0..<m {
            var sum = 0.0
            for p in 0..<m { sum += columns[p][i] * w[p] }
            ftran = max(ftran, abs(sum - a[i]))
        }
        let c = (0..<m).map { _ in random.chance(0.5) ? 0 : random.unit() * 2 - 1 }
        var y = c
        factors.btran(&y)
        var btran = 0.0
        for p in 0..<m {
            var sum = 0.0
            for i in 0..<m { sum += y[i] * columns[p][i] }
            btran = max(btran, abs(sum - c[p]))
        }
        return (ftran, btran)
    }

    @Test func solvesAndSingularityAgreeWithDenseElimination() throws {
        var random = SeededRandom(seed: 2026)
        var factored = 0
        var singular = 0
        var updated = 0
        for trial in 0..<600 {
            let m = random.int(in: 1...40)
            var columns = Self.randomMatrix(m, &random)
            let full = Self.rank(columns) == m
            guard var factors = Self.factor(columns) else {
                #expect(!full, "trial \(trial): a nonsingular \(m) × \(m) matrix was called singular")
                singular += 1
                continue
            }
            #expect(full, "trial \(trial): a singular matrix was factored")
            guard full else { continue }
            factored += 1
            var (f, b) = Self.residuals(factors, columns, &random)
            #expect(f < 1e-7 && b < 1e-7, "trial \(trial): residuals \(f), \(b)")
            // Basis changes in product form: a new column at position p, kept when its pivot is safe.
            for _ in 0..<10 {
                let p = random.int(below: m)
                var column = [Double](repeating: 0, count: m)
                for _ in 0..<random.int(in: 1...3) { column[random.int(below: m)] = random.chance(0.5) ? 1 : -1 }
                var alpha = column
                factors.ftran(&alpha)
                guard abs(alpha[p]) > 0.1 else { continue }
                factors.update(p, alpha)
                columns[p] = column
                updated += 1
                (f, b) = Self.residuals(factors, columns, &random)
                #expect(f < 1e-6 && b < 1e-6, "trial \(trial) after \(factors.updates) updates: residuals \(f), \(b)")
            }
            // A refactorisation of the changed basis agrees too.
            let again = try #require(Self.factor(columns), "trial \(trial): the updated basis is singular")
            (f, b) = Self.residuals(again, columns, &random)
            #expect(f < 1e-7 && b < 1e-7, "trial \(trial) refactored: residuals \(f), \(b)")
        }
        #expect(factored >= 300 && singular >= 50 && updated >= 1_000, "\(factored) factored, \(singular) singular, \(updated) updates")
    }

    /// A lower and an upper triangular matrix (the singletons every lineup basis is mostly made of) factor
    /// without fill: as many entries as the matrix has.
    @Test func triangularMatricesFactorWithoutFill() throws {
        let m = 30
        var lower = [[Double]](repeating: [Double](repeating: 0, count: m), count: m)
        for p in 0..<m {
            lower[p][p] = -1
            if p + 1 < m { lower[p][p + 1] = 1 }
            if p + 5 < m { lower[p][p + 5] = 1 }
        }
        let upper = (0..<m).map { p in (0..<m).map { i in lower[m - 1 - p][m - 1 - i] } }
        for matrix in [lower, upper] {
            let factors = try #require(Self.factor(matrix))
            let nonzeros = matrix.reduce(0) { $0 + $1.filter { $0 != 0 }.count }
            #expect(factors.entries == nonzeros)
            var random = SeededRandom(seed: 5)
            let (f, b) = Self.residuals(factors, matrix, &random)
            #expect(f < 1e-9 && b < 1e-9)
        }
    }
}
