import Foundation
import Testing

@testable import Touchline

/// `officials[].groups`: an official works only in the field groups listed (a league's regions).
@Suite struct OfficialsGroupsTests {
    /// Two matches at the same time, one North, one South; two officials, each kept to one group.
    static func instance(northOnly: String = "north-umpire") -> OfficialsInstance {
        let start = LocalDateTime("2026-09-08T14:25")!
        return OfficialsInstance(
            venues: [Venue(id: "agars", group: "North"), Venue(id: "south-meadow", group: "South")],
            travelMinutes: [TravelEntry(from: "North", to: "South", minutes: 15)],
            matches: [
                OfficialsMatch(id: "n1", start: start, durationMinutes: 60, venue: "agars"),
                OfficialsMatch(id: "s1", start: start, durationMinutes: 60, venue: "south-meadow")
            ],
            officials: [
                Official(id: northOnly, groups: ["North"]),
                Official(id: "south-umpire", groups: ["South"])
            ])
    }

    @Test func officialsStayInTheirGroupsAndTheVerifierHoldsIt() throws {
        let instance = Self.instance()
        // Greedy and (with GLPK) the MILP: each match gets the umpire of its own group.
        for method in ["greedy", "auto"] {
            var options = InstanceOptions()
            options.method = InstanceOptions.Method(rawValue: method)
            let report = try Engine.solve(instance, kind: OfficialsKind.self, options: options)
            let plan = try #require(report.solution)
            #expect(plan.assignments["n1"] == ["north-umpire"], "\(method)")
            #expect(plan.assignments["s1"] == ["south-umpire"], "\(method)")
        }
        // A plan that sends them across is refused, naming the group.
        let core = OfficialsKind.core(instance)
        let crossed = core.solution(crews: [[1], [0]], placeOf: OfficialsKind.venuePlaces(instance))
        let violations = OfficialsKind.verify(instance, crossed)
        #expect(
            violations.contains { $0.contains("north-umpire officiates s1 in field group South, outside the official's groups (North)") },
            "\(violations)")
    }

    @Test func anUnknownGroupIsAnInputErrorWithItsPath() throws {
        var instance = Self.instance()
        instance.officials[0].groups = ["West"]
        let issues = OfficialsKind.validate(instance)
        #expect(issues.contains { $0.path == "officials[0].groups[0]" && $0.message.contains("unknown field group \"West\"") }, "\(issues)")
    }

    @Test func aGeneratedSeasonSplitsIntoItsRegions() throws {
        let season = OfficialsKind.generateSeason(size: 90, regions: 3, seed: 5)
        #expect(season.matches.count == 90)
        #expect(OfficialsKind.validate(season).isEmpty)
        let parts = OfficialsKind.split(season, by: .component)
        #expect(parts.count == 3)
        for (index, part) in parts.enumerated() {
            let prefix = "r\(index + 1)-"
            #expect(part.instance.matches.count == 30)
            #expect(part.instance.matches.allSatisfy { $0.id.hasPrefix(prefix) })
            #expect(part.instance.officials.allSatisfy { $0.id.hasPrefix(prefix) }, "a part keeps only the officials who may work in it")
        }
    }
}
