import TouchlineMILP
import TouchlineSearch

/// The Eton Field Game's grounds and a term's fixture pattern, for the generators of `pitches`, `officials` and
/// `matchday` (`touchline generate`). The field groups, pitch names, houses, competitions and kick-off times
/// are the school's; the fixtures themselves are random with realistic counts (Tuesday and Thursday afternoons
/// with 4 matches, Saturdays with 13, as in the shipped term instances).
enum FieldGame {
    /// North Fields (Agar's 1-7, Dutchman's 1-15, Austin's, O.E. Soccer, College Field) and South Fields
    /// (South Meadow 1-5, Warre's, Carter's, Square Close), with the sizes each pitch takes.
    static let pitches: [Pitch] = {
        var north: [(String, String)] = (1...7).map { ("agars-\($0)", "Agar's \($0)") }
        north += (1...15).map { ("dutchmans-\($0)", "Dutchman's \($0)") }
        north += [("austins", "Austin's"), ("oe-soccer", "O.E. Soccer"), ("college-field", "College Field")]
        var south: [(String, String)] = (1...5).map { ("south-meadow-\($0)", "South Meadow \($0)") }
        south += [("warres", "Warre's"), ("carters", "Carter's"), ("square-close", "Square Close")]
        func sizes(_ id: String) -> [String] {
            if id.hasPrefix("dutchmans-"), let number = Int(id.dropFirst("dutchmans-".count)), number > 10 { return ["junior"] }
            if id.hasPrefix("south-meadow") || id == "square-close" { return ["junior"] }
            if ["college-field", "agars-1", "agars-2"].contains(id) { return ["senior"] }
            return ["junior", "senior"]
        }
        return [("North", north), ("South", south)].flatMap { group, fields in
            fields.map { id, name in
                Pitch(id: id, name: name, group: group, sizes: sizes(id), maxPerDay: id == "college-field" ? 2 : nil)
            }
        }
    }()

    static let houses = [
        "hawtrey", "durnford", "godolphin", "jourdelays", "westbury", "baldwins-bec", "evans", "keate", "warre",
        "penn", "waynflete", "villiers", "angelos", "manor", "walpole", "holland-house", "common-lane", "carter",
        "farrer", "hopgarden", "wotton", "the-timbralls", "mustians", "cotton-hall"
    ]
    static let senior = ["Senior Ties", "Senior League", "School Field"]
    static let junior = ["Junior Shield", "Junior League", "Non-Specialist", "Training", "Patagonian"]
    /// Crossing between North and South Fields.
    static let travel = [TravelEntry(from: "North", to: "South", minutes: 15)]

    /// The first Tuesday of the term (2026-09-08).
    static let termStart = LocalDateTime("2026-09-08")!

    /// A generated fixture before it is given to a kind.
    struct Fixture {
        var id: String
        var start: LocalDateTime
        var durationMinutes: Int
        var senior: Bool
        var competition: String
        var teams: [String]
        var preferred: [String]?
        /// The pitch a fixtures secretary would put it on (first fit), for `officials`.
        var venue: String = ""
        var size: String { senior ? "senior" : "junior" }
    }

    /// `count` fixtures over a term: Tuesday 4, Thursday 4, Saturday 13, week after week.
    static func term(count: Int, random: inout SeededRandom) -> [Fixture] {
        var fixtures: [Fixture] = []
        var week = 0
        while fixtures.count < count {
            for (offset, perDay) in [(0, 4), (2, 4), (4, 13)] where fixtures.count < count {
                let day = termStart + (7 * week + offset) * 1440
                for _ in 0..<min(perDay, count - fixtures.count) {
                    fixtures.append(fixture(number: fixtures.count + 1, day: day, random: &random))
                }
            }
            week += 1
        }
        return fixtures
    }

    static func fixture(number: Int, day: LocalDateTime, random: inout SeededRandom) -> Fixture {
        let home = random.pick(houses)
        var away = random.pick(houses)
        while away == home { away = random.pick(houses) }
        let senior = random.chance(0.45)
        let competition = random.pick(senior ? FieldGame.senior : junior)
        let kickOff = random.chance(0.75) ? 14 * 60 + 25 : 15 * 60 + 45
        let preferred: [String]? =
            switch competition {
            case "Senior Ties": ["college-field", "agars-1"]
            case "Junior Shield": ["south-meadow-1", "south-meadow-2"]
            default: nil
            }
        return Fixture(
            id: "m\(number)", start: day + kickOff, durationMinutes: senior ? 60 : 50, senior: senior,
            competition: competition, teams: [home, away], preferred: preferred)
    }

    /// Puts every fixture on a free pitch of its size (first fit, seniors first, narrowest pitches first), as
    /// a fixtures secretary would; a fixture that finds none stays on the last pitch that takes its size
    /// (a clash the `officials` kind does not look at).
    static func place(_ fixtures: inout [Fixture], bufferMinutes: Int = 10) {
        var busy: [String: [(LocalDateTime, LocalDateTime)]] = [:]
        let order = fixtures.indices.sorted {
            (fixtures[$0].start, fixtures[$0].senior ? 0 : 1, $0) < (fixtures[$1].start, fixtures[$1].senior ? 0 : 1, $1)
        }
        let narrowFirst = pitches.sorted { $0.sizes.count < $1.sizes.count }
        for index in order {
            let fixture = fixtures[index]
            let end = fixture.start + fixture.durationMinutes + bufferMinutes
            let candidates = narrowFirst.filter { $0.sizes.contains(fixture.size) }
            let free =
                candidates.first { pitch in
                    !(busy[pitch.id] ?? []).contains { $0.0 < end && fixture.start < $0.1 }
                } ?? candidates.last!
            busy[free.id, default: []].append((fixture.start, end))
            fixtures[index].venue = free.id
        }
    }

    /// Umpires for the fixtures: enough for the busiest day with a margin, 60 % attached to a house (a
    /// conflict of interest), levels 1-3, two matches a day at most, a term total when there is more than one
    /// day, and some away for a fortnight.
    static func umpires(for fixtures: [Fixture], random: inout SeededRandom) -> [Official] {
        var slotsPerDay: [Int: Int] = [:]
        for fixture in fixtures { slotsPerDay[fixture.start.day, default: 0] += fixture.senior ? 2 : 1 }
        let peak = slotsPerDay.values.max() ?? 1
        let total = slotsPerDay.values.reduce(0, +)
        let count = max(4, (peak * 6 + 4) / 5)
        let days = slotsPerDay.count
        let first = ["A.", "B.", "C.", "D.", "E.", "F.", "G.", "H.", "J.", "K.", "L.", "M.", "N.", "P.", "R.", "S."]
        let last = [
            "Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Evans", "Thomas", "Roberts", "Walker",
            "Wright", "Hughes", "Green", "Hall", "Wood", "Clarke", "Jackson", "Hill", "Moore", "Turner", "White"
        ]
        let firstDay = fixtures.map(\.start).min() ?? termStart
        let lastDay = fixtures.map(\.start).max() ?? termStart
        return (1...count).map { number in
            var official = Official(
                id: "u\(number)", name: "\(random.pick(first)) \(last[(number - 1) % last.count])",
                level: random.pick([1, 1, 2, 2, 3]), maxPerDay: 2)
            if random.chance(0.6) { official.teams = [random.pick(houses)] }
            if days > 1 {
                official.maxTotal = (total * 8 + count * 5 - 1) / (count * 5) + 1
                if random.chance(0.15) {
                    let span = max(1, (lastDay.minutes - firstDay.minutes) / 1440)
                    let from = LocalDateTime(minutes: (firstDay.day + random.int(in: 0...span)) * 1440)
                    official.unavailable = [TimeWindow(from: from, to: from + 14 * 1440)]
                }
            }
            return official
        }
    }
}
