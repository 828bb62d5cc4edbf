/// The assignment problem: each row of a square cost matrix to a distinct column, at the least total cost.
package enum AssignmentProblem {
    /// Per row, its column in an assignment of least total cost (the O(n³) Hungarian method with potentials).
    /// Costs should stay far below `Int.max / 4`; a forbidden pair is best given a cost larger than the sum of
    /// any allowed assignment, and checked by the caller.
    package static func minimumCost(_ cost: [[Int]]) -> [Int] {
        let n = cost.count
        if n == 0 { return [] }
        let infinity = Int.max / 4
        var u = [Int](repeating: 0, count: n + 1)
        var v = [Int](repeating: 0, count: n + 1)
        var owner = [Int](repeating: 0, count: n + 1)
        var way = [Int](repeating: 0, count: n + 1)
        for i in 1...n {
            owner[0] = i
            var j0 = 0
            var minimum = [Int](repeating: infinity, count: n + 1)
            var used = [Bool](repeating: false, count: n + 1)
            repeat {
                used[j0] = true
                let i0 = owner[j0]
                var delta = infinity
                var j1 = 0
                for j in 1...n where !used[j] {
                    let current = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if current < minimum[j] {
                        minimum[j] = current
                        way[j] = j0
                    }
                    if minimum[j] < delta {
                        delta = minimum[j]
                        j1 = j
                    }
                }
                for j in 0...n {
                    if used[j] {
                        u[owner[j]] += delta
                        v[j] -= delta
                    } else {
                        minimum[j] -= delta
                    }
                }
                j0 = j1
            } while owner[j0] != 0
            repeat {
                let j1 = way[j0]
                owner[j0] = owner[j1]
                j0 = j1
            } while j0 != 0
        }
        var result = [Int](repeating: 0, count: n)
        for j in 1...n where owner[j] > 0 { result[owner[j] - 1] = j - 1 }
        return result
    }
}
