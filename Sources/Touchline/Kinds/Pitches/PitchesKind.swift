/// The `pitches` problem kind: put each match on a pitch of its size, around closures, buffers and daily
/// limits, placing as many as possible, then keeping a published plan, then preferred pitches, then even wear,
/// then each team's day in one field group.
public enum PitchesKind: ProblemKind, PreCheckedKind {
    public typealias Instance = PitchesInstance
    public typealias Solution = PitchesSolution
    public typealias Objective = PitchesObjective
    public typealias Prepared = PitchesAnalysis

    public static let configuration = KindConfiguration(
        name: "pitches", summary: summary, schema: schema, generatorSize: generatorSize)
    static let summary = "pitch allocation for a match day or a term (sizes, closures, buffers, field groups)"

    public static func options(of instance: PitchesInstance) -> InstanceOptions? { instance.options }

    public static func validate(_ instance: PitchesInstance) -> [InputIssue] { instance.issues() }

    public static func prepare(_ instance: PitchesInstance, options: InstanceOptions) -> PitchesAnalysis { PitchesAnalysis(instance) }

    /// Pins that break a hard rule on their own or together.
    public static func impossibility(_ analysis: PitchesAnalysis) -> String? {
        let instance = analysis.instance
        var problems: [String] = []
        var pinnedOn: [String: [PitchMatch]] = [:]
        for match in instance.matches {
            guard let pinned = match.pitch, let pitch = instance.pitches.first(where: { $0.id == pinned }) else { continue }
            if !pitch.sizes.contains(match.size) {
                problems.append("\(match.id) is pinned to \(pitch.displayName), which does not take \(match.size) matches")
            } else if let window = (pitch.closed ?? []).first(where: { $0.overlaps(start: match.start, end: match.end) }) {
                problems.append("\(match.id) is pinned to \(pitch.displayName), which is closed from \(window.from) to \(window.to)")
            }
            pinnedOn[pinned, default: []].append(match)
        }
        let buffer = instance.bufferMinutes
        for (pitchId, matches) in pinnedOn.sorted(by: { $0.key < $1.key }) {
            let pitch = instance.pitches.first { $0.id == pitchId }!
            for (i, a) in matches.enumerated() {
                for b in matches[(i + 1)...] where a.start < b.end + buffer && b.start < a.end + buffer {
                    problems.append(
                        "\(a.id) and \(b.id) are both pinned to \(pitch.displayName) at overlapping times (with the \(buffer)-minute buffer)")
                }
            }
            if let limit = pitch.maxPerDay {
                var perDay: [Int: Int] = [:]
                for match in matches { perDay[match.start.day, default: 0] += 1 }
                for (day, count) in perDay.sorted(by: { $0.key < $1.key }) where count > limit {
                    problems.append(
                        "\(count) matches are pinned to \(pitch.displayName) on \(LocalDateTime(minutes: day * 1440).dateText), above its limit of \(limit) a day"
                    )
                }
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
