import TouchlineMILP

extension StandingsKind {
    /// The table with greedy scenarios for the analysis (proven only where a scenario meets its bound).
    public static func greedy(_ instance: StandingsInstance, seconds: Double?) -> StandingsSolution? {
        solveIndependently(instance, solver: nil, options: SolveOptions(), tuning: nil)?.solution
    }
}
