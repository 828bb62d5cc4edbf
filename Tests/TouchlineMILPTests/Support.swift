import Foundation
import TouchlineMILP
import TouchlineSearch

/// Small deterministic models shared by the tests.
enum Fixtures {
    /// A 64-bit linear congruential generator: the same seed gives the same numbers everywhere.
    /// The optimisation form of a market-split problem (Cornuéjols and Dawande): split items between two
    /// markets so that each of `rows` products is shared as evenly as possible. Branch and bound on the LP
    /// relaxation needs far more than a second for 4 x 40, while x = 0 (all slack) is always feasible.
    static func marketSplit(rows: Int = 4, items: Int = 40, seed: UInt64 = 7) -> (model: Model, allZero: [Double]) {
        var random = SeededRandom(seed: seed)
        var model = Model(name: "market_split")
        let x = (0..<items).map { model.addBinary("x_\($0)") }
        var slacks = LinearExpression()
        var allZero = [Double](repeating: 0, count: items)
        for row in 0..<rows {
            let coefficients = (0..<items).map { _ in Double(random.int(below: 100)) }
            let target = (coefficients.reduce(0, +) / 2).rounded(.down)
            let over = model.addVariable("over_\(row)", lower: 0)
            let under = model.addVariable("under_\(row)", lower: 0)
            var expression = LinearExpression()
            for item in 0..<items { expression.add(x[item], coefficient: coefficients[item]) }
            model.add(expression + over - under == target, name: "split_\(row)")
            slacks += over + under
            allZero.append(contentsOf: [target, 0])
        }
        model.minimize(slacks, name: "imbalance")
        return (model, allZero)
    }

    static func knapsack() -> Model {
        let weights = [12.0, 2, 1, 1, 4]
        let values = [4.0, 2, 1, 2, 10]
        var model = Model(name: "knapsack")
        let take = (0..<5).map { model.addBinary("take[\($0)]") }
        var weight = LinearExpression()
        var value = LinearExpression()
        for item in 0..<5 {
            weight.add(take[item], coefficient: weights[item])
            value.add(take[item], coefficient: values[item])
        }
        model.add(weight <= 15, name: "capacity")
        model.maximize(value + 100, name: "value")
        return model
    }

    /// A model with every kind of bound and row, for the export round trip: minimise, optimum -2.5.
    static func mixed() -> Model {
        var model = Model(name: "mixed model")
        let a = model.addInteger("a count", lower: -3, upper: 7)
        let b = model.addVariable("b", lower: -.infinity, upper: .infinity)
        let c = model.addVariable("c", lower: -.infinity, upper: 4)
        let d = model.addInteger("d", lower: 2, upper: 2)
        let e = model.addBinary("end")
        model.add(a + b >= -1, name: "st")
        model.add(b - c == 0.5, name: "link")
        model.add(LinearConstraint(a + c + e, lower: -2, upper: 3), name: "range[1]")
        model.add(2 * d + a <= 5, name: "cap")
        model.minimize(a + 2 * b + e + 0.5, name: "cost")
        return model
    }
}
