import TouchlineMILP

// What a caller of Touchline needs from the modelling layer to solve, watch and cancel, under
// `import Touchline` alone. Writing a kind of your own still imports TouchlineMILP (models, solvers).

/// What a running solve reports: see TouchlineMILP's `SolveEvent`.
public typealias SolveEvent = TouchlineMILP.SolveEvent
/// A handle on a running solve, to cancel it and receive its events: see TouchlineMILP's `SolveControl`.
public typealias SolveControl = TouchlineMILP.SolveControl
/// How a level of the lexicographic solve ended: see TouchlineMILP's `LevelTermination`.
public typealias LevelTermination = TouchlineMILP.LevelTermination
/// Why a solve stopped (`optimal`, `timeLimit`, `cancelled`, ...): see TouchlineMILP's `StopReason`.
public typealias StopReason = TouchlineMILP.StopReason
/// Branch-and-bound settings for experiments (``RunSettings/tuning``): see TouchlineMILP's `SolverTuning`.
public typealias SolverTuning = TouchlineMILP.SolverTuning
