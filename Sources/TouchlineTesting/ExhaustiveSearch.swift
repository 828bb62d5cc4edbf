import Touchline

/// The oracle of the tests that compare the engine with every plan: walk every combination of choices, keep
/// the plans the kind's verifier accepts, and return the best objective by the kind's lexicographic order.
/// It knows nothing of the engine's models or restrictions: what it searches is what the verifier allows.
package enum ExhaustiveSearch {
    /// Calls `body` with every combination `choice` (choice[i] in 0..<counts[i]), the first index turning
    /// fastest. With no counts, once with the empty combination; with a zero count, never.
    package static func forEachCombination(_ counts: [Int], _ body: ([Int]) -> Void) {
        guard !counts.contains(0) else { return }
        var choice = [Int](repeating: 0, count: counts.count)
        while true {
            body(choice)
            var position = 0
            while position < choice.count {
                choice[position] += 1
                if choice[position] < counts[position] { break }
                choice[position] = 0
                position += 1
            }
            if position == choice.count { return }
        }
    }

    /// The best objective over every combination of choices whose plan (`plan(choice)`, nil to skip) the
    /// verifier accepts; nil when it accepts none. A plan that would not improve on the best accepted so far is
    /// not verified (it cannot change the answer; the verifier costs ten times the objective).
    package static func best<Kind: ProblemKind>(
        _ kind: Kind.Type, _ instance: Kind.Instance, choices counts: [Int], plan: ([Int]) -> Kind.Solution?
    ) -> Kind.Objective? {
        var best: Kind.Objective? = nil
        forEachCombination(counts) { choice in
            guard let solution = plan(choice) else { return }
            let objective = Kind.objective(instance, solution)
            if let best, !Kind.isBetter(objective, than: best) { return }
            guard Kind.verify(instance, solution).isEmpty else { return }
            best = objective
        }
        return best
    }
}
