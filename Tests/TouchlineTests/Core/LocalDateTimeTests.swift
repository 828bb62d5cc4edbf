import Testing

@testable import Touchline

@Suite struct LocalDateTimeTests {
    @Test func parsesAndPrintsTheContractFormat() throws {
        let time = try #require(LocalDateTime("2026-11-21T14:25"))
        #expect(time.description == "2026-11-21T14:25")
        #expect(time.dateText == "2026-11-21")
        #expect(time.timeText == "14:25")
        #expect(LocalDateTime("2026-11-21T14:25:00") == time)
        #expect(LocalDateTime("2026-11-21 14:25") == time)
        #expect(LocalDateTime("2026-11-21")?.timeText == "00:00")
    }

    @Test(arguments: [
        "2026-02-29T10:00", "2026-13-01T10:00", "2026-11-21T24:00", "2026-11-21T14:60", "21/11/2026",
        "2026-11-21T14:25:30", "", "2026-11-21T14:25Z"
    ])
    func rejectsImpossibleOrForeignText(_ text: String) {
        #expect(LocalDateTime(text) == nil)
    }

    @Test func leapDaysAndDayBoundaries() throws {
        let leap = try #require(LocalDateTime("2024-02-29T23:59"))
        #expect((leap + 1).description == "2024-03-01T00:00")
        #expect((leap + 1).day == leap.day + 1)
        #expect(LocalDateTime("1970-01-01T00:00")?.minutes == 0)
        #expect(LocalDateTime("1969-12-31T23:59")?.day == -1)
        #expect(LocalDateTime("2000-02-29T12:00") != nil)
        #expect(LocalDateTime("1900-02-29T12:00") == nil)
    }

    @Test func windowsAreHalfOpen() throws {
        let window = TimeWindow(from: try #require(LocalDateTime("2026-11-21T14:00")), to: try #require(LocalDateTime("2026-11-21T15:00")))
        let start = try #require(LocalDateTime("2026-11-21T15:00"))
        #expect(!window.overlaps(start: start, end: start + 60))
        #expect(window.overlaps(start: start + -1, end: start + 60))
    }
}
