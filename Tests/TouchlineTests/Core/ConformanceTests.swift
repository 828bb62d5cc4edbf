import Foundation
import Testing
import Touchline
import TouchlineTesting

/// Every kind keeps the same promises (``KindConformance``): its shipped and generated instances validate,
/// its Codable keys and its JSON Schema agree both ways, greedy's plans verify, the engine is never worse than
/// greedy and reports the objective its plan has, its reports survive JSON and `verify`, and tampering is caught.
@Suite struct ConformanceTests {
    static let root = Repository.root

    static func shipped(_ folder: String) -> [URL] {
        let directory = root.appendingPathComponent("instances/\(folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func lineup() {
        let failures = KindConformance.check(LineupKind.self, instances: Self.shipped("lineups")) { plan in
            // A tournament day's plan is its matches': a player dropped from the first match's first segment.
            if plan.matches != nil, let id = plan.matches![0].segments[0].onField.keys.sorted().first {
                plan.matches![0].segments[0].onField.removeValue(forKey: id)
            } else if let id = plan.segments[0].onField.keys.sorted().first {
                plan.segments[0].onField.removeValue(forKey: id)
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func officials() {
        let failures = KindConformance.check(OfficialsKind.self, instances: Self.shipped("officials")) { plan in
            plan.assignments[plan.assignments.keys.sorted().first ?? "no-match", default: []].append("nobody")
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func pitches() {
        let failures = KindConformance.check(PitchesKind.self, instances: Self.shipped("pitches")) { plan in
            plan.assignments[plan.assignments.keys.sorted().first ?? "no-match"] = "nowhere"
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func matchday() {
        let failures = KindConformance.check(MatchdayKind.self, instances: Self.shipped("matchday")) { plan in
            plan.pitches[plan.pitches.keys.sorted().first ?? "no-match"] = "nowhere"
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    @Test func standings() {
        let failures = KindConformance.check(
            StandingsKind.self, instances: Self.shipped("standings") + Self.shipped("standings/analysis")
        ) { plan in
            plan.table[0].won += 1
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// Each ability's requirements answer as the protocols a kind adopts say: the compiler picked the ability's
    /// implementation over the "not adopted" default (a kind that adopts `PrintableKind` is printable, one that
    /// does not is not, and so on), and the kinds have the abilities the manual lists.
    @Test func abilitiesFollowTheProtocolsAKindAdopts() {
        func check<Kind: ProblemKind>(_: Kind.Type) {
            #expect(Kind.isPrintable == (Kind.self is any PrintableKind.Type), "\(Kind.name)")
            #expect(Kind.isSpreadsheet == (Kind.self is any SpreadsheetKind.Type), "\(Kind.name)")
            #expect(Kind.hasBestEffort == (Kind.self is any BestEffortKind.Type), "\(Kind.name)")
            let instance = Kind.generate(size: Kind.generatorSize.smallSeries[0], seed: 1)
            #expect((Kind.calendarSubjectsIfAny(instance) != nil) == (Kind.self is any CalendarKind.Type), "\(Kind.name)")
        }
        for kind in ProblemKinds.all { check(kind) }
        #expect(LineupKind.hasBestEffort && LineupKind.isPrintable && !LineupKind.isSpreadsheet)
        #expect(PitchesKind.isSpreadsheet && PitchesKind.isPrintable && !PitchesKind.hasBestEffort)
        #expect(StandingsKind.isPrintable && !StandingsKind.isSpreadsheet)
        #expect(OfficialsKind.calendarSubjectsIfAny(OfficialsKind.generate(size: 20, seed: 1)) != nil)
        #expect(StandingsKind.calendarSubjectsIfAny(StandingsKind.generate(size: 6, seed: 1)) == nil)
    }

    /// Every kind folder has the same files (in it or a folder of its own, as the lineup's engines are), so that a
    /// reader finds each part of a kind in the same place.
    @Test func everyKindFolderHasTheSameFiles() throws {
        let parts = ["Kind", "Instance", "Validation", "Schema", "Formulation", "Greedy", "Verifier", "Text", "Generator"]
        let kinds = Self.root.appendingPathComponent("Sources/Touchline/Kinds")
        for kind in ProblemKinds.all {
            let name = kind.name.prefix(1).uppercased() + kind.name.dropFirst()
            let folder = kinds.appendingPathComponent(name).path
            let files = Set(try FileManager.default.subpathsOfDirectory(atPath: folder).map { ($0 as NSString).lastPathComponent })
            for part in parts { #expect(files.contains("\(name)\(part).swift"), "Kinds/\(name) has no \(name)\(part).swift") }
            func abilities<Kind: ProblemKind>(_: Kind.Type) -> (calendar: Bool, printable: Bool) {
                (Kind.self is any CalendarKind.Type, Kind.isPrintable)
            }
            let has = abilities(kind)
            if has.calendar { #expect(files.contains("\(name)Calendar.swift")) }
            if has.printable && !has.calendar { #expect(files.contains("\(name)HTML.swift")) }
        }
    }

    /// The check itself fails when a promise is broken: a tamper that changes nothing is reported.
    @Test func theCheckCatchesAnUncaughtTamper() {
        let failures = KindConformance.check(PitchesKind.self, instances: []) { _ in }
        #expect(failures.contains { $0.contains("verify accepts a tampered plan") }, "\(failures)")
    }
}
