/// A sparse LU factorisation of a simplex basis, with the basis changes since it was computed kept as eta
/// vectors (the product form): what ``BoundedSimplex`` solves its two systems with.
///
/// The basis `B` (rows × rows; column `p` is the column of the variable basic at position `p`) is eliminated
/// one pivot at a time. The pivot is chosen as Markowitz proposed ("The elimination form of the inverse and its
/// application to linear programming", 1957), with threshold partial pivoting for stability: a column with one
/// entry first, then a row with one entry, then, among the columns with the fewest entries, the entry that
/// keeps `(row count − 1) × (column count − 1)` smallest among those at least a tenth of their column's largest.
/// Singletons cause no fill at all, and most of a lineup program's basis is singletons (about three quarters of
/// a 1,451-row colour-group window's rows have two or three entries). Step `k` records its pivot row and
/// position, the multipliers that clear its column below (`L`) and the pivot row's remaining entries (`U`).
///
/// After a basis change (position `p` takes a column whose transformed column is `α = B⁻¹ a`) the new inverse is
/// `E B⁻¹`, with `E` the identity but for column `p` (`1/αₚ` there, `−αᵢ/αₚ` elsewhere); only `α`'s nonzeros are
/// kept. The caller refactors every so many changes.
///
/// Every loop runs in a fixed order over arrays (no hashing), so the same basis gives the same bits in every
/// process: the greedy-only build's reproducible output depends on it.
struct BasisFactorization {
    let rows: Int
    /// Step k pivots on row `pivotRow[k]` and position `pivotPosition[k]`, value `diagonal[k]`.
    private var pivotRow: [Int] = []
    private var pivotPosition: [Int] = []
    private var diagonal: [Double] = []
    /// Step k's multipliers: row `lowerIndex[e]` loses `lowerValue[e]` times the pivot row.
    private var lowerStart: [Int] = [0]
    private var lowerIndex: [Int] = []
    private var lowerValue: [Double] = []
    /// Step k's pivot row beyond the pivot, by position.
    private var upperStart: [Int] = [0]
    private var upperIndex: [Int] = []
    private var upperValue: [Double] = []
    /// The basis changes since the factorisation: position, `αₚ`, and `α`'s other nonzeros.
    private var etaPosition: [Int] = []
    private var etaPivot: [Double] = []
    private var etaStart: [Int] = [0]
    private var etaIndex: [Int] = []
    private var etaValue: [Double] = []

    /// The identity factorisation of `rows` rows, position `p` at row `p` with `sign` on the diagonal.
    init(identityOf rows: Int, sign: Double) {
        self.rows = rows
        pivotRow = Array(0..<rows)
        pivotPosition = Array(0..<rows)
        diagonal = [Double](repeating: sign, count: rows)
        lowerStart = [Int](repeating: 0, count: rows + 1)
        upperStart = [Int](repeating: 0, count: rows + 1)
    }

    /// The basis changes recorded since the factorisation.
    var updates: Int { etaPosition.count }

    /// Entries stored, the eta vectors included.
    var entries: Int { rows + lowerIndex.count + upperIndex.count + etaIndex.count + etaPosition.count }

    /// Factors the basis whose position `p` has the entries `column(p)` (row, value); nil when it is singular
    /// (no pivot above 10⁻¹¹ is left for some step).
    init?(rows: Int, column: (Int) -> [(row: Int, value: Double)]) {
        self.rows = rows
        let m = rows
        // The active submatrix, by row (positions and values) and by position (rows).
        var rowPositions = [[Int]](repeating: [], count: m)
        var rowValues = [[Double]](repeating: [], count: m)
        var positionRows = [[Int]](repeating: [], count: m)
        for p in 0..<m {
            for (i, v) in column(p) where v != 0 {
                rowPositions[i].append(p)
                rowValues[i].append(v)
                positionRows[p].append(i)
            }
        }
        var rowActive = [Bool](repeating: true, count: m)
        var positionActive = [Bool](repeating: true, count: m)
        pivotRow.reserveCapacity(m)
        pivotPosition.reserveCapacity(m)
        diagonal.reserveCapacity(m)

        func value(_ i: Int, _ p: Int) -> Double {
            for (e, q) in rowPositions[i].enumerated() where q == p { return rowValues[i][e] }
            return 0
        }
        func largest(in p: Int) -> Double {
            var best = 0.0
            for i in positionRows[p] { best = max(best, abs(value(i, p))) }
            return best
        }
        func remove(_ i: Int, from p: Int) {
            if let e = positionRows[p].firstIndex(of: i) {
                positionRows[p].swapAt(e, positionRows[p].count - 1)
                positionRows[p].removeLast()
            }
        }

        for _ in 0..<m {
            // Choose the pivot.
            var chosen: (row: Int, position: Int)? = nil
            for p in 0..<m where positionActive[p] {
                let count = positionRows[p].count
                if count == 0 { return nil }
                if count == 1 && abs(value(positionRows[p][0], p)) > 1e-11 {
                    chosen = (positionRows[p][0], p)
                    break
                }
            }
            if chosen == nil {
                for i in 0..<m where rowActive[i] && rowPositions[i].count == 1 {
                    let p = rowPositions[i][0]
                    let v = abs(rowValues[i][0])
                    if v > 1e-11 && v >= 0.01 * largest(in: p) {
                        chosen = (i, p)
                        break
                    }
                }
            }
            if chosen == nil {
                // Markowitz over the (up to four) columns of fewest entries.
                var candidates: [(count: Int, position: Int)] = []
                for p in 0..<m where positionActive[p] {
                    let count = positionRows[p].count
                    if candidates.count == 4 && count >= candidates[3].count { continue }
                    let at = candidates.firstIndex { count < $0.count } ?? candidates.count
                    candidates.insert((count, p), at: at)
                    if candidates.count > 4 { candidates.removeLast() }
                }
                var bestCost = Int.max
                var bestSize = 0.0
                for (count, p) in candidates {
                    let threshold = max(1e-11, 0.1 * largest(in: p))
                    for i in positionRows[p] {
                        let v = abs(value(i, p))
                        guard v >= threshold else { continue }
                        let cost = (rowPositions[i].count - 1) * (count - 1)
                        if cost < bestCost || (cost == bestCost && v > bestSize) {
                            bestCost = cost
                            bestSize = v
                            chosen = (i, p)
                        }
                    }
                }
            }
            guard let (r, c) = chosen else { return nil }
            let pivot = value(r, c)
            if abs(pivot) <= 1e-11 { return nil }
            // Record U's row and eliminate column c from the other active rows.
            pivotRow.append(r)
            pivotPosition.append(c)
            diagonal.append(pivot)
            let pivotPositions = rowPositions[r]
            let pivotValues = rowValues[r]
            for (e, q) in pivotPositions.enumerated() where q != c {
                upperIndex.append(q)
                upperValue.append(pivotValues[e])
            }
            upperStart.append(upperIndex.count)
            for i in positionRows[c] where i != r {
                guard let at = rowPositions[i].firstIndex(of: c) else { continue }
                let multiplier = rowValues[i][at] / pivot
                rowPositions[i].swapAt(at, rowPositions[i].count - 1)
                rowValues[i].swapAt(at, rowValues[i].count - 1)
                rowPositions[i].removeLast()
                rowValues[i].removeLast()
                lowerIndex.append(i)
                lowerValue.append(multiplier)
                for (e, q) in pivotPositions.enumerated() where q != c {
                    let change = multiplier * pivotValues[e]
                    if let f = rowPositions[i].firstIndex(of: q) {
                        let updated = rowValues[i][f] - change
                        if abs(updated) < 1e-13 {
                            rowPositions[i].swapAt(f, rowPositions[i].count - 1)
                            rowValues[i].swapAt(f, rowValues[i].count - 1)
                            rowPositions[i].removeLast()
                            rowValues[i].removeLast()
                            remove(i, from: q)
                        } else {
                            rowValues[i][f] = updated
                        }
                    } else if abs(change) >= 1e-13 {
                        rowPositions[i].append(q)
                        rowValues[i].append(-change)
                        positionRows[q].append(i)
                    }
                }
            }
            lowerStart.append(lowerIndex.count)
            for q in pivotPositions where q != c { remove(r, from: q) }
            rowPositions[r] = []
            rowValues[r] = []
            positionRows[c] = []
            rowActive[r] = false
            positionActive[c] = false
        }
    }

    /// Solves `B w = a` in place: `a` by row in, `w` by position out.
    func ftran(_ a: inout [Double]) {
        let m = rows
        guard m > 0 else { return }
        var w = [Double](repeating: 0, count: m)
        a.withUnsafeMutableBufferPointer { a in
            w.withUnsafeMutableBufferPointer { w in
                for k in 0..<m {
                    let t = a[pivotRow[k]]
                    if t == 0 { continue }
                    for e in lowerStart[k]..<lowerStart[k + 1] { a[lowerIndex[e]] -= lowerValue[e] * t }
                }
                for k in stride(from: m - 1, through: 0, by: -1) {
                    var sum = a[pivotRow[k]]
                    for e in upperStart[k]..<upperStart[k + 1] { sum -= upperValue[e] * w[upperIndex[e]] }
                    w[pivotPosition[k]] = sum / diagonal[k]
                }
                for t in 0..<etaPosition.count {
                    let p = etaPosition[t]
                    if w[p] == 0 { continue }
                    let scaled = w[p] / etaPivot[t]
                    w[p] = scaled
                    for e in etaStart[t]..<etaStart[t + 1] { w[etaIndex[e]] -= etaValue[e] * scaled }
                }
            }
        }
        a = w
    }

    /// Solves `yᵀ B = cᵀ` in place: `c` by position in, `y` by row out.
    func btran(_ c: inout [Double]) {
        let m = rows
        guard m > 0 else { return }
        var y = [Double](repeating: 0, count: m)
        c.withUnsafeMutableBufferPointer { c in
            y.withUnsafeMutableBufferPointer { y in
                for t in stride(from: etaPosition.count - 1, through: 0, by: -1) {
                    let p = etaPosition[t]
                    var sum = c[p]
                    for e in etaStart[t]..<etaStart[t + 1] { sum -= etaValue[e] * c[etaIndex[e]] }
                    c[p] = sum / etaPivot[t]
                }
                for k in 0..<m {
                    let v = c[pivotPosition[k]] / diagonal[k]
                    y[pivotRow[k]] = v
                    if v == 0 { continue }
                    for e in upperStart[k]..<upperStart[k + 1] { c[upperIndex[e]] -= upperValue[e] * v }
                }
                for k in stride(from: m - 1, through: 0, by: -1) {
                    var sum = 0.0
                    for e in lowerStart[k]..<lowerStart[k + 1] { sum += lowerValue[e] * y[lowerIndex[e]] }
                    y[pivotRow[k]] -= sum
                }
            }
        }
        c = y
    }

    /// Records that position `p` now holds a column whose transformed column (`B⁻¹ a`, before this change) is
    /// `alpha`.
    mutating func update(_ p: Int, _ alpha: [Double]) {
        etaPosition.append(p)
        etaPivot.append(alpha[p])
        for (i, v) in alpha.enumerated() where i != p && abs(v) > 1e-14 {
            etaIndex.append(i)
            etaValue.append(v)
        }
        etaStart.append(etaIndex.count)
    }
}
