import TouchlineMILP

extension StandingsKind {
    /// The table with greedy scenarios for the analysis (proven only where a scenario meets its bound).
    public static func greedy(_ prepared: StandingsPrepared, seconds: Double?) -> StandingsSolution? {
        analyse(prepared, solver: nil, options: SolveOptions(), tuning: nil).solution
    }
}
