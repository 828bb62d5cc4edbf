// Solves two matches on two pitches through the library and says which method answered, under
// `import Touchline` alone (the solve's events and its control are Touchline's names too).
import Touchline

let start = LocalDateTime("2026-11-21T14:25")!
let instance = PitchesInstance(
    pitches: [
        Pitch(id: "agars-1", name: "Agar's 1", group: "North", sizes: ["senior"]),
        Pitch(id: "south-meadow-1", name: "South Meadow 1", group: "South", sizes: ["junior"])
    ],
    matches: [
        PitchMatch(id: "m1", start: start, durationMinutes: 60, size: "senior", teams: ["hawtrey", "durnford"]),
        PitchMatch(id: "m2", start: start, durationMinutes: 50, size: "junior", teams: ["keate", "evans"])
    ])
let control = SolveControl { (event: SolveEvent) in
    if case let .levelFinished(name, termination, _, _, _, _) = event, termination == LevelTermination.error { print("\(name) failed") }
}
let report = try Engine.solve(
    instance, kind: PitchesKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 5),
    settings: RunSettings(control: control))
print("milp available: \(Engine.hasMILP)")
print("status: \(report.status.rawValue), method: \(report.method?.rawValue ?? "-")")
print("placed: \(report.solution?.assignments.count ?? 0)")
