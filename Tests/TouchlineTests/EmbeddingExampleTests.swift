// swift-format-ignore-file
// (not formatted: the documentation's code blocks are checked against this file line by line)
import Testing

// The README's embedding example, compiled and run here so that it cannot rot. Keep the two in step.
// README-EXAMPLE-BEGIN
import Touchline

func planSaturday() throws -> SolveReport<PitchesKind> {
    let start = LocalDateTime("2026-11-21T14:25")!
    let instance = PitchesInstance(
        pitches: [
            Pitch(id: "agars-1", name: "Agar's 1", group: "North", sizes: ["senior"]),
            Pitch(id: "south-meadow-1", name: "South Meadow 1", group: "South", sizes: ["junior"]),
        ],
        matches: [
            PitchMatch(id: "m1", start: start, durationMinutes: 60, size: "senior", teams: ["hawtrey", "durnford"]),
            PitchMatch(id: "m2", start: start, durationMinutes: 50, size: "junior", teams: ["keate", "evans"]),
        ],
        rules: PitchRules(bufferMinutes: 10))
    let report = try Engine.solve(instance, kind: PitchesKind.self, options: InstanceOptions(method: .auto, timeLimitSeconds: 5))
    for (match, pitch) in report.solution?.assignments.sorted(by: { $0.key < $1.key }) ?? [] {
        print("\(match) -> \(pitch)")
    }
    return report
}
// README-EXAMPLE-END

@Suite struct EmbeddingExampleTests {
    @Test func readmeExampleRuns() throws {
        let report = try planSaturday()
        #expect(report.solution?.assignments == ["m1": "agars-1", "m2": "south-meadow-1"])
        #if GLPK
        #expect(report.status == .optimal)
        #else
        #expect(report.status == .feasible)
        #endif
    }
}
